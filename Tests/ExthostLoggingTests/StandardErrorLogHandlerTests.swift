@testable import ExthostLogging
import Logging
import Synchronization
import Testing

@Suite("exthost's standard error log")
struct StandardErrorLogHandlerTests {
    /// The lines a handler for `label` writes for what `body` logs.
    private func lines(label: String, level: Logger.Level, _ body: (Logger) -> Void) -> [String] {
        let written = Written()
        let logger = Logger(label: label) { label in
            StandardErrorLogHandler(label: label, logLevel: level) { line in written.lines.withLock { $0.append(line) } }
        }
        body(logger)
        return written.lines.withLock { $0 }
    }

    private final class Written: Sendable {
        let lines = Mutex<[String]>([])
    }

    @Test("an extension's lines read as they always have: [extension level] message")
    func extensionLines() {
        let written = lines(label: "exthost.extension", level: .debug) { logger in
            var logger = logger
            logger[metadataKey: "extension"] = "com.example.fixture.intents"
            logger.debug("ping")
            logger.info("the workout is logged")
            logger.error("no network")
        }
        #expect(written == [
            "[extension debug] ping\n",
            "[extension info] the workout is logged\n",
            "[extension error] no network\n",
        ])
    }

    @Test("an entry's own metadata follows its message, sorted; other labels keep their name")
    func metadata() {
        let written = lines(label: "apps", level: .info) { logger in
            logger.warning("the app did not answer", metadata: ["pid": "4242", "app": "com.example.study"])
            logger.debug("not shown")
        }
        #expect(written == ["[apps warning] the app did not answer app=com.example.study pid=4242\n"])
    }

    /// The level an environment sets, when it sets one without a problem.
    private func level(_ environment: [String: String]) -> Logger.Level? {
        let setting = LogLevelSetting(environment: environment)
        return setting.problem == nil ? setting.level : nil
    }

    @Test("the level: EXTHOST_LOG_LEVEL, else debug with EXTHOST_DEBUG, else info")
    func levelSetting() {
        #expect(level([:]) == .info)
        #expect(level(["EXTHOST_DEBUG": "1"]) == .debug)
        #expect(level(["EXTHOST_DEBUG": ""]) == .debug)
        #expect(level(["EXTHOST_LOG_LEVEL": "trace"]) == .trace)
        #expect(level(["EXTHOST_LOG_LEVEL": "Error", "EXTHOST_DEBUG": "1"]) == .error)
        #expect(level(["EXTHOST_LOG_LEVEL": ""]) == .info)
        let wrong = LogLevelSetting(environment: ["EXTHOST_LOG_LEVEL": "loud", "EXTHOST_DEBUG": "1"])
        #expect(wrong.level == .debug)
        #expect(wrong.problem == "EXTHOST_LOG_LEVEL=loud names no level (trace, debug, info, notice, warning, error, critical); logging at debug")
    }
}
