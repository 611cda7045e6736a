/// One of a parameter's `INIntentParameterPromptDialogs`.
public struct Prompt: Codable, Equatable, Sendable {
    /// `INIntentParameterPromptDialogType`.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Asks for a value.
        case primary = "Primary"
        /// Names the parameter in Shortcuts' and widgets' configuration.
        case configuration = "Configuration"
        /// Introduces a disambiguation (may use `${count}`).
        case disambiguationIntroduction = "DisambiguationIntroduction"
        /// Asks which of the offered items.
        case disambiguationSelection = "DisambiguationSelection"
        /// Asks to confirm a value.
        case confirmation = "Confirmation"
        /// Asks to pick from the options.
        case valueSelection = "ValueSelection"
    }

    /// The dialog this prompt is for.
    public var kind: Kind
    /// The text, with `${parameter}` placeholders.
    public var formatString: String?
    /// `INIntentParameterPromptDialogFormatStringID`: the key of ``formatString`` in the `.strings` tables.
    public var formatStringID: String?
    /// `INIntentParameterPromptDialogCustom`.
    public var custom: Bool

    /// Creates a prompt of `kind`.
    public init(kind: Kind, formatString: String? = nil, custom: Bool = false, formatStringID: String? = nil) {
        self.kind = kind
        self.formatString = formatString
        self.formatStringID = formatStringID
        self.custom = custom
    }
}
