import Foundation
import IntentConversation

/// How the end of a conversation is shown: what `exthost run` prints. The
/// service sends it in `result` and `error` messages, so a client prints
/// exactly what the in-process path prints without knowing how to render a
/// result. The command line supplies it (its `ConversationReport`).
///
/// Implementation requirements: both methods are called on the
/// conversation's own thread, for any number of conversations at once.
public protocol ConversationRendering: Sendable {
    /// A conversation's result (final, or pending at an open question).
    ///
    /// - Parameter result: What the conversation produced.
    /// - Returns: The `--json` object, the lines for people and the exit status.
    func render(_ result: ConversationResult) -> RenderedConversation

    /// A problem that ended the request before or instead of a result.
    ///
    /// - Parameters:
    ///   - problem: What went wrong.
    ///   - intent: The intent asked for, when known.
    /// - Returns: The `--json` error object, the error line's message and the exit status.
    func render(_ problem: ServiceProblem, intent: String?) -> RenderedConversation

    /// A conversation's result in one form only: what a client that prints
    /// either the `--json` object or the lines asked for.
    ///
    /// - Parameters:
    ///   - result: What the conversation produced.
    ///   - form: Which of the report and the lines to build; the other is
    ///     left empty. The exit status is always set.
    func render(_ result: ConversationResult, form: ResultForm) -> RenderedConversation
}

extension ConversationRendering {
    /// Renders both forms and drops none: for a renderer whose two forms
    /// cost nothing apart.
    public func render(_ result: ConversationResult, form: ResultForm) -> RenderedConversation {
        render(result)
    }
}

/// Which form of a conversation's end a client prints: the member `form`
/// of a `run` message (`docs/service-protocol.md`).
public enum ResultForm: String, Sendable {
    /// The `--json` object (`report`) only: `"form": "json"`.
    case json
    /// The lines for people only: `"form": "lines"`.
    case lines
    /// Both (no `form`): what a client of an earlier build gets.
    case both
}

/// A conversation's end as `exthost run` shows it.
public struct RenderedConversation {
    /// The object `exthost run --json` prints.
    public var report: [String: Any]
    /// What `exthost run` prints for people: standard output's lines for a
    /// result, the one error line's message (standard error) for a problem.
    public var lines: [String]
    /// The exit status of `exthost run`.
    public var exitStatus: Int32

    public init(report: [String: Any], lines: [String], exitStatus: Int32) {
        self.report = report
        self.lines = lines
        self.exitStatus = exitStatus
    }
}
