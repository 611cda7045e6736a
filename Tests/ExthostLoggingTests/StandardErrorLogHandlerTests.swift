@testable import ExthostLogging
import Foundation
import Logging
import Synchronization
import Testing

@Suite("exthost's standard error log")
struct StandardErrorLogHandlerTests {
    /// The lines a handler for `label` writes for what `body` logs.
    private func lines(label: String, level: Logger.Level, format: LogFormat = .text, _ body: (Logger) -> Void) -> [String] {
        let written = Written()
        let logger = Logger(label: label) { label in
            StandardErrorLogHandler(label: label, logLevel: level, format: format, metadataProvider: LogContext.metadataProvider) { line in
                written.lines.withLock { $0.append(line) }
            }
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

    @Test("the work's metadata (LogContext) is on every line logged in it, on its thread only; an entry's own value wins")
    func context() {
        let written = lines(label: "exthost.service", level: .info) { logger in
            logger.info("before")
            LogContext.with(["session": "s-1"]) {
                logger.info("conversation ended", metadata: ["intent": "Ping"])
                LogContext.with(["sender_id": "user-42"]) {
                    logger.info("nested")
                }
                logger.info("own value", metadata: ["session": "given"])
                // Another thread is other work.
                let done = DispatchSemaphore(value: 0)
                Thread {
                    logger.info("on another thread")
                    done.signal()
                }.start()
                done.wait()
            }
            logger.info("after")
        }
        #expect(written == [
            "[service info] before\n",
            "[service info] conversation ended intent=Ping session=s-1\n",
            "[service info] nested sender_id=user-42 session=s-1\n",
            "[service info] own value session=given\n",
            "[service info] on another thread\n",
            "[service info] after\n",
        ])
    }

    @Test("the JSON form: one object a line, with the logger's, the work's and the entry's metadata")
    func json() throws {
        let written = lines(label: "exthost.extension", level: .info, format: .json) { logger in
            var logger = logger
            logger[metadataKey: "extension"] = "com.example.fixture.intents"
            LogContext.with(["session": "s-1"]) {
                logger.warning("a \"quoted\" line\twith a tab", metadata: ["path": "/tmp/a", "list": ["1", "2"]])
            }
            logger.debug("not shown")
        }
        #expect(written.count == 1)
        let line = try #require(written.first)
        #expect(line.hasSuffix("}\n") && !line.dropLast().contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["label"] as? String == "exthost.extension")
        #expect(object["level"] as? String == "warning")
        #expect(object["message"] as? String == "a \"quoted\" line\twith a tab")
        #expect(object["metadata"] as? NSDictionary == ["extension": "com.example.fixture.intents", "session": "s-1", "path": "/tmp/a", "list": ["1", "2"]])
        let time = try #require(object["time"] as? String)
        let read = try #require(try? Date(time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        #expect(abs(read.timeIntervalSinceNow) < 60)
    }

    @Test("the form: EXTHOST_LOG_FORMAT, text unless it says json; a name of no form is said and ignored")
    func formSetting() {
        #expect(LogFormat.setting(environment: [:]) == (.text, nil))
        #expect(LogFormat.setting(environment: ["EXTHOST_LOG_FORMAT": "json"]) == (.json, nil))
        #expect(LogFormat.setting(environment: ["EXTHOST_LOG_FORMAT": "JSON"]) == (.json, nil))
        #expect(LogFormat.setting(environment: ["EXTHOST_LOG_FORMAT": ""]) == (.text, nil))
        #expect(LogFormat.setting(environment: ["EXTHOST_LOG_FORMAT": "xml"]) == (.text, "EXTHOST_LOG_FORMAT=xml names no form (text, json); logging as text"))
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
