import ExtensionLoading
import ExthostTestSupport
import Foundation
import IntentConversation
import IntentDefinition
import Testing

/// Requests one after the other in one loaded extension: each request's
/// session takes the memory and completions the one before it left
/// (`SessionScratch`), and none sees anything of an earlier request.
@Suite("Sessions reused across requests")
struct SessionReuseTests {
    static func converse(_ loaded: LoadedExtension, _ intent: String, values: [String: IntentValue],
                         answers: [String: [String]] = [:], deadline: Double = 10) throws -> ConversationResult {
        let endpoint = try IntentHandlerEndpoint.plugin(loaded, forIntent: intent)
        let engine = try ConversationEngine(endpoint: endpoint, intent: intent, values: values,
                                            prompter: ScriptedPrompter(answers: answers), options: .init(stageDeadline: deadline))
        return engine.run()
    }

    static let river: IntentValue = .object(ObjectValue(identifier: "river", displayString: "River Loop"))

    @Test("a request without a route after one with it: the handler sees no route and asks which; each request its own values")
    func valuesAreTheRequestsOwn() throws {
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build("good").path)
        let confirm = ["confirm": ["yes"]]
        let withRoute = try Self.converse(loaded, "LogWorkout", values: ["activity": .enumeration(1), "minutes": .integer(30), "route": Self.river], answers: confirm)
        #expect(withRoute.outcome == .success)
        #expect(withRoute.message == "Logged 30 min run on River Loop: 300 kcal.")
        let withoutRoute = try Self.converse(loaded, "LogWorkout", values: ["activity": .enumeration(2), "minutes": .integer(45)], answers: confirm)
        #expect(withoutRoute.outcome == .needsInput)
        #expect(withoutRoute.message == "Which route?")
        let hills: IntentValue = .object(ObjectValue(identifier: "hills", displayString: "Hill Climb"))
        let other = try Self.converse(loaded, "LogWorkout", values: ["activity": .enumeration(2), "minutes": .integer(45), "route": hills], answers: confirm)
        #expect(other.message == "Logged 45 min swim on Hill Climb: 450 kcal.")
        let again = try Self.converse(loaded, "LogWorkout", values: ["activity": .enumeration(1), "minutes": .integer(42), "route": Self.river], answers: confirm)
        #expect(again.message == "A personal best! 42 min run on River Loop.")
    }

    @Test("a completion called twice is reported by its own request each time, never by the next")
    func duplicatesStayWithTheirRequest() throws {
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build("reuse-completes-twice", defines: ["FIXTURE_PING_MODE=2"]).path)
        for _ in 0..<3 {
            let result = try Self.converse(loaded, "Ping", values: [:])
            #expect(result.outcome == .success)
            #expect(result.warnings.filter { $0.contains("called 2 times") }.count == 1)
        }
        let good = try ExtensionLoader().load(path: try FixturePlugins.build("good").path)
        let first = try Self.converse(good, "Ping", values: [:])
        let second = try Self.converse(good, "Ping", values: [:])
        #expect(first.warnings.isEmpty)
        #expect(second.warnings.isEmpty)
        #expect(second.message == "Pong.")
    }

    @Test("after a request whose method timed out, the next request of the same extension runs to its answer")
    func afterATimeout() throws {
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build("reuse-never-completes", defines: ["FIXTURE_PING_MODE=1"]).path)
        let timedOut = try Self.converse(loaded, "Ping", values: [:], deadline: 1)
        #expect(timedOut.error?.code == .requestTimedOut)
        let good = try Self.converse(loaded, "LogWorkout", values: ["activity": .enumeration(3), "minutes": .integer(20), "route": Self.river], answers: ["confirm": ["yes"]])
        #expect(good.outcome == .success)
        #expect(good.message == "Logged 20 min ride on River Loop: 200 kcal.")
    }
}
