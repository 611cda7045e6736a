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
    init(_ name: String, defines: [String] = [], memoryLimit: UInt64? = ExtensionProcessConfiguration.defaultMemoryLimit,
         launchBudget: Double = 10, logLevel: Logger.Level = .info) throws {
        let plugin = try FixturePlugins.build(name, defines: defines)
        let configuration = ExtensionProcessConfiguration(
            executable: BuiltProducts.executable("exthost").path,
            memoryLimit: memoryLimit,
            launchBudget: launchBudget,
            logger: recorder.logger(label: "exthost.extension", level: logLevel)
        )
        isolated = try IsolatedExtension(path: plugin.path, configuration: configuration)
    }

    /// Runs one conversation through the current (or a fresh) process.
    func converse(_ intent: String, values: [String: IntentValue] = [:], answers: [String: [String]] = [:],
                  deadline: Double = 10) throws -> ConversationResult {
        let engine = try ConversationEngine(
            endpoint: isolated.endpoint, intent: intent, values: values,
            prompter: ScriptedPrompter(answers: answers), options: .init(stageDeadline: deadline))
        return engine.run()
    }

    /// A complete LogWorkout.
    static let workout: [String: IntentValue] = [
        "activity": .enumeration(1),
        "minutes": .integer(30),
        "route": .object(ObjectValue(identifier: "river", displayString: "River Loop")),
    ]
}
