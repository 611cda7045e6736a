/// How a value crosses the plugin ABI: `exthost_value_kind`.
public enum ValueKind: Int32, CaseIterable, Codable, Sendable {
    /// `EXTHOST_VALUE_STRING`.
    case string = 1
    /// `EXTHOST_VALUE_INTEGER`.
    case integer = 2
    /// `EXTHOST_VALUE_DECIMAL`.
    case decimal = 3
    /// `EXTHOST_VALUE_BOOLEAN`.
    case boolean = 4
    /// `EXTHOST_VALUE_ENUMERATION`.
    case enumeration = 5
    /// `EXTHOST_VALUE_OBJECT`.
    case object = 6
}
