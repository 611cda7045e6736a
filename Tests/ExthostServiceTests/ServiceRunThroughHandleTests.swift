import ExthostTestSupport
import Foundation
import Testing

/// A session cancelled while its extension process runs `confirm` inside
/// a run that goes on to `handle` (protocol version 9): the service's
/// `stop` reaches the process before `handle`, which is never called.
@Suite("Cancelling a session whose run carries handle")
struct ServiceRunThroughHandleTests {
    @Test("session cancel while confirm runs inside the run: handle never runs, the client is told, the process serves the next request")
    func cancelDuringConfirm() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("exthost-run-through-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let started = scratch.appendingPathComponent("confirm-started").path
        let release = scratch.appendingPathComponent("confirm-release").path
        let ran = scratch.appendingPathComponent("handle-ran").path
        let plugin = try FixturePlugins.build("service-ping-confirm-waits", defines: ["FIXTURE_PING_CONFIRM_MODE=2"])
        let system = try ExampleSystem(fixtures: [plugin], environment: [
            "FIXTURE_CONFIRM_STARTED": started, "FIXTURE_CONFIRM_RELEASE": release, "FIXTURE_HANDLE_RAN": ran,
        ])
        let service = try RunningService(system)
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var cancelled: CommandRunner.Result?
        // Only the thread uses it until it has answered.
        nonisolated(unsafe) let client = service
        Thread {
            cancelled = try? client.run(#"{"intent": "Ping"}"#)
            answered.signal()
        }.start()
        let until = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: started) && Date() < until { Thread.sleep(forTimeInterval: 0.01) }
        #expect(FileManager.default.fileExists(atPath: started), "confirm never ran:\n\(service.output)")

        let listed = try service.exthost(["session", "list", "--socket", service.socket, "--json"])
        let sessions = try #require(try listed.json()["sessions"] as? [[String: Any]], "\(listed.both)")
        let session = try #require(sessions.first?["session"] as? String, "\(listed.both)")
        #expect(try service.exthost(["session", "cancel", session, "--socket", service.socket]).status == 0)
        _ = FileManager.default.createFile(atPath: release, contents: nil)
        #expect(answered.wait(timeout: .now() + 30) == .success)
        let told = try #require(cancelled)
        #expect(told.status != 0, "\(told.both)")
        #expect(told.both.contains("cancel"), "\(told.both)")

        let next = try service.run(#"{"intent": "Ping"}"#)
        #expect(next.status == 0, "\(next.both)")
        #expect(service.stop() == 0, "\(service.output)")
        // Every process has ended: handle ran once, for the next request.
        let lines = (try? String(contentsOfFile: ran, encoding: .utf8))?.split(separator: "\n") ?? []
        #expect(lines == ["handle"], "handle ran \(lines.count) times for one request that reached it")
    }
}
