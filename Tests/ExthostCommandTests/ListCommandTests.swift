import ExthostTestSupport
import Foundation
import Testing

/// `exthost list` as a user runs it.
@Suite("exthost list")
struct ListCommandTests {
    private func records(_ result: CommandRunner.Result) throws -> [String: [String: Any]] {
        let extensions = try #require(try result.json()["extensions"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: extensions.map { (($0["path"] as! NSString).lastPathComponent, $0) })
    }

    @Test("each extension with its app, intents, ABI and measured cold load")
    func lists() throws {
        let plugins = try FixturePlugins.pluginFolder([try FixturePlugins.build("good")], names: ["fixture.so"])
        let cache = try makeTemporaryDirectory("cache")
        let runner = CommandRunner(environment: ["EXTHOST_CACHE_DIR": cache.path])
        let text = try runner.run(["list", "--plugins", plugins.path])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("✓ com.example.fixture.intents"))
        #expect(text.standardOutput.contains("app:      com.example.fixture"))
        #expect(text.standardOutput.contains("intents:  LogWorkout, Ping"))
        #expect(text.standardOutput.contains("ABI:      version 3, c: ok"))
        #expect(text.standardOutput.contains("ms cold"))
    }

    @Test("an unchanged plugin is not loaded again; a changed one is")
    func cache() throws {
        let plugins = try FixturePlugins.pluginFolder([try FixturePlugins.build("good")], names: ["fixture.so"])
        let cache = try makeTemporaryDirectory("cache")
        let runner = CommandRunner(environment: ["EXTHOST_CACHE_DIR": cache.path])
        let first = try records(try runner.run(["list", "--json", "--plugins", plugins.path]))["fixture.so"]
        let second = try records(try runner.run(["list", "--json", "--plugins", plugins.path]))["fixture.so"]
        // Timings come from the probe that loaded it: the same figures mean no new load.
        let firstTimings = try #require(first?["timings"] as? [String: Any])
        let secondTimings = try #require(second?["timings"] as? [String: Any])
        #expect(firstTimings["dlopen"] as? Int == secondTimings["dlopen"] as? Int)
        #expect(firstTimings["init"] as? Int == secondTimings["init"] as? Int)

        // Touch the plugin: a new modification time means a new probe.
        let file = plugins.appendingPathComponent("fixture.so")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: file.path)
        let third = try records(try runner.run(["list", "--json", "--plugins", plugins.path]))["fixture.so"]
        let thirdTimings = try #require(third?["timings"] as? [String: Any])
        #expect(thirdTimings["dlopen"] as? Int != firstTimings["dlopen"] as? Int)
    }

    @Test("an empty plugin folder says how to install one")
    func empty() throws {
        let plugins = try makeTemporaryDirectory("empty-plugins")
        let result = try CommandRunner(environment: ["EXTHOST_CACHE_DIR": plugins.path]).run(["list", "--plugins", plugins.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("No plugins found"))
    }

    @Test("conflicts are listed: two extensions claiming one intent")
    func conflicts() throws {
        let plugins = try FixturePlugins.pluginFolder([
            try FixturePlugins.build("good"),
            try FixturePlugins.build("twin", defines: ["FIXTURE_IDENTIFIER=\"com.example.twin.intents\"", #"FIXTURE_APP="com.example.twin""#]),
        ])
        let cache = try makeTemporaryDirectory("cache")
        let result = try CommandRunner(environment: ["EXTHOST_CACHE_DIR": cache.path]).run(["list", "--plugins", plugins.path])
        #expect(result.standardOutput.contains("error 2001: LogWorkout is claimed by com.example.fixture.intents and com.example.twin.intents"))
    }
}
