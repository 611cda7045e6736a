/// The selectors of a handler's methods, as `exthost.h` and the generated
/// `<Name>IntentHandling` protocols name them.
public enum HandlerSelector {
    /// `resolve<Param>` for a parameter name.
    public static func resolve(_ parameter: String) -> String { "resolve" + capitalized(parameter) }

    /// `provide<Param>OptionsCollection` for a parameter name.
    public static func options(_ parameter: String) -> String { "provide" + capitalized(parameter) + "OptionsCollection" }

    /// `confirm`.
    public static let confirm = "confirm"

    /// `handle`.
    public static let handle = "handle"

    private static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
