import ExthostTestSupport
import Foundation
import Testing

/// The Lights example: an extension written in C against its generated header.
@Suite("Lights, the C example")
struct LightsExampleTests {
    private func run(_ json: String, _ extra: [String] = []) throws -> CommandRunner.Result {
        let plugin = BuiltProducts.plugin("LightsExtension")
        let plugins = try FixturePlugins.pluginFolder([plugin])
        let work = try makeTemporaryDirectory("lights")
        let file = work.appendingPathComponent("intent.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return try CommandRunner(environment: ["EXTHOST_CACHE_DIR": work.path])
            .run(["run", "--json", "--plugins", plugins.path, file.path] + extra)
    }

    @Test("the checked-in header is exactly what exthost generate makes from the definition")
    func headerIsGenerated() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Examples/Lights")
        let output = try makeTemporaryDirectory("gen")
        let generated = try CommandRunner().run(["generate", folder.appendingPathComponent("Lights.intentdefinition").path,
                                                 "--output", output.path, "--language", "c"])
        #expect(generated.status == 0, "\(generated.standardError)")
        let fresh = try String(contentsOf: output.appendingPathComponent("Lights.h"), encoding: .utf8)
        let checkedIn = try String(contentsOf: folder.appendingPathComponent("Extension/include/Lights.h"), encoding: .utf8)
        #expect(fresh == checkedIn, "regenerate with: exthost generate Examples/Lights/Lights.intentdefinition --output Examples/Lights/Extension/include --language c")
    }

    @Test("a bound from the definition and an unsupported reason from C, each asked again, then handled")
    func conversation() throws {
        let result = try run(#"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 150, "color": "purple"}}"#,
                             ["--answer", "brightness=60", "--answer", "color=warm"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["message"] as? String == "The kitchen lights are at 60%.")
        let transcript = try #require(json["transcript"] as? [[String: Any]])
        let messages = transcript.compactMap { $0["message"] as? String }
        #expect(messages.contains("Brightness goes up to 100%."))
        #expect(messages.contains("I don't know the color purple."))
    }

    @Test("a custom failure code from C picks its template")
    func customFailure() throws {
        let result = try run(#"{"intent": "SetLights", "parameters": {"room": "bedroom", "brightness": 10}}"#)
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["code"] as? String == "failureBulbOffline")
        #expect(json["message"] as? String == "The bedroom lights aren't responding.")
    }

    @Test("a missing room is asked with the definition's prompt")
    func needsRoom() throws {
        let result = try run(#"{"intent": "SetLights", "parameters": {"brightness": 10}}"#)
        #expect(result.status == 3)
        let question = try #require(try result.json()["question"] as? [String: Any])
        #expect(question["prompt"] as? String == "Which room?")
    }
}
