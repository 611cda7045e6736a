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

    @Test("a writer killed while donating copies: all of them or none are stored, nothing is corrupt, others go on")
    func killedWriter() throws {
        let (_, file, store) = try setUp()
        let (victim, output) = try donor(file, store: store, count: 100_000)
        let steady = try donor(file, store: store, count: 100)
        // The steady writer waits for the victim's transaction or goes first;
        // once it is done, kill the victim without warning, wherever it is.
        let steadyLines = String(decoding: steady.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        steady.0.waitUntilExit()
        #expect(steady.0.terminationStatus == 0)
        #expect(steadyLines.split(separator: "\n").count == 100)
        kill(victim.processIdentifier, SIGKILL)
        victim.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").filter { $0.hasPrefix("donated ") }.count

        let opened = try DonationStore(path: store)
        #expect(try opened.integrityCheck() == ["ok"])
        let stored = try opened.donations().count
        // One transaction: the victim's 100000 copies are all there or none
        // is; a line is printed only for a stored copy.
        #expect(stored == 100 || stored == 100_100, "\(stored) donations stored")
        #expect(printed == 0 || stored == 100_100, "\(printed) lines printed, \(stored) stored")
        // And the store takes new writes.
        try opened.donate(Donation(identifier: "after", shortcut: .intent(app: "a", intent: "B")))
        #expect(try opened.donations(app: "a").count == 1)
    }
}
