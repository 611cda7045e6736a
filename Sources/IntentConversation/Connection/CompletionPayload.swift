/// What a handler handed a completion, copied out while it was borrowed.
public enum CompletionPayload: Sendable {
    /// A `resolve<Param>` completion: an `exthost_resolution` kind, the
    /// value, the alternatives of a disambiguation, and the number of an
    /// unsupported reason (0 = none).
    case resolution(kind: Int32, value: IntentValue?, alternatives: [IntentValue], reason: Int32)
    /// A `provide<Param>OptionsCollection` completion.
    case options([IntentValue], error: String?)
    /// A `provide<Param>OptionsSections` completion.
    case optionSections([OptionSection], error: String?)
    /// A `confirm` or `handle` completion: the response code, its user
    /// activity and the response's parameters in definition order.
    case response(code: Int32, activity: UserActivityValue?, properties: [IntentValue?])
}

/// One titled section of a handler's options (`INObjectSection`).
public struct OptionSection: Equatable, Sendable {
    /// The title; nil for none.
    public var title: String?
    /// The options in it, in order.
    public var items: [IntentValue]

    public init(title: String?, items: [IntentValue]) {
        self.title = title
        self.items = items
    }
}
