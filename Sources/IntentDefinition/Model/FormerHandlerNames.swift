/// The older Swift names of a system intent's handling methods.
///
/// Apple's Objective-C selectors did not change (`resolveTitleForCreateNote:withCompletion:`),
/// but the Swift names they import as did: handlers written against earlier
/// SDKs implement `resolveTitle(forCreateNote:with:)`,
/// `confirm(createNote:completion:)` and `handle(createNote:completion:)`
/// where today's say `resolveTitle(for:with:)`, `confirm(intent:completion:)`
/// and `handle(intent:completion:)`. The generated protocol has the older
/// names as optional requirements too, in the completion form only (they
/// predate `async`), and its defaults reach them when a handler implements
/// neither of today's forms.
public struct FormerHandlerNames: Codable, Equatable, Sendable {
    /// The intent's argument label in the older names: `createNote`.
    public var label: String
    /// The parameters whose resolve method had an older name, in any order
    /// (parameters Apple added later never had one).
    public var parameters: [String]

    /// Creates the older names of an intent's methods.
    public init(label: String, parameters: [String]) {
        self.label = label
        self.parameters = parameters
    }

    /// The older resolve method's first argument label for a parameter
    /// with one: `forCreateNote`; nil when the parameter had none.
    public func resolveLabel(of parameter: String) -> String? {
        guard parameters.contains(parameter), let first = label.first else { return nil }
        return "for" + first.uppercased() + label.dropFirst()
    }
}
