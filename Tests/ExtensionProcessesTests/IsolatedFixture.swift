import ExtensionLoading
import ExtensionProcesses
import ExthostTestSupport
import Foundation
import IntentConversation
import Logging

/// A fixture plugin variant run isolated, in extension processes of the
/// built `exthost`, with its plugin output kept by a recorder.
struct IsolatedFixture {
    let isolated: IsolatedExtension
    let recorder = LogRecorder()

    /// Launches a variant's first process.
    ///
    /// - Parameters:
    ///   - name: The variant's file name.
    ///   - defines: Its `FIXTURE_*` macros.
    ///   - memoryLimit: The address-space limit; the default's when nil.
    ///   - launchBudget: Seconds a launch may take.
    ///   - logLevel: The level the recorder's logger keeps.
    ///   - environment: Variables the extension processes get on top of this process's.
    init(_ name: String, defines: [String] = [], memoryLimit: UInt64? = ExtensionProcessConfiguration.defaultMemoryLimit,
         launchBudget: Double = 10, logLevel: Logger.Level = .info, environment: [String: String] = [:]) throws {
        let plugin = try FixturePlugins.build(name, defines: defines)
        var configuration = ExtensionProcessConfiguration(
            executable: BuiltProducts.executable("exthost").path,
            memoryLimit: memoryLimit,
            launchBudget: launchBudget,
            logger: recorder.logger(label: "exthost.extension", level: logLevel)
        )
        if !environment.isEmpty {
            configuration.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        isolated = try IsolatedExtension(path: plugin.path, configuration: configuration)
    }

    /// Runs one conversation through the current (or a fresh) process.
    ///
    /// - Parameter adjust: Changes the engine's options (a stop, an interruption).
    func converse(_ intent: String, values: [String: IntentValue] = [:], answers: [String: [String]] = [:],
                  deadline: Double = 10, adjust: (inout ConversationEngine.Options) -> Void = { _ in }) throws -> ConversationResult {
        var options = ConversationEngine.Options(stageDeadline: deadline)
        adjust(&options)
        let engine = try ConversationEngine(
            endpoint: isolated.endpoint, intent: intent, values: values,
            prompter: ScriptedPrompter(answers: answers), options: options)
        return engine.run()
    }

    /// What must match between a conversation in an extension process and
    /// the same in process: everything but the timings.
    static func summary(_ result: ConversationResult) -> [String] {
        ["\(result.outcome) \(result.code ?? "-") \(result.message)", "values \(result.values.sorted { $0.key < $1.key })",
         "question \(String(describing: result.pendingQuestion))", "error \(String(describing: result.error))",
         "activity \(String(describing: result.userActivity))", "warnings \(result.warnings)",
         "stopped before a stage \(result.stoppedBeforeStage)"]
            + result.transcript.map { step in
                "\(step.stage) \(step.parameter ?? "-") \(step.result.name) \(step.value.map { "\($0)" } ?? "-") \(step.message ?? "-") \(step.defaulted)"
            }
    }

    /// A complete LogWorkout.
    static let workout: [String: IntentValue] = [
        "activity": .enumeration(1),
        "minutes": .integer(30),
        "route": .object(ObjectValue(identifier: "river", displayString: "River Loop")),
    ]
}
