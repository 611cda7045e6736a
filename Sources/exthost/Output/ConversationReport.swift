import ExthostABI
import ExtensionLoading
import IntentConversation
import IntentSystem
import Foundation

/// How `exthost run` shows a conversation's result, to people or as JSON.
struct ConversationReport {
    var result: ConversationResult

    /// The process exit status for this result.
    var exitStatus: ExitStatus {
        switch result.outcome {
        case .success: .success
        // Continued in the app, unless the hand-off failed (2005: no app).
        case .continueInApp: result.handoff?.error == nil ? .success : .systemError
        case .failure, .cancelled: .failure
        case .needsInput, .unsupported: .needsInput
        case .error: .systemError
        }
    }

    var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "intent": result.intent,
            "outcome": result.outcome.rawValue,
            "message": result.message,
            "transcript": result.transcriptJSON,
            "values": result.valuesJSON,
            "timings": timings,
            "warnings": result.warnings,
        ]
        object["code"] = result.code ?? NSNull()
        if let concise = result.conciseMessage { object["conciseMessage"] = concise }
        if let value = result.codeRawValue { object["codeValue"] = value }
        if let identifier = result.extensionIdentifier { object["extension"] = identifier }
        if !result.responseProperties.isEmpty { object["response"] = result.responseJSON }
        if let activity = result.userActivity { object["userActivity"] = ActivityFile(activity).jsonObject }
        object["question"] = result.pendingQuestion?.jsonObject ?? NSNull()
        if let handoff = result.handoff {
            var item: [String: Any] = ["app": handoff.app, "continued": handoff.continued, "shown": handoff.shown]
            if let type = handoff.activityType { item["activityType"] = type }
            if let error = handoff.error { item["error"] = error.jsonObject }
            object["handoff"] = item
        }
        if let error = result.error { object["error"] = error.jsonObject }
        return object
    }

    /// The `--json` object of a request that failed before a conversation
    /// result: `outcome` `error`, the message, and the iOS error when there is one.
    ///
    /// - Parameters:
    ///   - message: What failed.
    ///   - intent: The intent asked for, when known.
    ///   - error: The iOS error, when there is one.
    static func failureObject(_ message: String, intent: String?, error: IntentsError?) -> [String: Any] {
        var object = Console.errorObject(message, error: error)
        object.merge(["code": NSNull(), "transcript": [Any](), "question": NSNull()]) { own, _ in own }
        if let intent { object["intent"] = intent }
        return object
    }

    private var timings: [String: Any] {
        var object: [String: Any] = [
            "budgetSeconds": result.budgetSeconds,
            "stages": result.stageMilliseconds.map { ["stage": $0.stage, "milliseconds": $0.milliseconds] },
        ]
        if let load = result.loadTimings {
            var phases: [String: Any] = [:]
            for phase in load.phases { phases[phase.name] = Double(phase.nanoseconds) / 1e6 }
            phases["total"] = Double(load.total) / 1e6
            object["load"] = phases
            object["loadShareOfBudget"] = Double(load.total) / (result.budgetSeconds * 1e9)
        }
        return object
    }

    /// The lines a person reads after the conversation.
    var humanLines: [String] {
        var lines: [String] = []
        switch result.outcome {
        case .needsInput, .unsupported:
            // An unsupported value's message was already said during the conversation.
            if result.outcome == .needsInput { lines.append("» \(result.message)") }
            if let question = result.pendingQuestion {
                if question.prompt != result.message { lines.append("» \(question.prompt)") }
                lines += question.choiceLines()
                lines.append("(answer with --answer \(question.answerKey)=VALUE, or run in a terminal)")
            }
        case .error:
            lines.append("✗ \(result.message)")
        default:
            lines.append("» \(result.message)")
        }
        if let code = result.code { lines.append("  response: \(code)") }
        if let activity = result.userActivity { lines.append("  user activity: \(activity.activityType)") }
        if let handoff = result.handoff {
            if let error = handoff.error {
                lines.append("✗ continuing in the app failed: \(error.description)")
            } else {
                lines.append("→ continued in \(handoff.app) with \(handoff.activityType ?? "an activity")\(handoff.continued ? "" : " (the app did not continue it)")")
                for line in handoff.shown { lines.append("  [app] \(line)") }
            }
        }
        for warning in result.warnings { lines.append("  warning: \(warning)") }
        if let load = result.loadTimings {
            let share = Double(load.total) / (result.budgetSeconds * 1e9) * 100
            let phases = load.phases.map { "\($0.name) " + String(format: "%.3f", Double($0.nanoseconds) / 1e6) }.joined(separator: ", ")
            lines.append(String(format: "  load: %.3f ms (%.4f%% of the %g s budget): ", Double(load.total) / 1e6, share, result.budgetSeconds) + phases + " ms")
        }
        return lines
    }
}
