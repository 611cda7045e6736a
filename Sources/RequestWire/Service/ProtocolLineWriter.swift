import Foundation
import JSONText

/// Writes a message of the client protocol as compact JSON, keys sorted by
/// their UTF-8 bytes: what ``ServiceProtocol/line(_:)`` sends.
///
/// Rationale: `JSONSerialization` bridged every dictionary and array to
/// `NSDictionary` and `NSArray` and sorted keys with a locale-aware
/// comparison; writing a warm request's `result` that way took more than
/// half of the service's CPU time (`docs/plan-service.md`, "The warm
/// request"). The values a message holds are the Swift ones the renderers
/// build, and the `NSNumber`s of values read from JSON (booleans, whole
/// numbers, doubles), written here directly; any other value (an
/// `NSDecimalNumber`, a `Float`) is written by `JSONSerialization` as a
/// fragment, so its text is exactly what it was before.
package enum ProtocolLineWriter {
    /// The order an object's keys are written in.
    package enum KeyOrder: Sendable {
        /// By their UTF-8 bytes: the protocol's lines.
        case bytes
        /// As `JSONSerialization`'s `.sortedKeys` sorts them: numbers by
        /// value, letters without regard to case (what the Rasa webhook's
        /// answers were written with, and are still written as).
        case jsonSerialization

        func sorted(_ keys: some Sequence<String>) -> [String] {
            switch self {
            case .bytes:
                keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            case .jsonSerialization:
                keys.sorted { a, b in
                    a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
                              locale: NSLocale.system) == .orderedAscending
                }
            }
        }
    }

    /// The JSON text of `value`, appended to `bytes`, an object's keys in `order`.
    package static func append(_ value: Any, to bytes: inout [UInt8], keys order: KeyOrder = .bytes) {
        // Containers first: a scalar's last test (`booleanType`) reads
        // JSONSerialization's booleans, made on first use.
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier([String: Any].self):
            appendObject(value as! [String: Any], to: &bytes, order)
        case ObjectIdentifier([Any].self):
            appendArray(value as! [Any], to: &bytes, order)
        case ObjectIdentifier([String].self):
            // A rendering's lines: written without making an [Any] of them.
            bytes.append(UInt8(ascii: "["))
            for (index, text) in (value as! [String]).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendString(text, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        default:
            if !appendScalar(value, to: &bytes) { appendOther(value, to: &bytes, order) }
        }
    }

    /// Appends a string, a Boolean, a whole number, a finite `Double`,
    /// `NSNull`, or an `NSNumber` `JSONSerialization` reads (a whole number
    /// of a signed type, a `Double`, a Boolean) as `JSONSerialization`
    /// writes it; false, with nothing appended, for any other value (a
    /// container, a non-finite number, an `NSDecimalNumber`, a `Float`).
    /// Shared with ``SortedJSONWriter``.
    static func appendScalar(_ value: Any, to bytes: inout [UInt8]) -> Bool {
        // Exact types first: an `NSNumber` also casts to `Bool` and `Int`.
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(String.self):
            JSONText.appendString(value as! String, to: &bytes)
        case ObjectIdentifier(Bool.self):
            bytes.append(contentsOf: (value as! Bool) ? Self.trueText : Self.falseText)
        case ObjectIdentifier(Int.self):
            bytes.append(contentsOf: String(value as! Int).utf8)
        case ObjectIdentifier(Int32.self):
            bytes.append(contentsOf: String(value as! Int32).utf8)
        case ObjectIdentifier(Int64.self):
            bytes.append(contentsOf: String(value as! Int64).utf8)
        case ObjectIdentifier(UInt32.self):
            bytes.append(contentsOf: String(value as! UInt32).utf8)
        case ObjectIdentifier(UInt64.self):
            bytes.append(contentsOf: String(value as! UInt64).utf8)
        case ObjectIdentifier(Double.self):
            return appendDouble(value as! Double, to: &bytes)
        case ObjectIdentifier(NSNull.self):
            bytes.append(contentsOf: Self.nullText)
        case ObjectIdentifier(NSNumber.self):
            return appendNumber(value as! NSNumber, to: &bytes)
        case booleanType:
            bytes.append(contentsOf: (value as! NSNumber).boolValue ? Self.trueText : Self.falseText)
        default:
            return false
        }
        return true
    }

    /// The type of the booleans `JSONSerialization` reads (`__NSCFBoolean`).
    private static let booleanType = ObjectIdentifier(type(of: ProtocolLineReader.booleans.true))
    private static let trueText = Array("true".utf8)
    private static let falseText = Array("false".utf8)
    private static let nullText = Array("null".utf8)

    private static func appendObject(_ object: [String: Any], to bytes: inout [UInt8], _ order: KeyOrder) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for key in order.sorted(object.keys) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONText.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            append(object[key]!, to: &bytes, keys: order)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private static func appendArray(_ array: [Any], to bytes: inout [UInt8], _ order: KeyOrder) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in array.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(element, to: &bytes, keys: order)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// As `JSONSerialization` writes a finite `Double`: its shortest
    /// description, without a trailing `.0`; false for another.
    private static func appendDouble(_ value: Double, to bytes: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        JSONText.appendNumber(value, to: &bytes)
        return true
    }

    /// An `NSNumber` (not a boolean) as `JSONSerialization` writes it: a
    /// whole number of a signed type in digits, a `Double` as above; false
    /// for others (unsigned, `char`, `NSDecimalNumber`), which
    /// `JSONSerialization` writes.
    private static func appendNumber(_ number: NSNumber, to bytes: inout [UInt8]) -> Bool {
        switch number.objCType.pointee {
        case CChar(UInt8(ascii: "i")), CChar(UInt8(ascii: "q")), CChar(UInt8(ascii: "s")), CChar(UInt8(ascii: "l")):
            bytes.append(contentsOf: String(number.int64Value).utf8)
            return true
        case CChar(UInt8(ascii: "d")):
            return appendDouble(number.doubleValue, to: &bytes)
        default:
            return false
        }
    }

    /// A value of another type: an optional (its value, or null), another
    /// dictionary or array type (`[String: String]`, `[String]`), else (an
    /// `NSDecimalNumber`, a `Float`) written by `JSONSerialization`, `null`
    /// when it cannot be.
    private static func appendOther(_ value: Any, to bytes: inout [UInt8], _ order: KeyOrder) {
        if let optional = value as? any OptionalValue {
            if let wrapped = optional.wrapped { append(wrapped, to: &bytes, keys: order) } else { bytes.append(contentsOf: nullText) }
            return
        }
        if let object = value as? [String: Any] { return appendObject(object, to: &bytes, order) }
        if let array = value as? [Any] { return appendArray(array, to: &bytes, order) }
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        bytes.append(contentsOf: data ?? Data(nullText))
    }
}

/// An optional of any type, for ``ProtocolLineWriter`` to write its value
/// without reflection.
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrapped: Any? { self.map { $0 } }
}
