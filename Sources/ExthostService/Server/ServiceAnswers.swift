import Foundation
import IntentSystem
import RequestWire

/// How the service answers `list`: `exthost list`'s rendering of its
/// plugins (the `--json` object and the lines), given the load time in
/// milliseconds from which linked libraries are shown. Called on a thread
/// of its own.
public typealias ServiceListing = @Sendable (_ notableMilliseconds: Double) -> RenderedConversation

/// How the service answers `open`: continues the activity (the JSON of an
/// activity file) in its app with the service's apps, as `exthost open`
/// does, and renders the outcome as it prints it; `failed` when it did not
/// reach the app. Called on a thread of its own.
public typealias ServiceOpening = @Sendable (_ activity: Data, _ app: String?, _ deadline: Double?) -> (rendered: RenderedConversation, failed: Bool)

extension ServiceProblem {
    /// A runner's failure before the conversation started.
    init(_ failure: IntentRunner.Failure) {
        switch failure {
        case .request(let problem): self.init(.badRequest, problem.description)
        case .system(let problem): self.init(.systemError, problem.description, error: problem)
        case .deviceLocked(let message): self.init(.deviceLocked, message)
        }
    }
}

/// How the service answers `command` (the `exthost` front's fast path):
/// runs the command line as the full program would through this service,
/// its conversation held through the `LocalConversations` given, capturing
/// what it writes, or declines it before anything ran. Called on a thread
/// of its own.
public typealias ServiceCommanding = @Sendable (CommandInvocation, LocalConversations) -> CommandOutcome
