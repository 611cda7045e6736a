import DonationStore
import ExthostTestSupport
import Foundation
import Testing

/// `exthost run` answers first and records the request after: it leaves
/// its record in a pending file for the store's next opener, or, when
/// records are due (``PendingRecord/leftAtMost`` waiting), commits them all
/// after its answer, before it exits. A store another process is writing
/// does not hold the answer back either way.
@Suite("Donations: recorded after the answer", .serialized)
struct DonationAfterAnswerTests {
    /// The Lights example installed, its store made (schema included) and
    /// held in a write transaction by a process of the locker's; with
    /// `due`, records of another app already wait in the pending folder, one
    /// short of what makes `run` commit them itself.
    private func lockedSystem(due: Bool = true) throws -> (ExampleSystem, Child) {
        let (system, store) = try systemWithStore()
        #expect(FileManager.default.fileExists(atPath: store))
        if due { try Self.leavePendingRecords(PendingRecord.leftAtMost - 1, forStore: store) }
        let locker = try StoreLocker.lock(store, in: system.root)
        return (system, locker)
    }

    /// The Lights example installed and its store made (by a `donations
    /// list`, which finds nothing), and the store's path.
    private func systemWithStore() throws -> (ExampleSystem, String) {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        #expect(try system.donations(ofApp: "com.example.lights").isEmpty)
        return (system, system.root.appendingPathComponent("data/donations.sqlite").path)
    }

    /// The app of the records ``leavePendingRecords(_:forStore:)`` writes.
    static let otherApp = "com.example.waiting"

    /// Writes `count` pending records of ``otherApp`` for the store at
    /// `store`, left as a `run` that answered leaves its own (unlocked).
    static func leavePendingRecords(_ count: Int, forStore store: String) throws {
        for index in 0..<count {
            let donation = Donation(identifier: "waiting-\(index)", shortcut: .intent(app: otherApp, intent: "SetLights", canonicalParameters: nil),
                                    intentHandlingStatus: "success", source: .system)
            try PendingRecord(donation, since: Date(), storePath: store).leave()
        }
    }

    /// The names of the files in the pending folder of the store at `store`.
    static func pendingFiles(forStore store: String) throws -> [String] {
        let folder = PendingRecord.folder(forStore: store)
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// `exthost run --json` of SetLights with `identifier`, read until its
    /// whole answer (one JSON object) has arrived.
    private func answeredRun(in system: ExampleSystem, identifier: String) throws -> (Child, String) {
        let request = try system.file("lights.json", #"{"intent": "SetLights", "identifier": "\#(identifier)", "parameters": {"room": "kitchen", "brightness": 40}}"#)
        let run = try Child(BuiltProducts.executable("exthost").path, ["run", "--json", "--plugins", system.plugins.path, request],
                            environment: system.environment, workingDirectory: system.root)
        return (run, try run.readOutput(until: { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }))
    }

    @Test("records due and a store locked by another writer: the answer is printed at once, the records committed when the lock goes")
    func answerBeforeRecord() throws {
        let (system, locker) = try lockedSystem()
        defer { system.tearDown() }
        defer { locker.end() }

        // The whole answer arrives while the store is still locked…
        let (run, answer) = try answeredRun(in: system, identifier: "lights-1")
        defer { run.end() }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        #expect(json["message"] as? String == "The kitchen lights are at 40%.")
        // The store was not tried before the answer (it would have waited for the lock and warned).
        #expect(!(json["warnings"] as? [String] ?? []).contains { $0.contains("not recorded") }, "\(answer)")
        // …and run is still there, waiting to commit its record.
        #expect(run.process.isRunning)

        locker.input.fileHandleForWriting.write(Data("go\n".utf8))
        locker.process.waitUntilExit()
        #expect(locker.process.terminationStatus == 0)
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 0, "\(run.standardError())")
        #expect(!run.standardError().contains("not recorded"))
        // run committed every waiting record, its own included, before it ended.
        let store = system.root.appendingPathComponent("data/donations.sqlite").path
        #expect(try Self.pendingFiles(forStore: store).isEmpty)

        let donations = try system.donations(ofApp: "com.example.lights")
        #expect(donations.count == 1)
        #expect(donations.first?["identifier"] as? String == "lights-1")
        #expect(donations.first?["source"] as? String == "system")
        #expect(try system.donations(ofApp: Self.otherApp).count == PendingRecord.leftAtMost - 1)
    }

    @Test("ended by SIGTERM right after its answer, run still commits the record")
    func terminatedAfterAnswer() throws {
        // The lock keeps run between its answer and its commit while it is asked to end.
        let (system, locker) = try lockedSystem()
        defer { system.tearDown() }
        defer { locker.end() }

        let (run, _) = try answeredRun(in: system, identifier: "lights-2")
        defer { run.end() }
        kill(run.process.processIdentifier, SIGTERM)
        kill(run.process.processIdentifier, SIGINT)

        locker.input.fileHandleForWriting.write(Data("go\n".utf8))
        locker.process.waitUntilExit()
        run.process.waitUntilExit()
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == 0, "\(run.standardError())")
        let donations = try system.donations(ofApp: "com.example.lights")
        #expect(donations.map { $0["identifier"] as? String } == ["lights-2"])
    }

    /// The flush calls (`fdatasync`, `fsync`) and the write of the answer
    /// (the JSON object) of `exthost run --json --in-process` of SetLights,
    /// in order, with the files their descriptors name (`strace -y`); the
    /// store made first (a pending record goes beside it).
    private func tracedRun(environment extra: [String: String]) throws -> (system: ExampleSystem, calls: [Substring]) {
        var system = try ExampleSystem(plugins: ["LightsExtension"])
        system.environment.merge(extra) { _, new in new }
        #expect(try system.donations(ofApp: "com.example.lights").isEmpty)
        let request = try system.file("lights.json", #"{"intent": "SetLights", "identifier": "traced", "parameters": {"room": "kitchen", "brightness": 40}}"#)
        let trace = system.root.appendingPathComponent("strace.txt").path
        let traced = try CommandRunner(environment: system.environment, workingDirectory: system.root).runExternal(
            "/usr/bin/env", ["strace", "-f", "-y", "-e", "trace=fdatasync,fsync,write", "-o", trace,
                             BuiltProducts.executable("exthost").path, "run", "--json", "--in-process", "--plugins", system.plugins.path, request])
        #expect(traced.status == 0, "\(traced.both)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("fdatasync(") || $0.contains("fsync(") || Self.isAnswer($0) }
        return (system, calls)
    }

    /// Whether a traced call writes the answer (`{"code" : …`).
    private static func isAnswer(_ call: Substring) -> Bool {
        call.contains("write(") && call.contains(#"\"code\" : "#)
    }

    @Test("with EXTHOST_FLUSH_DONATIONS=1 the pending record reaches the disk before the answer: its data flushed, then its folder")
    func pendingRecordFlushed() throws {
        let (system, calls) = try tracedRun(environment: ["EXTHOST_FLUSH_DONATIONS": "1"])
        defer { system.tearDown() }
        let data = try #require(calls.firstIndex { $0.contains("fdatasync(") && $0.contains(".pending/") && $0.contains(".writing>") }, "\(calls)")
        let folder = try #require(calls.firstIndex { $0.contains("fsync(") && $0.contains(".pending>") }, "\(calls)")
        let answer = try #require(calls.firstIndex(where: Self.isAnswer), "\(calls)")
        #expect(data < folder && folder < answer, "\(calls)")
        #expect(try system.donations(ofApp: "com.example.lights").count == 1)
    }

    @Test("without EXTHOST_FLUSH_DONATIONS the pending record is written, not flushed, and recorded all the same")
    func pendingRecordNotFlushed() throws {
        let (system, calls) = try tracedRun(environment: [:])
        defer { system.tearDown() }
        #expect(!calls.contains { $0.contains(".pending") }, "\(calls)")
        #expect(calls.contains(where: Self.isAnswer), "\(calls)")
        #expect(try system.donations(ofApp: "com.example.lights").count == 1)
    }
}

extension DonationAfterAnswerTests {
    @Test("three runs killed (SIGKILL) between their answers and their commits: the next command records each request, once")
    func killedAfterAnswer() throws {
        // The lock keeps every run between its answer and its commit when it is killed.
        let (system, locker) = try lockedSystem()
        defer { system.tearDown() }
        defer { locker.end() }

        let identifiers = ["lights-4", "lights-5", "lights-6"]
        let runs = try identifiers.map { identifier in
            let (run, answer) = try answeredRun(in: system, identifier: identifier)
            #expect(answer.contains("The kitchen lights are at 40%."))
            return run
        }
        defer { runs.forEach { $0.end() } }
        for run in runs {
            #expect(run.process.isRunning)
            kill(run.process.processIdentifier, SIGKILL)
            run.process.waitUntilExit()
            #expect(run.process.terminationReason == .uncaughtSignal)
        }

        locker.input.fileHandleForWriting.write(Data("go\n".utf8))
        locker.process.waitUntilExit()
        #expect(locker.process.terminationStatus == 0)

        // Each answer said the kitchen lights were set: each record is there, once…
        let donations = try system.donations(ofApp: "com.example.lights")
        #expect(donations.compactMap { $0["identifier"] as? String }.sorted() == identifiers)
        #expect(donations.allSatisfy { $0["source"] as? String == "system" && $0["intentHandlingStatus"] as? String == "success" })
        // …and stays once: the next command does not record them again.
        #expect(try system.donations(ofApp: "com.example.lights").count == 3)
        let store = system.root.appendingPathComponent("data/donations.sqlite").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: PendingRecord.folder(forStore: store)).isEmpty)
        #expect(try DonationStore(path: store).integrityCheck() == ["ok"])
    }

    @Test("an answer nobody reads (a broken pipe): run ends with status 1 and the request is recorded all the same")
    func brokenPipe() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        defer { system.tearDown() }
        let request = try system.file("lights.json", #"{"intent": "SetLights", "identifier": "lights-3", "parameters": {"room": "kitchen", "brightness": 40}}"#)
        // Nobody reads its standard output: the reading end is closed before it starts.
        let run = try Child(BuiltProducts.executable("exthost").path, ["run", "--json", "--plugins", system.plugins.path, request],
                            environment: system.environment, workingDirectory: system.root, unreadOutput: true)
        defer { run.end() }
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 1)
        #expect(run.standardError().contains("the result could not be written to standard output"))
        #expect(try system.donations(ofApp: "com.example.lights").map { $0["identifier"] as? String } == ["lights-3"])
    }
}

extension DonationAfterAnswerTests {
    /// `exthost run --json --in-process` of SetLights with `identifier`, to its end.
    private func run(in system: ExampleSystem, identifier: String) throws {
        let request = try system.file("lights-\(identifier).json", #"{"intent": "SetLights", "identifier": "\#(identifier)", "parameters": {"room": "kitchen", "brightness": 40}}"#)
        let ran = try system.exthost(["run", "--json", "--in-process", "--plugins", system.plugins.path, request])
        #expect(ran.status == 0, "\(ran.both)")
        #expect(!ran.standardError.contains("not recorded"), "\(ran.both)")
    }

    /// The store file's size and modification time, and whether its
    /// write-ahead log exists.
    private static func stamp(_ store: String) throws -> [String] {
        let attributes = try FileManager.default.attributesOfItem(atPath: store)
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? -1
        return ["\(attributes[.size] ?? -1)", "\(modified)", "\(FileManager.default.fileExists(atPath: store + "-wal"))"]
    }

    @Test("a run leaves its record pending without opening the store: the store file is untouched, and the next command that opens the store (suggest) records it")
    func leftForTheNextOpener() throws {
        let (system, store) = try systemWithStore()
        defer { system.tearDown() }
        let before = try Self.stamp(store)

        try run(in: system, identifier: "left-1")
        #expect(try Self.stamp(store) == before)
        #expect(try Self.pendingFiles(forStore: store).count == 1)

        // The first command that opens the store sees it: here, suggest.
        let suggested = try system.exthost(["suggest", "--json"])
        #expect(suggested.status == 0, "\(suggested.both)")
        let suggestions = try #require(try suggested.json()["suggestions"] as? [[String: Any]])
        #expect(suggestions.compactMap { ($0["shortcut"] as? [String: Any])?["intent"] as? String } == ["SetLights"], "\(suggested.both)")
        #expect(try Self.pendingFiles(forStore: store).isEmpty)

        let donations = try system.donations(ofApp: "com.example.lights")
        #expect(donations.map { $0["identifier"] as? String } == ["left-1"])
        #expect(donations.first?["source"] as? String == "system")
        #expect(donations.first?["intentHandlingStatus"] as? String == "success")
    }

    @Test("a store locked by another writer: a run that leaves its record answers and ends at once; the record is listed once the lock goes")
    func leftWhileLocked() throws {
        let (system, locker) = try lockedSystem(due: false)
        defer { system.tearDown() }
        defer { locker.end() }
        let (run, answer) = try answeredRun(in: system, identifier: "left-2")
        defer { run.end() }
        #expect(answer.contains("The kitchen lights are at 40%."))
        // It ends while the store is still locked, without a word of it: it never tried the store.
        run.process.waitUntilExit()
        #expect(locker.process.isRunning)
        #expect(run.process.terminationStatus == 0)
        #expect(!run.standardError().contains("not recorded"))

        locker.input.fileHandleForWriting.write(Data("go\n".utf8))
        locker.process.waitUntilExit()
        #expect(try system.donations(ofApp: "com.example.lights").map { $0["identifier"] as? String } == ["left-2"])
    }

    @Test("five runs, then one donations list: every record listed once, the newest first, and listed once again by the next")
    func severalLeftInOrder() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        defer { system.tearDown() }
        let store = system.root.appendingPathComponent("data/donations.sqlite").path
        let identifiers = (1...5).map { "in-order-\($0)" }
        for identifier in identifiers { try run(in: system, identifier: identifier) }
        #expect(try Self.pendingFiles(forStore: store).count == 5)

        let listed = try system.donations(ofApp: "com.example.lights").map { $0["identifier"] as? String }
        #expect(listed == identifiers.reversed())
        #expect(try Self.pendingFiles(forStore: store).isEmpty)
        #expect(try system.donations(ofApp: "com.example.lights").map { $0["identifier"] as? String } == identifiers.reversed())
    }

    @Test("the folder's bound: a run leaves its record beside fewer than leftAtMost - 1 others, and commits them all, its own included, beside leftAtMost - 1")
    func bound() throws {
        let (system, store) = try systemWithStore()
        defer { system.tearDown() }

        // One short: the run's record makes leftAtMost - 1, all left.
        try Self.leavePendingRecords(PendingRecord.leftAtMost - 2, forStore: store)
        try run(in: system, identifier: "bound-1")
        #expect(try Self.pendingFiles(forStore: store).count == PendingRecord.leftAtMost - 1)
        // The next run's makes leftAtMost: it commits them all, and the folder is empty.
        try run(in: system, identifier: "bound-2")
        #expect(try Self.pendingFiles(forStore: store).isEmpty)
        #expect(try system.donations(ofApp: "com.example.lights").map { $0["identifier"] as? String } == ["bound-2", "bound-1"])
        #expect(try system.donations(ofApp: Self.otherApp).count == PendingRecord.leftAtMost - 2)
    }

    @Test("a record left pending that the store refuses when it is read: donations list warns, naming its file, the other records are recorded, and a later list records it once the store takes it")
    func refusedWhenRead() throws {
        let (system, store) = try systemWithStore()
        defer { system.tearDown() }
        // The store refuses the waiting app's records: a trigger of another program's.
        try StoreLocker.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON donation WHEN NEW.app = '\(Self.otherApp)' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
            on: store, in: system.root)
        try Self.leavePendingRecords(1, forStore: store)
        let refused = try #require(try Self.pendingFiles(forStore: store).first)
        try run(in: system, identifier: "left-3")

        let listed = try system.exthost(["donations", "list", "--json", "--app", "com.example.lights"])
        #expect(listed.status == 0, "\(listed.both)")
        #expect(listed.standardError.contains("warning: a request answered earlier was not recorded yet"), "\(listed.both)")
        #expect(listed.standardError.contains("refused by the test"), "\(listed.both)")
        #expect(listed.standardError.contains(refused), "\(listed.both)")
        let donations = try #require(try listed.json()["donations"] as? [[String: Any]])
        #expect(donations.map { $0["identifier"] as? String } == ["left-3"])
        #expect(try Self.pendingFiles(forStore: store) == [refused])

        try StoreLocker.execute("DROP TRIGGER refuse", on: store, in: system.root)
        #expect(try system.donations(ofApp: Self.otherApp).map { $0["identifier"] as? String } == ["waiting-0"])
        #expect(try Self.pendingFiles(forStore: store).isEmpty)
    }
}
