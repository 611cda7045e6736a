import ExthostABI
import IntentDefinition

/// How one value crosses the boundary: its kind, and whether it is a list.
public struct ValueShape: Hashable, Sendable {
    public var kind: ValueKind
    public var multiple: Bool

    public init(kind: ValueKind, multiple: Bool) {
        self.kind = kind
        self.multiple = multiple
    }

    public init(_ parameter: Parameter) {
        self.init(kind: parameter.type.valueKind, multiple: parameter.supportsMultipleValues)
    }

    public init(_ parameter: ResponseParameter) {
        self.init(kind: parameter.type.valueKind, multiple: parameter.supportsMultipleValues)
    }
}
