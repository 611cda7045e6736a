import ExthostABI
import ExthostPosix
import IntentConversation
import IntentDefinition

/// One request's line to an extension process: every `HandlerConnection`
/// call becomes a frame, and the supervisor keeps the deadline itself (a
/// stage past it kills the process).
final class ExtensionProcessConnection: HandlerConnection {
    private let process: ExtensionProcess
    private let intent: Intent
    /// The completions called more than once, as the last `outcome` listed them.
    private var duplicates: [(selector: String, extraCalls: Int)] = []

    init(process: ExtensionProcess, intent: Intent) {
        self.process = process
        self.intent = intent
    }

    deinit {
        process.post(FrameWriter(.close))
    }

    func setValue(_ value: IntentValue?, parameterAt index: Int) {
        var message = FrameWriter(.setValue)
        message.append(UInt32(index))
        message.append(value)
        process.post(message)
    }

    func call(_ selector: String, searchTerm: String??, completion shape: CompletionShape, deadline: UInt64) -> CallOutcome {
        var message = FrameWriter(.call)
        message.append(selector)
        switch searchTerm {
        case .none: message.append(UInt8(0))
        case .some(.none): message.append(UInt8(1))
        case .some(.some(let term)): message.append(UInt8(2)); message.append(term)
        }
        message.append(shape)
        message.append(deadline)
        switch process.exchange(message, until: deadline, stage: "during \(selector) of \(intent.name)") {
        case .deadlinePassed:
            return .timedOut
        case .ended(let error):
            return .failed(error)
        case .frame(var frame):
            do throws(ExtensionProtocolError) {
                switch frame.type {
                case .outcome:
                    let outcome: CallOutcome
                    switch try frame.byte() {
                    case 0: outcome = .notImplemented
                    case 1: outcome = .completed(try frame.payload())
                    case 2:
                        // The method returned without completing: the plugin may
                        // still hold the completion, so the process goes too.
                        process.kill()
                        return .timedOut
                    default:
                        outcome = .failed(try frame.error())
                    }
                    var duplicates: [(selector: String, extraCalls: Int)] = []
                    for _ in 0..<(try frame.uint32()) {
                        duplicates.append((try frame.string(), Int(try frame.uint32())))
                    }
                    self.duplicates = duplicates
                    return outcome
                case .failed:
                    return .failed(try frame.error())
                default:
                    throw ExtensionProtocolError("\(selector) was answered with \(frame.type)")
                }
            } catch {
                // A process out of step with the protocol is ended at once,
                // as `IsolatedExtension` ends one that broke it.
                process.kill()
                return .failed(IntentsError(.extensionBringUpFailed, "\(process.label): \(error)"))
            }
        }
    }

    /// The duplicates the last stage's `outcome` carried (version 3): no
    /// round trip of its own.
    func duplicateCompletions() -> [(selector: String, extraCalls: Int)] {
        duplicates
    }
}
