import DonationStore
import ExthostTestSupport
import Foundation
import GRDB
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The service writes down each request it answers before answering and
/// commits the records after, those of concurrent requests together: real
/// `exthost serve` and `exthost run --service` processes on a real SQLite file.
@Suite("The service's donation commits")
struct ServiceDonationCommitTests {
    private static func lights(_ identifier: String) -> String {
        #"{"intent": "SetLights", "identifier": "\#(identifier)", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#
    }

    /// The store of `system`, read directly.
    private func store(of system: ExampleSystem) throws -> DonationStore {
        try DonationStore(path: URL(fileURLWithPath: system.dataDirectory).appendingPathComponent(StoreLocation.fileName).path)
    }

    @Test("eight clients at once: each answered request is recorded once, each client's in the order it sent them")
    func concurrentClients() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        defer { system.tearDown() }
        let service = try RunningService(system)
        let clients = 8, requests = 12
        let failures = Mutex<[String]>([])
        // Each client thread only runs commands against the service.
        nonisolated(unsafe) let running = service
        let threads = (0..<clients).map { client in
            Thread {
                for number in 0..<requests {
                    let identifier = "client-\(client)-\(number)"
                    let result = try? running.run(Self.lights(identifier))
                    let warnings = (try? result?.json()["warnings"] as? [String]) ?? nil
                    if result?.status != 0 || !(warnings ?? []).isEmpty {
                        failures.withLock { $0.append("\(identifier): \(result?.both ?? "no result")") }
                    }
                }
            }
        }
        threads.forEach { $0.start() }
        let deadline = Date().addingTimeInterval(300)
        while threads.contains(where: { !$0.isFinished }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(!threads.contains { !$0.isFinished }, "the clients did not finish within 300 s")
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(service.stop() == 0, "\(service.output)")

        let recorded = try store(of: system).donations(app: "com.example.lights")
        let identifiers = recorded.map(\.identifier)
        #expect(identifiers.count == clients * requests, "\(identifiers.count) records for \(clients * requests) requests")
        #expect(Set(identifiers).count == identifiers.count, "a request recorded twice")
        for client in 0..<clients {
            let own = recorded.filter { $0.identifier.hasPrefix("client-\(client)-") }.sorted { $0.startDate < $1.startDate }
            #expect(own.map(\.identifier) == (0..<requests).map { "client-\(client)-\($0)" }, "client \(client)'s records out of order")
        }
        #expect(recorded.allSatisfy { $0.intentHandlingStatus == "success" && $0.source == .system })
        // Committed in the order each client was answered.
        let committed = try Self.identifiersInCommitOrder(of: system)
        for client in 0..<clients {
            #expect(committed.filter { $0.hasPrefix("client-\(client)-") } == (0..<requests).map { "client-\(client)-\($0)" },
                    "client \(client)'s records committed out of order: \(committed)")
        }
    }

    /// The store's identifiers in the order their rows were written (`rowid`).
    static func identifiersInCommitOrder(of system: ExampleSystem) throws -> [String] {
        let path = URL(fileURLWithPath: system.dataDirectory).appendingPathComponent(StoreLocation.fileName).path
        return try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM donation ORDER BY rowid") }
    }

    /// The value of the series `name` once it reads `expected`: the service
    /// commits after it answers, so a count may lag its answers briefly
    /// (60 s at most here).
    private func metric(_ name: String, reaching expected: Double, from http: HTTPTestClient) throws -> String {
        let deadline = Date().addingTimeInterval(60)
        var text = ""
        repeat {
            text = try http.send("GET", "/metrics").text
            if metric(name, in: text) == expected { break }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return text
    }

    /// The value of the series `name` (with its labels, if any) in a
    /// Prometheus text exposition.
    private func metric(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
    }

    @Test("GET /metrics after concurrent clients: the donation commits, the records each took (adding up to the requests answered) and no failed record")
    func commitMetrics() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        defer { system.tearDown() }
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        let http = HTTPTestClient(base: try service.httpBase())
        let before = try http.send("GET", "/metrics").text
        #expect(metric("exthost_donation_commits_total", in: before) == 0, "\(before)")
        #expect(metric("exthost_donation_records_failed_total", in: before) == 0, "\(before)")

        let clients = 6, requests = 8
        let failures = Mutex<[String]>([])
        nonisolated(unsafe) let running = service
        let threads = (0..<clients).map { client in
            Thread {
                for number in 0..<requests {
                    let result = try? running.run(Self.lights("metrics-\(client)-\(number)"))
                    if result?.status != 0 { failures.withLock { $0.append(result?.both ?? "no result") } }
                }
            }
        }
        threads.forEach { $0.start() }
        let deadline = Date().addingTimeInterval(300)
        while threads.contains(where: { !$0.isFinished }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")

        let text = try metric("exthost_donation_commit_records_sum", reaching: Double(clients * requests), from: http)
        let commits = try #require(metric("exthost_donation_commits_total", in: text), "\(text)")
        // Every answered request was recorded after its answer, by one of the commits counted.
        #expect(metric("exthost_donation_commit_records_sum", in: text) == Double(clients * requests), "\(text)")
        #expect(metric("exthost_donation_commit_records_count", in: text) == commits, "\(text)")
        #expect((1...Double(clients * requests)).contains(commits), "\(text)")
        #expect(metric("exthost_donation_records_failed_total", in: text) == 0, "\(text)")
        #expect(text.contains("# TYPE exthost_donation_commit_records histogram"), "\(text)")
        #expect(service.stop() == 0, "\(service.output)")
        #expect(try store(of: system).donations(app: "com.example.lights").count == clients * requests)
    }

    @Test("a store folder that cannot be written: the request is answered with a warning saying it was not recorded, the service logs it and counts it (GET /metrics), and the next request once the folder is writable is recorded, in one commit")
    func unwritableStore() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        defer { system.tearDown() }
        let data = system.dataDirectory
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try ReadOnlyFolder.lock(data)
        defer { ReadOnlyFolder.unlock(data) }
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        let http = HTTPTestClient(base: try service.httpBase())

        let refused = try service.run(Self.lights("while-read-only"))
        #expect(refused.status == 0, "\(refused.both)")
        let warnings = try refused.json()["warnings"] as? [String] ?? []
        let warning = try #require(warnings.first { $0.contains("the interaction was not recorded") }, "\(refused.both)")
        #expect(warning.contains("cannot open the donation store \(data)/\(StoreLocation.fileName)"), "\(warning)")
        #expect(warning.contains("set EXTHOST_DATA_DIR to a writable folder"), "\(warning)")
        #expect(warning.contains("1912"), "\(warning)")
        #expect(service.output.contains("the interaction was not recorded"), "\(service.output)")
        let failed = try http.send("GET", "/metrics").text
        #expect(metric("exthost_donation_records_failed_total", in: failed) == 1, "\(failed)")
        #expect(metric("exthost_donation_commits_total", in: failed) == 0, "\(failed)")

        ReadOnlyFolder.unlock(data)
        let accepted = try service.run(Self.lights("once-writable"))
        #expect(accepted.status == 0, "\(accepted.both)")
        #expect((try accepted.json()["warnings"] as? [String] ?? []).isEmpty, "\(accepted.both)")
        let after = try metric("exthost_donation_commits_total", reaching: 1, from: http)
        #expect(metric("exthost_donation_records_failed_total", in: after) == 1, "\(after)")
        #expect(metric("exthost_donation_commits_total", in: after) == 1, "\(after)")
        #expect(metric("exthost_donation_commit_records_sum", in: after) == 1, "\(after)")
        #expect(service.stop() == 0, "\(service.output)")
        let identifiers = try store(of: system).donations(app: "com.example.lights").map(\.identifier)
        #expect(identifiers == ["once-writable"])
    }
}

/// A folder no process may create files in: mode 0555, and for root (whom
/// modes do not stop) the immutable attribute too (`chattr +i`).
enum ReadOnlyFolder {
    static func lock(_ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path)
        if geteuid() == 0 {
            let chattr = Process()
            chattr.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            chattr.arguments = ["chattr", "+i", path]
            try chattr.run()
            chattr.waitUntilExit()
            try #require(chattr.terminationStatus == 0, "chattr +i \(path) failed: root needs the immutable attribute to be refused writes")
        }
        #expect(!FileManager.default.createFile(atPath: path + "/probe", contents: nil), "\(path) still takes new files")
    }

    static func unlock(_ path: String) {
        if geteuid() == 0 {
            let chattr = Process()
            chattr.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            chattr.arguments = ["chattr", "-i", path]
            if (try? chattr.run()) != nil { chattr.waitUntilExit() }
        }
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
}
