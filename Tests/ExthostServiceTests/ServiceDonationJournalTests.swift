import DonationStore
import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The service answers before it commits a request's record: the record is
/// in its journal first, so a store another process holds does not hold the
/// answer back, and what was answered is not lost, is seen by readers, and
/// is committed at shutdown. Real `exthost serve`, `exthost run --service`
/// and `exthost donations list` processes on a real SQLite file, its write
/// lock held by a real process.
@Suite("The service's donation journal", .serialized, .timeLimit(.minutes(5)))
struct ServiceDonationJournalTests {
    private static func lights(_ identifier: String) -> String {
        #"{"intent": "SetLights", "identifier": "\#(identifier)", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#
    }

    /// The Lights example, its store made, a service serving it, and the
    /// store's file.
    private func servedSystem() throws -> (ExampleSystem, RunningService, String) {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        #expect(try system.donations(ofApp: "com.example.lights").isEmpty)
        let store = URL(fileURLWithPath: system.dataDirectory).appendingPathComponent(StoreLocation.fileName).path
        return (system, try RunningService(system), store)
    }

    /// The journal files beside the store.
    private func journals(of store: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: PendingRecord.folder(forStore: store))) ?? []).filter { $0.hasSuffix(".journal") }
    }

    /// `exthost run --service` of SetLights, which must be answered with
    /// success and no warning.
    private func answer(_ service: RunningService, _ identifier: String) throws {
        let result = try service.run(Self.lights(identifier))
        #expect(result.status == 0, "\(result.both)")
        #expect((try result.json()["warnings"] as? [String] ?? []).isEmpty, "\(result.both)")
    }

    private func letGo(_ locker: Child) {
        locker.input.fileHandleForWriting.write(Data("go\n".utf8))
        locker.process.waitUntilExit()
        #expect(locker.process.terminationStatus == 0)
    }

    @Test("answered while another process holds the store, then the service killed with SIGKILL: each record is in the store once, in order, after the next open, and the journal is gone")
    func killedAfterAnswer() throws {
        let (system, service, store) = try servedSystem()
        defer { system.tearDown() }
        let locker = try StoreLocker.lock(store, in: system.root)
        defer { locker.end() }

        // Answered at once (a commit before the answer would wait for the lock).
        try answer(service, "killed-1")
        try answer(service, "killed-2")
        #expect(!journals(of: store).isEmpty, "nothing written down before the answers")
        kill(service.process.processIdentifier, SIGKILL)
        service.process.waitUntilExit()
        #expect(service.process.terminationReason == .uncaughtSignal)
        letGo(locker)

        // The next opener records the dead service's journal and removes it.
        let reopened = try DonationStore(path: store)
        #expect(try reopened.donations(app: "com.example.lights").map(\.identifier).sorted() == ["killed-1", "killed-2"])
        #expect(journals(of: store).isEmpty, "\(journals(of: store))")
        #expect(try ServiceDonationCommitTests.identifiersInCommitOrder(of: system) == ["killed-1", "killed-2"])
        // Once: a second open records nothing again.
        #expect(try system.donations(ofApp: "com.example.lights").count == 2)
        #expect(try DonationStore(path: store).integrityCheck() == ["ok"])
    }

    @Test("`donations list` right after an answer, the service unable to commit (stopped, the store held): the record is listed, and in the store once after the service's own commit")
    func listedBeforeCommit() throws {
        let (system, service, store) = try servedSystem()
        defer { system.tearDown() }
        // The service's first request opens its store; its commit is awaited
        // (read without recording the journals): a service stopped while it
        // opens the store would hold the store's open lock.
        try answer(service, "listed-0")
        let opened = Date().addingTimeInterval(60)
        while try ServiceDonationCommitTests.identifiersInCommitOrder(of: system).isEmpty && Date() < opened { Thread.sleep(forTimeInterval: 0.02) }
        let locker = try StoreLocker.lock(store, in: system.root)
        defer { locker.end() }
        try answer(service, "listed-1")
        // The service cannot commit while stopped: the list reads its journal.
        kill(service.process.processIdentifier, SIGSTOP)
        letGo(locker)
        let listed: [[String: Any]]
        do {
            defer { kill(service.process.processIdentifier, SIGCONT) }
            listed = try system.donations(ofApp: "com.example.lights")
        }
        #expect(listed.compactMap { $0["identifier"] as? String }.sorted() == ["listed-0", "listed-1"], "\(listed)")
        // The service commits it too, and removes it from its journal.
        try answer(service, "listed-2")
        #expect(service.stop() == 0, "\(service.output)")
        #expect(journals(of: store).isEmpty, "\(journals(of: store))")
        #expect(try ServiceDonationCommitTests.identifiersInCommitOrder(of: system) == ["listed-0", "listed-1", "listed-2"])
    }

    @Test("SIGTERM with records answered and not yet committed (the store held): the service commits them before it exits, and leaves no journal")
    func shutdownCommits() throws {
        let (system, service, store) = try servedSystem()
        defer { system.tearDown() }
        let locker = try StoreLocker.lock(store, in: system.root)
        defer { locker.end() }
        try answer(service, "term-1")
        try answer(service, "term-2")
        // The lock goes a second after the service is asked to stop.
        // Only this thread writes to the locker meanwhile.
        nonisolated(unsafe) let held = locker
        let release = Thread { Thread.sleep(forTimeInterval: 1); held.input.fileHandleForWriting.write(Data("go\n".utf8)) }
        release.start()
        #expect(service.stop() == 0, "\(service.output)")
        // Committed by the service itself: nothing left for another opener.
        #expect(journals(of: store).isEmpty, "\(journals(of: store))")
        #expect(try ServiceDonationCommitTests.identifiersInCommitOrder(of: system) == ["term-1", "term-2"])
    }
}
