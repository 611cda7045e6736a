import CExthost
import Foundation

/// How one Swift value type crosses the plugin ABI in one value
/// representation (exthost.h, "Values"): as a completion argument
/// (`CValue`), and as a field or list item (a pointer).
///
/// A field of a generated intent struct and an item of an `exthost_list`
/// have the same representation: the `const char *` itself for STRING, a
/// pointer to the scalar for INTEGER, DECIMAL, BOOLEAN and ENUMERATION, a
/// `const exthost_object *` for OBJECT.
///
/// For generated code.
@frozen
public struct _ValueCodec<Value, CValue> {
    /// The completion argument passed when there is no value.
    public let zero: CValue
    /// The completion argument for a value.
    public let encode: (Value, _CArena) -> CValue
    /// The field or list-item pointer for a value.
    public let element: (Value, _CArena) -> UnsafeRawPointer
    /// The value behind a field or list-item pointer.
    public let decode: (UnsafeRawPointer) -> Value?

    /// Creates a codec.
    @inlinable
    public init(
        zero: CValue,
        encode: @escaping (Value, _CArena) -> CValue,
        element: @escaping (Value, _CArena) -> UnsafeRawPointer,
        decode: @escaping (UnsafeRawPointer) -> Value?
    ) {
        self.zero = zero
        self.encode = encode
        self.element = element
        self.decode = decode
    }

    /// The values of a list field (`const exthost_list *`); empty for NULL.
    @inlinable
    public func decodeList(_ field: UnsafeRawPointer?) -> [Value] {
        guard let list = field?.assumingMemoryBound(to: exthost_list.self).pointee,
              let items = list.items else { return [] }
        return (0..<list.count).compactMap { items[$0].flatMap(decode) }
    }

    /// The value of a single field, or `nil` for NULL.
    @inlinable
    public func decodeField(_ field: UnsafeRawPointer?) -> Value? {
        field.flatMap(decode)
    }

    /// The same representation for another Swift type: the Foundation
    /// class a value type bridges to (`NSString` for `String`).
    ///
    /// - Parameters:
    ///   - toValue: The value an `Other` stands for.
    ///   - toOther: The `Other` standing for a value.
    @inlinable
    public func mapped<Other>(_ toValue: @escaping (Other) -> Value, _ toOther: @escaping (Value) -> Other) -> _ValueCodec<Other, CValue> {
        let (encode, element, decode) = (self.encode, self.element, self.decode)
        return _ValueCodec<Other, CValue>(
            zero: zero,
            encode: { encode(toValue($0), $1) },
            element: { element(toValue($0), $1) },
            decode: { decode($0).map(toOther) }
        )
    }
}

/// The codecs of every value representation. For generated code.
public enum _Codecs {
    /// STRING, from a String.
    @inlinable
    public static var string: _ValueCodec<String, UnsafePointer<CChar>?> {
        _ValueCodec(
            zero: nil,
            encode: { value, arena in arena.cString(value) },
            element: { value, arena in UnsafeRawPointer(arena.cString(value)) },
            decode: { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        )
    }

    /// STRING, from a URL (its absolute string).
    @inlinable
    public static var url: _ValueCodec<URL, UnsafePointer<CChar>?> {
        _ValueCodec(
            zero: nil,
            encode: { value, arena in arena.cString(value.absoluteString) },
            element: { value, arena in UnsafeRawPointer(arena.cString(value.absoluteString)) },
            decode: { URL(string: String(cString: $0.assumingMemoryBound(to: CChar.self))) }
        )
    }

    /// STRING, from DateComponents (ISO 8601: "2026-11-21", "2026-11-21T09:30", "T09:30").
    @inlinable
    public static var dateComponents: _ValueCodec<DateComponents, UnsafePointer<CChar>?> {
        _ValueCodec(
            zero: nil,
            encode: { value, arena in arena.cString(ISO8601DateComponents.string(from: value)) },
            element: { value, arena in UnsafeRawPointer(arena.cString(ISO8601DateComponents.string(from: value))) },
            decode: { ISO8601DateComponents.components(from: String(cString: $0.assumingMemoryBound(to: CChar.self))) }
        )
    }

    /// STRING, from an NSString (the options of a String parameter, as
    /// Xcode's generated protocol gives them: `INObjectCollection<NSString>`).
    @inlinable
    public static var stringObject: _ValueCodec<NSString, UnsafePointer<CChar>?> {
        string.mapped({ $0 as String }, { $0 as NSString })
    }

    /// STRING, from an NSURL (the options of a URL parameter).
    @inlinable
    public static var urlObject: _ValueCodec<NSURL, UnsafePointer<CChar>?> {
        url.mapped({ $0 as URL }, { $0 as NSURL })
    }

    /// STRING, from an NSDateComponents (the options of a date parameter).
    @inlinable
    public static var dateComponentsObject: _ValueCodec<NSDateComponents, UnsafePointer<CChar>?> {
        dateComponents.mapped({ $0 as DateComponents }, { $0 as NSDateComponents })
    }

    /// INTEGER, from an Int.
    @inlinable
    public static var integer: _ValueCodec<Int, Int64> {
        _ValueCodec(
            zero: 0,
            encode: { value, _ in Int64(value) },
            element: { value, arena in UnsafeRawPointer(arena.store(Int64(value))) },
            decode: { Int($0.load(as: Int64.self)) }
        )
    }

    /// DECIMAL, from a Double (also a Duration in seconds).
    @inlinable
    public static var decimal: _ValueCodec<Double, Double> {
        _ValueCodec(
            zero: 0,
            encode: { value, _ in value },
            element: { value, arena in UnsafeRawPointer(arena.store(value)) },
            decode: { $0.load(as: Double.self) }
        )
    }

    /// BOOLEAN, from a Bool.
    @inlinable
    public static var boolean: _ValueCodec<Bool, Bool> {
        _ValueCodec(
            zero: false,
            encode: { value, _ in value },
            element: { value, arena in UnsafeRawPointer(arena.store(value)) },
            decode: { $0.load(as: Bool.self) }
        )
    }

    /// ENUMERATION, from a raw value (0 = unknown).
    @inlinable
    public static var enumeration: _ValueCodec<Int, Int32> {
        _ValueCodec(
            zero: 0,
            encode: { value, _ in Int32(truncatingIfNeeded: value) },
            element: { value, arena in UnsafeRawPointer(arena.store(Int32(truncatingIfNeeded: value))) },
            decode: { Int($0.load(as: Int32.self)) }
        )
    }

    /// INTEGER, as the `NSNumber` of an intent or response property.
    @inlinable
    public static var integerNumber: _ValueCodec<NSNumber, Int64> {
        _ValueCodec<NSNumber, Int64>(
            zero: 0,
            encode: { value, _ in value.int64Value },
            element: { value, arena in UnsafeRawPointer(arena.store(value.int64Value)) },
            decode: { NSNumber(value: $0.load(as: Int64.self)) }
        )
    }

    /// DECIMAL, as the `NSNumber` of an intent or response property
    /// (Decimal, or Duration in seconds).
    @inlinable
    public static var decimalNumber: _ValueCodec<NSNumber, Double> {
        _ValueCodec<NSNumber, Double>(
            zero: 0,
            encode: { value, _ in value.doubleValue },
            element: { value, arena in UnsafeRawPointer(arena.store(value.doubleValue)) },
            decode: { NSNumber(value: $0.load(as: Double.self)) }
        )
    }

    /// BOOLEAN, as the `NSNumber` of an intent or response property.
    @inlinable
    public static var booleanNumber: _ValueCodec<NSNumber, Bool> {
        _ValueCodec<NSNumber, Bool>(
            zero: false,
            encode: { value, _ in value.boolValue },
            element: { value, arena in UnsafeRawPointer(arena.store(value.boolValue)) },
            decode: { NSNumber(value: $0.load(as: Bool.self)) }
        )
    }

    /// ENUMERATION, as a generated enum (raw value 0 = `unknown`).
    @inlinable
    public static func enumeration<E: RawRepresentable>(_ type: E.Type, unknown: E) -> _ValueCodec<E, Int32> where E.RawValue == Int {
        _ValueCodec<E, Int32>(
            zero: 0,
            encode: { value, _ in Int32(truncatingIfNeeded: value.rawValue) },
            element: { value, arena in UnsafeRawPointer(arena.store(Int32(truncatingIfNeeded: value.rawValue))) },
            decode: { E(rawValue: Int($0.load(as: Int32.self))) ?? unknown }
        )
    }

    /// ENUMERATION, as a generated option set: the options' bits (0 = none).
    @inlinable
    public static func optionSet<E: _ExthostOptionSet>(_ type: E.Type) -> _ValueCodec<E, Int32> {
        _ValueCodec<E, Int32>(
            zero: 0,
            encode: { value, _ in Int32(truncatingIfNeeded: value.rawValue) },
            element: { value, arena in UnsafeRawPointer(arena.store(Int32(truncatingIfNeeded: value.rawValue))) },
            decode: { E(rawValue: UInt(UInt32(bitPattern: $0.load(as: Int32.self)))) }
        )
    }

    /// OBJECT, as objects of class `type` (`INObject` or a custom type).
    public static func object<T: INObject>(_ type: T.Type) -> _ValueCodec<T, UnsafePointer<exthost_object>?> {
        _ValueCodec(
            zero: nil,
            encode: { value, arena in arena.object(value) },
            element: { value, arena in UnsafeRawPointer(arena.object(value)) },
            decode: { pointer in
                let object = pointer.assumingMemoryBound(to: exthost_object.self).pointee
                let display = object.display_string.map { String(cString: $0) } ?? ""
                let image = object.image.map { INImage(reference: String(cString: $0)) }
                let value = T._exthostMake(identifier: object.identifier.map { String(cString: $0) }, display: display, image: image)
                value.subtitleString = object.subtitle.map { String(cString: $0) }
                value.displayImage = image
                if let properties = object.properties,
                   let json = try? JSONSerialization.jsonObject(with: Data(String(cString: properties).utf8)) as? [String: Any] {
                    value._exthostApplyProperties(json)
                }
                return value
            }
        )
    }
}

/// Date components as ISO 8601 text, the way they cross the plugin ABI.
public enum ISO8601DateComponents {
    /// The text for date components: "YYYY-MM-DD", "YYYY-MM-DDTHH:MM[:SS]",
    /// "THH:MM[:SS]" (seconds only when set), or a year or a month alone,
    /// "YYYY", "YYYY-MM" (a time is written with a whole date only).
    ///
    /// - Parameter components: The components.
    /// - Returns: The text.
    public static func string(from components: DateComponents) -> String {
        guard let year = components.year else { return time(components) }
        guard let month = components.month else { return pad(year, 4) }
        guard let day = components.day else { return pad(year, 4) + "-" + pad(month, 2) }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + time(components)
    }

    private static func time(_ components: DateComponents) -> String {
        guard let hour = components.hour else { return "" }
        var text = "T" + pad(hour, 2) + ":" + pad(components.minute ?? 0, 2)
        if let second = components.second { text += ":" + pad(second, 2) }
        return text
    }

    /// The date components in ISO 8601 text, or `nil` when it is not one
    /// of the forms of ``string(from:)``.
    ///
    /// - Parameter text: The text.
    /// - Returns: The components.
    public static func components(from text: String) -> DateComponents? {
        var components = DateComponents()
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let datePart = parts[0]
        let timePart = parts.count > 1 ? parts[1] : nil
        if !datePart.isEmpty {
            let pieces = datePart.split(separator: "-", omittingEmptySubsequences: false)
            let fields = pieces.compactMap { Int($0) }
            guard fields.count == pieces.count, (1...3).contains(fields.count), fields.count == 3 || timePart == nil else { return nil }
            components.year = fields[0]
            if fields.count > 1 { components.month = fields[1] }
            if fields.count > 2 { components.day = fields[2] }
        }
        if let timePart {
            let fields = timePart.split(separator: ":").compactMap { Int($0) }
            guard fields.count == 2 || fields.count == 3 else { return nil }
            components.hour = fields[0]
            components.minute = fields[1]
            if fields.count == 3 { components.second = fields[2] }
        }
        guard !datePart.isEmpty || timePart != nil else { return nil }
        return components
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
