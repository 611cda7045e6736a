import ExthostTestSupport
import Foundation
import Testing

/// How failed loads are remembered: a failure whose cause may pass is tried
/// again without the plugin file changing, a request for a failed plugin's
/// intent learns why, and probing one plugin costs no other its budget.
@Suite("plugin failures: remembered rightly")
struct PluginFailureMemoryTests {
    typealias Setup = RunCommandTests.Setup

    /// A fixture plugin linked against a library of its own, which the test
    /// can take away and put back without touching the plugin.
    struct DependentPlugin {
        var plugin: URL
        var library: URL
        var librarySource: URL

        init(_ name: String) throws {
            let folder = try makeTemporaryDirectory("dependency")
            librarySource = folder.appendingPathComponent("throwaway.c")
            try "int exthost_throwaway_answer(void) { return 42; }\n".write(to: librarySource, atomically: true, encoding: .utf8)
            library = folder.appendingPathComponent("libthrowaway_\(name).so")
            try Self.buildLibrary(at: library, from: librarySource)
            plugin = try FixturePlugins.build(name, flags: ["-Wl,--no-as-needed", "-L", folder.path, "-lthrowaway_\(name)", "-Wl,-rpath,\(folder.path)"])
        }

        func removeLibrary() throws { try FileManager.default.removeItem(at: library) }

        func restoreLibrary() throws { try Self.buildLibrary(at: library, from: librarySource) }

        private static func buildLibrary(at library: URL, from source: URL) throws {
            try FixturePlugins.compile(["-shared", "-fPIC", "-o", library.path, source.path])
        }
    }

    @Test("a missing library: the plugin fails, then loads once the library is back, the plugin file untouched")
    func missingLibraryPasses() throws {
        let dependent = try DependentPlugin("needs-throwaway")
        let setup = try Setup([dependent.plugin])
        try dependent.removeLibrary()
        let failed = try setup.run(#"{"intent": "Ping"}"#)
        #expect(failed.status == 4)
        let error = try #require(try failed.json()["error"] as? [String: Any])
        // Nothing says which intents it serves: no extension handles Ping,
        // with a hint naming the plugin that failed.
        #expect(error["code"] as? Int == 2004)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("1 plugin(s) failed to load and may handle it: "), "\(message)")
        #expect(message.contains("needs-throwaway.so"), "\(message)")
        let listed = try setup.runner.run(["list", "--plugins", setup.plugins.path])
        #expect(listed.standardOutput.contains("cannot open shared object file") || listed.standardError.contains("cannot open shared object file"),
                "\(listed.standardOutput)\(listed.standardError)")

        try dependent.restoreLibrary()
        let worked = try setup.run(#"{"intent": "Ping"}"#)
        #expect(worked.status == 0, "\(worked.standardError)")
        #expect(try worked.json()["code"] as? String == "success")
    }

    @Test("a missing library after the plugin once loaded: 5001 with the cause, then it loads again once the library is back")
    func missingLibraryAfterLoading() throws {
        let dependent = try DependentPlugin("needs-throwaway-later")
        let setup = try Setup([dependent.plugin])
        #expect(try setup.run(#"{"intent": "Ping"}"#).status == 0)
        // Rewritten (same size and mtime) so that the next scan probes it
        // again: the cache's record is the one it had when it loaded.
        let cache = setup.work.appendingPathComponent("cache/registry.json")
        var records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cache)) as? [[String: Any]])
        records[0]["modified"] = 1
        try JSONSerialization.data(withJSONObject: records).write(to: cache)
        try dependent.removeLibrary()
        let failed = try setup.run(#"{"intent": "Ping"}"#)
        #expect(failed.status == 4)
        let error = try #require(try failed.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 5001)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("the extension for Ping ("), "\(message)")
        #expect(message.contains("failed to load: the dynamic linker refused it: "), "\(message)")
        #expect(message.contains("libthrowaway_needs-throwaway-later.so: cannot open shared object file"), "\(message)")
        #expect(message.hasSuffix("Once the cause is fixed, it is loaded again on the next request."), "\(message)")

        try dependent.restoreLibrary()
        #expect(try setup.run(#"{"intent": "Ping"}"#).status == 0)
    }

    @Test("an unreadable plugin: fails, then loads once it is readable again",
          .enabled(if: getuid() != 0, "root reads a file whatever its mode: the missing-library tests cover a passing cause"))
    func unreadablePluginPasses() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let plugin = setup.plugins.appendingPathComponent("good.so")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: plugin.path)
        let failed = try setup.run(#"{"intent": "Ping"}"#)
        #expect(failed.status == 4)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: plugin.path)
        let worked = try setup.run(#"{"intent": "Ping"}"#)
        #expect(worked.status == 0, "\(worked.standardError)")
    }

    @Test("a plugin whose init fails: a request for its intent answers 5001 with the cause, not 2004")
    func initFailsNamesCause() throws {
        let setup = try Setup([try FixturePlugins.build("init-fails", defines: ["FIXTURE_INIT_FAILS"])])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 4)
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 5001)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("init-fails.so) failed to load: the extension failed to start: init returned 7."), "\(message)")
        #expect(message.hasSuffix("Fix or rebuild the plugin, then copy it again."), "\(message)")
        // Inherent to the file: remembered, not probed again.
        let cache = setup.work.appendingPathComponent("cache/registry.json")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cache)) as? [[String: Any]])
        #expect(records.first?["failure"] as? String == "initFailed")
    }

    @Test("a plugin whose init fails, asked for by its extension or app: 5001 with the cause; by another app: 2004 that does not name it")
    func initFailsNamedByExtensionOrApp() throws {
        let setup = try Setup([try FixturePlugins.build("init-fails", defines: ["FIXTURE_INIT_FAILS"])])
        for request in [#"{"intent": "Ping", "extension": "com.example.fixture.intents"}"#, #"{"intent": "Ping", "app": "com.example.fixture"}"#] {
            let result = try setup.run(request)
            #expect(result.status == 4)
            let error = try #require(try result.json()["error"] as? [String: Any])
            #expect(error["code"] as? Int == 5001, "\(request): \(error)")
            #expect((error["message"] as? String)?.contains("init-fails.so) failed to load: the extension failed to start: init returned 7.") == true, "\(error)")
        }
        // Its descriptor says whose it is: it cannot be another app's.
        let other = try setup.run(#"{"intent": "Ping", "app": "com.example.other"}"#)
        #expect(other.status == 4)
        let error = try #require(try other.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 2004)
        let message = try #require(error["message"] as? String)
        #expect(message.hasPrefix("no extension handles Ping for app com.example.other."), "\(message)")
        #expect(!message.contains("init-fails.so"), "\(message)")
    }

    @Test("a plugin that loaded, then lost a library, asked for by its extension: 5001 with the cause from the record of when it loaded")
    func missingLibraryAfterLoadingNamedByExtension() throws {
        let dependent = try DependentPlugin("needs-throwaway-named")
        let setup = try Setup([dependent.plugin])
        let request = #"{"intent": "Ping", "extension": "com.example.fixture.intents", "app": "com.example.fixture"}"#
        #expect(try setup.run(request).status == 0)
        let cache = setup.work.appendingPathComponent("cache/registry.json")
        var records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cache)) as? [[String: Any]])
        records[0]["modified"] = 1
        try JSONSerialization.data(withJSONObject: records).write(to: cache)
        try dependent.removeLibrary()
        for _ in 0..<2 {
            // The second time from the failed record the first one cached.
            let failed = try setup.run(request)
            #expect(failed.status == 4)
            let error = try #require(try failed.json()["error"] as? [String: Any])
            #expect(error["code"] as? Int == 5001, "\(error)")
            #expect((error["message"] as? String)?.contains("libthrowaway_needs-throwaway-named.so: cannot open shared object file") == true, "\(error)")
        }
        try dependent.restoreLibrary()
        #expect(try setup.run(request).status == 0)
    }

    @Test("a plugin that loaded, then refused for its folder's mode: 5001 with the refusal, on every request until fixed")
    func refusedAfterLoading() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        #expect(try setup.run(#"{"intent": "Ping"}"#).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: setup.plugins.path)
        for _ in 0..<2 {
            let refused = try setup.run(#"{"intent": "Ping"}"#)
            #expect(refused.status == 4)
            let error = try #require(try refused.json()["error"] as? [String: Any])
            #expect(error["code"] as? Int == 5001)
            #expect((error["message"] as? String)?.contains("failed to load: refused: its directory ") == true, "\(error)")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: setup.plugins.path)
        #expect(try setup.run(#"{"intent": "Ping"}"#).status == 0)
    }

    @Test("cold cache: a plugin whose init hangs does not cost another extension its launch budget")
    func hangingProbeChargedToItself() throws {
        let setup = try Setup([try FixturePlugins.build("good"), try FixturePlugins.build("init-hangs", defines: ["FIXTURE_INIT_HANGS"])])
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--deadline", "1"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
    }

    @Test("probe by hand on a plugin whose init hangs: ends at its deadline, error 5000, exit 4")
    func probeByHandHasDeadline() throws {
        let plugin = try FixturePlugins.build("init-hangs", defines: ["FIXTURE_INIT_HANGS"])
        let result = try CommandRunner().run(["probe", "--deadline", "0.5", plugin.path])
        #expect(result.status == 4)
        #expect(result.standardError.contains("error 5000: loading did not finish within 0.5 s (the extension launch budget)."), "\(result.standardError)")
        let json = try CommandRunner().run(["probe", "--json", "--deadline", "0.5", plugin.path])
        #expect(json.status == 4)
        #expect(try json.json()["failure"] as? String == "timedOut")
    }

    @Test("probe of a plugin whose init crashes: the probe ends by the signal, with exthost's short report, not the runtime's")
    func probeCrashReport() throws {
        let plugin = try FixturePlugins.build("crashes", defines: ["FIXTURE_INIT_CRASHES", "FIXTURE_IDENTIFIER=\"com.example.crash\""])
        let result = try CommandRunner().run(["probe", plugin.path])
        #expect(result.status == SIGSEGV, "\(result.standardError)")
        #expect(result.standardError.contains("*** exthost probe: signal 11 (Segmentation fault); the stack, innermost first"), "\(result.standardError)")
        #expect(!result.standardError.contains("Program crashed"))
    }

    @Test("probe of a plugin whose constructor prints: the record is whole JSON, the line is not in it")
    func probeRecordUnspoiled() throws {
        let plugin = try FixturePlugins.build("constructor-prints", defines: ["FIXTURE_CONSTRUCTOR_PRINTS"])
        let result = try CommandRunner().run(["probe", "--json", plugin.path])
        #expect(result.status == 0, "\(result.standardError)")
        let record = try result.json()
        #expect(record["manifest"] != nil)
        #expect(!result.standardOutput.contains("by a constructor"))
    }
}
