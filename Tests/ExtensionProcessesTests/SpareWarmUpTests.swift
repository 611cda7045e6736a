import ExthostPosix
import ExthostTestSupport
import ExtensionProcesses
import Foundation
import Logging
import Testing

/// A spare's warm-up (`SpareWarmUp`), seen from outside in real spares:
/// one that warmed up and one started with `--no-warm-up`, side by side.
@Suite("A spare's warm-up")
struct SpareWarmUpTests {
    @Test("a spare that warmed up has its read-only mappings resident, and no more threads or descriptors than one that did not")
    func warmUpLeavesNoThreadsOrDescriptors() throws {
        let quiet = Logger(label: "exthost.test") { _ in SwiftLogNoOpLogHandler() }
        var configuration = ExtensionProcessConfiguration(executable: BuiltProducts.executable("exthost").path, logger: quiet)
        let warm = ExtensionProcessPool(configuration: configuration, idleTimeout: 600, logger: quiet, keepsSpare: true)
        defer { warm.shutDown() }
        configuration.warmsUpSpares = false
        let cold = ExtensionProcessPool(configuration: configuration, idleTimeout: 600, logger: quiet, keepsSpare: true)
        defer { cold.shutDown() }
        let deadline = Posix.deadline(after: 60)
        while warm.spareProcessID == nil || cold.spareProcessID == nil {
            try #require(Posix.monotonicNanoseconds() < deadline, "no spare came up within 60 s")
            Posix.sleep(milliseconds: 10)
        }
        let (warmed, plain) = (try #require(warm.spareProcessID), try #require(cold.spareProcessID))
        // Both wait in the same place; what differs is what is resident.
        // libdispatch's pool workers ("com.apple.root.…-qos…") are started
        // and retired by libdispatch on its own timing in either spare, so
        // the threads compared are the others: the warm-up starts none.
        #expect(Self.ownThreads(warmed) == Self.ownThreads(plain))
        #expect(try Self.descriptors(warmed) == Self.descriptors(plain))
        #expect(try Self.status(warmed, "SigCgt:") == Self.status(plain, "SigCgt:"))
        #expect(try Self.status(warmed, "SigBlk:") == Self.status(plain, "SigBlk:"))
        let (warmResident, plainResident) = (try Self.kibibytes(warmed, "RssFile:"), try Self.kibibytes(plain, "RssFile:"))
        #expect(warmResident > plainResident + 1024, "file-backed resident: \(warmResident) KiB warmed, \(plainResident) KiB not")
    }

    private static func status(_ pid: Int32, _ field: String) throws -> String {
        let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return try #require(text.split(separator: "\n").first { $0.hasPrefix(field) }.map(String.init), "no \(field) in \(text)")
    }

    private static func kibibytes(_ pid: Int32, _ field: String) throws -> Int {
        try #require(Int(try status(pid, field).split(whereSeparator: { $0 == " " || $0 == "\t" })[1]))
    }

    /// The process's threads by name, libdispatch's pool workers left out
    /// (a name is the kernel's 15 characters: "oot.default-qos").
    private static func ownThreads(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .filter { !$0.contains("-qos") }.sorted()
    }

    private static func descriptors(_ pid: Int32) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").sorted()
    }
}
