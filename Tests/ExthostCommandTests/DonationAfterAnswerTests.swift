import DonationStore
import ExthostTestSupport
import Foundation
import Testing

/// `exthost run` answers first and records the request in the store after:
/// a store another process is writing does not hold the answer back, and
/// the record is committed once that writer is done, before `run` exits.
@Suite("Donations: recorded after the answer", .serialized)
struct DonationAfterAnswerTests {
    /// The Lights example installed, its store made (schema included) and
    /// held in a write transaction by a process of the locker's.
    private func lockedSystem() throws -> (ExampleSystem, Child) {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        #expect(try system.donations(ofApp: "com.example.lights").isEmpty)
        let store = system.root.appendingPathComponent("data/donations.sqlite").path
        #expect(FileManager.default.fileExists(atPath: store))
        let locker = try StoreLocker.lock(store, in: system.root)
        return (system, locker)
    }

    /// `exthost run --json` of SetLights with `identifier`, read until its
    /// whole answer (one JSON object) has arrived.
    private func answeredRun(in system: ExampleSystem, identifier: String) throws -> (Child, String) {
        let request = try system.file("lights.json", #"{"intent": "SetLights", "identifier": "\#(identifier)", "parameters": {"room": "kitchen", "brightness": 40}}"#)
        let run = try Child(BuiltProducts.executable("exthost").path, ["run", "--json", "--plugins", system.plugins.path, request],
                            environment: system.environment, workingDirectory: system.root)
        return (run, try run.readOutput(until: { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }))
    }

    @Test("a store locked by another writer: the answer is printed at once, the record committed when the lock goes")
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

        let donations = try system.donations(ofApp: "com.example.lights")
        #expect(donations.count == 1)
        #expect(donations.first?["identifier"] as? String == "lights-1")
        #expect(donations.first?["source"] as? String == "system")
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
