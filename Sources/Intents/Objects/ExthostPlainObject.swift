import CExthost
import Foundation

/// A class of the system's that Apple has as a plain `NSObject`
/// (`INDateComponentsRange`, `INRecurrenceRule`, `INTemporalEventTrigger`,
/// `INSpatialEventTrigger`, `INMediaDestinationReference`): no identifier, no
/// display string, its properties alone. The SDK generates them from the
/// system's custom types that say `"plainObject": true`.
///
/// Across the plugin ABI one is still an `exthost_object`, whose display
/// string may not be NULL: the class writes one of its own
/// (``_exthostDisplayString``, a range's dates) and it is ignored on
/// reading; the properties are the object.
public protocol _ExthostPlainObject: NSObject {
    /// A blank object, whose properties are then set.
    init()
    /// The display string written into the `exthost_object` for the host's
    /// transcripts; never read back.
    var _exthostDisplayString: String { get }
    /// The properties as JSON values (the `properties` of `exthost_object`).
    func _exthostProperties() -> [String: Any]
    /// Sets the properties from their JSON values.
    func _exthostApplyProperties(_ properties: [String: Any])
}

extension _ExthostPlainObject {
    /// The object as the JSON an `INObject` is written as: its display
    /// string and its properties.
    public var jsonObject: [String: Any] {
        ["displayString": _exthostDisplayString, "properties": _exthostProperties()]
    }

    /// Makes an object from its JSON (``jsonObject``): only its properties
    /// are read.
    ///
    /// - Parameter json: The JSON object.
    /// - Returns: The object, or `nil` when `json` is not a JSON object.
    public static func _exthostObject(fromJSON json: Any?) -> Self? {
        guard let json = json as? [String: Any] else { return nil }
        let object = Self()
        if let properties = json["properties"] as? [String: Any] { object._exthostApplyProperties(properties) }
        return object
    }
}

/// How a plain object crosses the ABI: an `INObject` with the plain
/// object's display string and properties, so the codec of objects, the
/// arena and the results' bridge stay as they are.
final class _ExthostPlainCarrier: INObject, @unchecked Sendable {
    private var carried: [String: Any] = [:]

    convenience init(_ object: some _ExthostPlainObject) {
        self.init(identifier: nil, display: object._exthostDisplayString, pronunciationHint: nil)
        carried = object._exthostProperties()
    }

    override func _exthostProperties() -> [String: Any] { carried }

    override func _exthostApplyProperties(_ properties: [String: Any]) { carried = properties }

    /// The plain object the properties describe.
    func plainObject<T: _ExthostPlainObject>(_ type: T.Type) -> T {
        let object = T()
        object._exthostApplyProperties(carried)
        return object
    }
}

extension _Codecs {
    /// OBJECT, as plain objects of class `type` (``_ExthostPlainObject``).
    public static func plainObject<T: _ExthostPlainObject>(_ type: T.Type) -> _ValueCodec<T, UnsafePointer<exthost_object>?> {
        let objects = object(_ExthostPlainCarrier.self)
        return _ValueCodec(
            zero: nil,
            encode: { value, arena in objects.encode(_ExthostPlainCarrier(value), arena) },
            element: { value, arena in objects.element(_ExthostPlainCarrier(value), arena) },
            decode: { pointer in objects.decode(pointer)?.plainObject(T.self) }
        )
    }
}

/// A Swift value type Apple's Swift overlay refines a plain object's class
/// into (`INMediaDestination`, an enum, for `INMediaDestinationReference`):
/// the generated intents, responses and resolution results hold it, and it
/// crosses the ABI as its reference object.
public protocol _ExthostReferenceConvertible {
    /// The class the value refines (Apple's `…Reference`).
    associatedtype _ExthostReference: _ExthostPlainObject
    /// The value a reference object describes, or `nil` when it describes
    /// none of the value type's cases.
    init?(_exthostReference reference: _ExthostReference)
    /// The reference object describing the value.
    var _exthostReference: _ExthostReference { get }
}

extension _ExthostReferenceConvertible {
    /// The value as the JSON its reference object is written as.
    public var jsonObject: [String: Any] { _exthostReference.jsonObject }

    /// Makes a value from the JSON of its reference object; `nil` when
    /// `json` is no object or describes none of the value type's cases.
    ///
    /// - Parameter json: The JSON object.
    /// - Returns: The value, or `nil`.
    public static func _exthostObject(fromJSON json: Any?) -> Self? {
        _ExthostReference._exthostObject(fromJSON: json).flatMap { Self(_exthostReference: $0) }
    }
}

extension _Codecs {
    /// OBJECT, as values of a Swift value type, carried as its reference
    /// objects (``_ExthostReferenceConvertible``).
    public static func referenceConvertible<T: _ExthostReferenceConvertible>(_ type: T.Type) -> _ValueCodec<T, UnsafePointer<exthost_object>?> {
        let references = plainObject(T._ExthostReference.self)
        return _ValueCodec(
            zero: nil,
            encode: { value, arena in references.encode(value._exthostReference, arena) },
            element: { value, arena in references.element(value._exthostReference, arena) },
            decode: { pointer in references.decode(pointer).flatMap { T(_exthostReference: $0) } }
        )
    }
}
