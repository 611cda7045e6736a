import ExtensionLoading
import ExthostTestSupport
import Logging
import Testing

@Suite("Extensions' log lines")
struct ExtensionLogTests {
    @Test("an extension's log call arrives through swift-log at its level, named for the extension")
    func levels() throws {
        let plugin = try FixturePlugins.build(
            "logs-debug-asked", defines: ["FIXTURE_LOGS_AT_INIT", #"FIXTURE_IDENTIFIER="com.example.fixture.logs""#])
        let recorder = LogRecorder()
        _ = try ExtensionLoader(logger: recorder.logger(label: "exthost.extension", level: .debug)).load(path: plugin.path)
        #expect(recorder.entries == LogRecorder.Entry.fixtureInitLines(extension: "com.example.fixture.logs"))
    }

    @Test("debug lines are left out unless the logger asks for them")
    func debugFiltered() throws {
        let plugin = try FixturePlugins.build("logs-debug-not-asked", defines: ["FIXTURE_LOGS_AT_INIT"])
        let recorder = LogRecorder()
        _ = try ExtensionLoader(logger: recorder.logger(label: "exthost.extension", level: .info)).load(path: plugin.path)
        #expect(recorder.entries.map(\.message) == ["info line", "error line"])
        #expect(recorder.entries.map(\.level) == [.info, .error])
    }

    @Test("by default a loader logs as exthost.extension")
    func defaultLabel() {
        #expect(ExtensionLoader().logger.label == "exthost.extension")
    }
}
