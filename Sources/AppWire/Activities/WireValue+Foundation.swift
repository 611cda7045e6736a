import Foundation

extension WireValue {
    /// The value as Foundation objects (`JSONSerialization`'s kinds): what
    /// the host's value reader and the SDK's `userInfo` take.
    public var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return NSNumber(value: flag)
        case .int(let number): return NSNumber(value: number)
        case .double(let number): return NSNumber(value: number)
        case .string(let text): return text
        case .array(let items): return items.map(\.foundationObject)
        case .object(let fields): return fields.mapValues(\.foundationObject)
        }
    }

    /// Foundation objects as a wire value; what has no JSON form is `null`.
    ///
    /// A whole number is an integer (so an `Int` comes back as one); a
    /// Boolean `NSNumber` stays a Boolean.
    ///
    /// - Parameter object: A string, number, array or string-keyed dictionary.
    public init(foundationObject object: Any) {
        switch object {
        case let text as String: self = .string(text)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
                return
            }
            let double = number.doubleValue
            self = double.rounded() == double && abs(double) < 9e15 ? .int(number.intValue) : .double(double)
        case let items as [Any]: self = .array(items.map(WireValue.init(foundationObject:)))
        case let fields as [String: Any]: self = .object(fields.mapValues(WireValue.init(foundationObject:)))
        default: self = .null
        }
    }
}
