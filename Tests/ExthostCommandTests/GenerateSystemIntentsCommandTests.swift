import ExthostTestSupport
import Foundation
import Testing

/// `exthost generate --system-intents`: the SDK's system-intent classes, as
/// a user reads what `import Intents` gives them, from the built binary.
@Suite("exthost generate --system-intents")
struct GenerateSystemIntentsCommandTests {
    @Test("writes SystemIntents.swift with Apple's classes")
    func writes() throws {
        let output = try makeTemporaryDirectory("system-intents")
        let result = try CommandRunner().run(["generate", "--system-intents", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOf: output.appendingPathComponent("SystemIntents.swift"), encoding: .utf8)
        #expect(text.contains("public protocol INSendMessageIntentHandling: AnyObject {"))
        #expect(text.contains("public enum SystemIntentDefinition: GeneratedIntentDefinition {"))
    }

    @Test("without a definition or the flag, and with C, the command line is wrong (64) and says why", arguments: [
        (["generate", "--output", "out"], "error: name the intent definition to generate from, or pass --system-intents"),
        (["generate", "--system-intents", "--language", "c", "--output", "out"], "error: --system-intents takes no definition file and generates Swift only"),
    ])
    func misuse(arguments: [String], says: String) throws {
        let result = try CommandRunner().run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(says), "\(result.standardError)")
    }
}
