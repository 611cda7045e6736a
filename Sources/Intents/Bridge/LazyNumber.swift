import Foundation

/// The storage of an Integer, Decimal, Boolean or Duration parameter of a
/// generated intent: the plain value read from the host, turned into the
/// `NSNumber` the property shows only when the property is read (most
/// methods read few of an intent's parameters). For generated code.
@frozen
public struct _LazyNumber {
    @usableFromInline enum Raw {
        case none
        case integer(Int64)
        case decimal(Double)
        case boolean(Bool)
    }

    @usableFromInline var raw: Raw
    @usableFromInline var cached: NSNumber?

    /// No value.
    @inlinable
    public init() {
        raw = .none
        cached = nil
    }

    @inlinable
    init(_ raw: Raw) {
        self.raw = raw
        cached = nil
    }

    /// An INTEGER field (`const int64_t *`, NULL = no value).
    @inlinable
    public static func integer(_ field: UnsafeRawPointer?) -> _LazyNumber {
        _LazyNumber(field.map { .integer($0.load(as: Int64.self)) } ?? .none)
    }

    /// A DECIMAL field (`const double *`, NULL = no value).
    @inlinable
    public static func decimal(_ field: UnsafeRawPointer?) -> _LazyNumber {
        _LazyNumber(field.map { .decimal($0.load(as: Double.self)) } ?? .none)
    }

    /// A BOOLEAN field (`const bool *`, NULL = no value).
    @inlinable
    public static func boolean(_ field: UnsafeRawPointer?) -> _LazyNumber {
        _LazyNumber(field.map { .boolean($0.load(as: Bool.self)) } ?? .none)
    }

    /// The value as the property shows it.
    @inlinable
    public var number: NSNumber? {
        mutating get {
            if let cached { return cached }
            switch raw {
            case .none: return nil
            case .integer(let value): cached = NSNumber(value: value)
            case .decimal(let value): cached = NSNumber(value: value)
            case .boolean(let value): cached = NSNumber(value: value)
            }
            return cached
        }
        set {
            cached = newValue
            raw = .none
        }
    }
}
