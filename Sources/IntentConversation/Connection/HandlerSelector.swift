/// The selectors of a handler's methods, as `exthost.h` and the generated
/// `<Name>IntentHandling` protocols name them.
public enum HandlerSelector {
    /// `resolve<Param>` for a parameter name.
    public static func resolve(_ parameter: String) -> String { "resolve" + capitalized(parameter) }

    /// `provide<Param>OptionsCollection` for a parameter name.
    public static func options(_ parameter: String) -> String { "provide" + capitalized(parameter) + "OptionsCollection" }

    /// `provide<Param>OptionsSections` for a parameter name: the options in
    /// titled sections (`INObjectCollection(sections:)`; exthost.h,
    /// "Methods"). The host asks for it first and falls back to
    /// ``options(_:)``, which every plugin before sections has.
    public static func optionSections(_ parameter: String) -> String { "provide" + capitalized(parameter) + "OptionsSections" }

    /// `confirm`.
    public static let confirm = "confirm"

    /// `handle`.
    public static let handle = "handle"

    /// The name with its first letter upper-cased; an ASCII letter (every
    /// name a definition's identifiers allow in practice) without the
    /// Unicode case mapping, which a conversation would pay at every stage.
    private static func capitalized(_ name: String) -> String {
        var utf8 = Array(name.utf8)
        if let first = utf8.first, first < 0x80 {
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { utf8[0] = first - 0x20 }
            return String(decoding: utf8, as: UTF8.self)
        }
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
