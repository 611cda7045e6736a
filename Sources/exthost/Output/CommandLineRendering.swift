import ExthostABI
import ExthostService
import IntentConversation
import RequestWire

/// What `exthost run` prints, for the service to send its clients: the
/// same ``ConversationReport`` and failure objects as the in-process path,
/// so a client prints exactly what `exthost run` prints without the service.
struct CommandLineRendering: ConversationRendering {
    func render(_ result: ConversationResult) -> RenderedConversation {
        render(result, form: .both)
    }

    func render(_ result: ConversationResult, form: ResultForm) -> RenderedConversation {
        let report = ConversationReport(result: result)
        return RenderedConversation(report: form == .lines ? [:] : report.jsonObject, lines: form == .json ? [] : report.humanLines,
                                    exitStatus: report.exitStatus.rawValue)
    }

    func render(_ problem: ServiceProblem, intent: String?) -> RenderedConversation {
        var report = ConversationReport.failureObject(problem.message, intent: intent, error: problem.error)
        if problem.kind != .systemError && problem.kind != .badRequest { report["problem"] = problem.kind.rawValue }
        return RenderedConversation(report: report, lines: [problem.message], exitStatus: Self.exitStatus(of: problem.kind).rawValue)
    }

    /// The exit status a client ends with for a problem.
    static func exitStatus(of kind: ServiceProblem.Kind) -> ExitStatus {
        switch kind {
        case .badRequest: .badInput
        case .systemError, .unknownSession, .sessionExpired, .sessionBusy, .shuttingDown, .tooManySessions: .systemError
        case .sessionCancelled, .badMessage, .unsupportedVersion: .failure
        case .deviceLocked: .deviceLocked
        }
    }
}
