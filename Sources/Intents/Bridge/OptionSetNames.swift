/// An option set generated from a definition (`"optionSet": true`):
/// Apple's `NS_OPTIONS` types as Swift sees them, plus the options' names.
///
/// Across the plugin ABI an option set is an ENUMERATION holding its bits;
/// where people read and write values (intent files, the app wire, a custom
/// type's properties) it is a list of option names, `["missed", "voicemail"]`.
public protocol _ExthostOptionSet: OptionSet, Sendable where RawValue == UInt {
    /// Each option's name and bit, in definition order.
    static var _exthostOptionNames: [(name: String, value: UInt)] { get }
}

extension _ExthostOptionSet {
    /// The names of the options the value holds, in definition order.
    public var _exthostNames: [String] {
        Self._exthostOptionNames.filter { rawValue & $0.value != 0 }.map(\.name)
    }

    /// A value from its JSON: a list of option names, or the raw bits.
    /// Names it does not know are left out: the host refuses them in a
    /// request's values (parameters and custom types' properties alike), so
    /// only properties written outside a request can hold one.
    public static func _exthostValue(fromJSON json: Any?) -> Self? {
        if let names = json as? [String] {
            let bits = names.compactMap { name in _exthostOptionNames.first { $0.name == name }?.value }
            return Self(rawValue: bits.reduce(0, |))
        }
        if let raw = json as? Int, raw >= 0 { return Self(rawValue: UInt(raw)) }
        return nil
    }
}
