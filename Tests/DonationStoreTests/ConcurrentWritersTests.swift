import DonationStore
import ExthostTestSupport
import Foundation
import Testing

/// Several processes write the store at once, and one is killed mid-write:
/// real `exthost donations add` processes on a real file.
@Suite(.serialized)
struct ConcurrentWritersTests {
    let sync = #"{"app": "jp.co.freee.accounting", "intent": "FreeeFetchWalletableTransactions", "groupIdentifier": "account-sync"}"#

    func setUp() throws -> (folder: URL, file: URL, store: String) {
        let folder = try makeTemporaryDirectory("writers")
        let file = folder.appendingPathComponent("sync.json")
        try sync.write(to: file, atomically: true, encoding: .utf8)
        return (folder, file, folder.appendingPathComponent("data/donations.sqlite").path)
    }

    func donor(_ file: URL, store: String, count: Int) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = BuiltProducts.executable("exthost")
        process.arguments = ["donations", "add", file.path, "--count", String(count), "--store", store]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    @Test("two processes donating at once: every donation is there")
    func twoWriters() throws {
        let (_, file, store) = try setUp()
        let writers = try (0..<2).map { _ in try donor(file, store: store, count: 150) }
        var printed: [String] = []
        for (process, output) in writers {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            printed += text.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        }
        #expect(printed.count == 300)
        let opened = try DonationStore(path: store)
        #expect(Set(try opened.donations().map(\.identifier)) == Set(printed))
        #expect(try opened.integrityCheck() == ["ok"])
    }

    @Test("a writer killed mid-donation: what it committed is there, nothing is corrupt, others go on")
    func killedWriter() throws {
        let (_, file, store) = try setUp()
        let steady = try donor(file, store: store, count: 100)
        let (victim, output) = try donor(file, store: store, count: 100_000)
        // Let it commit a while, then kill it without warning, mid-stream.
        var text = ""
        let reader = output.fileHandleForReading
        while text.split(separator: "\n").count < 60 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(victim.processIdentifier, SIGKILL)
        victim.waitUntilExit()
        text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        #expect(victim.terminationReason == .uncaughtSignal)
        let committed = text.split(separator: "\n").filter { $0.hasPrefix("donated ") && $0.split(separator: " ").count == 3 }
            .map { String($0.split(separator: " ")[2]) }
        #expect(committed.count >= 60)

        _ = steady.1.fileHandleForReading.readDataToEndOfFile()
        steady.0.waitUntilExit()
        #expect(steady.0.terminationStatus == 0)

        let opened = try DonationStore(path: store)
        #expect(try opened.integrityCheck() == ["ok"])
        let stored = Set(try opened.donations().map(\.identifier))
        // Every donation whose commit was reported is there; at most one more
        // (committed, killed before it printed) from the victim.
        #expect(Set(committed).isSubset(of: stored))
        #expect(stored.count >= committed.count + 100 && stored.count <= committed.count + 101)
        // And the store takes new writes.
        try opened.donate(Donation(identifier: "after", shortcut: .intent(app: "a", intent: "B")))
        #expect(try opened.donations(app: "a").count == 1)
    }
}
