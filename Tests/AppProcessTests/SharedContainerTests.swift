import ExthostTestSupport
import Foundation
import SharedContainer
import Testing

@Suite("Shared container")
struct SharedContainerTests {
    struct Entry: Codable, Hashable {
        var writer: String
        var index: Int
    }

    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "ehshared-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("two processes appending at once lose nothing")
    func concurrentWriters() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let perWriter = 1500
        let writers = try ["app", "extension"].map { tag in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuiltProducts.executable("ConcurrentQueueWriter").path)
            process.arguments = [base, "group.test", "events", String(perWriter), tag]
            try process.run()
            return process
        }
        // This process drains while they write: nothing may be read twice or lost.
        let queue = try SharedContainer(appGroup: "group.test", baseDirectory: base).queue(named: "events")
        var drained: [Entry] = []
        while writers.contains(where: \.isRunning) {
            drained += try queue.drain(as: Entry.self)
            usleep(1000)
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        drained += try queue.drain(as: Entry.self)

        #expect(drained.count == 2 * perWriter)
        #expect(Set(drained).count == 2 * perWriter)
        for tag in ["app", "extension"] {
            // Each writer's entries arrive in the order written.
            #expect(drained.filter { $0.writer == tag }.map(\.index) == Array(0..<perWriter))
        }
        #expect(try queue.count() == 0)
    }

    @Test("entries are kept until drained, oldest first")
    func appendReadDrain() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let container = try SharedContainer(appGroup: "group.test", baseDirectory: base)
        let queue = container.queue(named: "pending")

        try queue.append(Entry(writer: "x", index: 1))
        try queue.append(Entry(writer: "x", index: 2))
        #expect(try queue.entries(as: Entry.self).map(\.index) == [1, 2])
        #expect(try queue.count() == 2)
        #expect(try queue.drain(as: Entry.self).map(\.index) == [1, 2])
        #expect(try queue.drain(as: Entry.self).isEmpty)
        #expect(container.url.path == base + "/group.test")
    }

    @Test("a line cut short by a crash is skipped")
    func tornLineIsSkipped() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let queue = try SharedContainer(appGroup: "group.test", baseDirectory: base).queue(named: "q")
        try queue.append(Entry(writer: "x", index: 1))
        let handle = try #require(FileHandle(forWritingAtPath: queue.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"writer\":\"x\",\"ind".utf8))
        handle.closeFile()

        #expect(try queue.entries(as: Entry.self) == [Entry(writer: "x", index: 1)])
    }

    @Test("an app group name with a slash is refused")
    func badGroupName() {
        #expect(throws: SharedContainerError.self) {
            try SharedContainer(appGroup: "../escape", baseDirectory: NSTemporaryDirectory())
        }
    }

    @Test("events an extension queued while the app was not running are sent when it launches")
    func appDrainsAtLaunch() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let queue = try SharedContainer(appGroup: FixtureSystem.appGroup, baseDirectory: system.sharedContainers)
            .queue(named: "events")
        for index in 0..<3 { try queue.append(Entry(writer: "extension", index: index)) }

        _ = try system.handoff.open(FixtureSystem.goalActivity)

        #expect(system.appOutput().contains("[Fixture] sending 3 queued events"))
        #expect(try queue.count() == 0)
    }
}
