import DonationStore
import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The service killed with SIGKILL in the middle of a load, and started
/// again on the same store: what a client was told succeeded stays
/// recorded, and the store is sound.
@Suite("The service killed with SIGKILL")
struct ServiceKillTests {
    /// What the clients were told, by identifier.
    private final class Acknowledged: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var succeeded: [String] = []
        private(set) var failed = 0
        func add(_ identifier: String, _ ok: Bool) {
            lock.withLock { if ok { succeeded.append(identifier) } else { failed += 1 } }
        }
        var count: Int { lock.withLock { succeeded.count } }
    }

    private static func lights(_ identifier: String) -> String {
        #"{"intent": "SetLights", "identifier": "\#(identifier)", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#
    }

    @Test("killed mid-load and restarted: every donation a client was told about is there, and the store's integrity check passes")
    func killedMidLoad() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let first = try RunningService(system)
        try withExtendedLifetime(first) {
            let acknowledged = Acknowledged()
            // Each client thread only runs commands against it.
            nonisolated(unsafe) let service = first
            // Four clients, each a whole `exthost run --service` in a loop,
            // until a request fails (the service is gone).
            let clients = (0..<4).map { client in
                Thread {
                    for number in 0..<200 {
                        let identifier = "kill-\(client)-\(number)"
                        let ok = ((try? service.run(Self.lights(identifier), extra: ["--no-start"]))?.status ?? -1) == 0
                        acknowledged.add(identifier, ok)
                        if !ok { break }
                    }
                }
            }
            clients.forEach { $0.start() }
            // Kill it once some requests were answered, while others are in flight.
            let enough = Date().addingTimeInterval(60)
            while acknowledged.count < 12 && Date() < enough { Thread.sleep(forTimeInterval: 0.005) }
            kill(first.process.processIdentifier, SIGKILL)
            first.process.waitUntilExit()
            let done = Date().addingTimeInterval(60)
            while clients.contains(where: { !$0.isFinished }) && Date() < done { Thread.sleep(forTimeInterval: 0.01) }
            #expect(first.process.terminationReason == .uncaughtSignal)
            #expect(acknowledged.count >= 12, "only \(acknowledged.count) requests were answered before the kill")
            #expect(acknowledged.failed > 0, "no request was cut off by the kill")

            // Started again on the same socket path and store.
            let second = try RunningService(system)
            let after = try second.run(Self.lights("after-restart"))
            #expect(after.status == 0, "\(after.both)")
            #expect(second.stop() == 0, "\(second.output)")

            let recorded = Set(try system.donations(ofApp: "com.example.lights").compactMap { $0["identifier"] as? String })
            let lost = acknowledged.succeeded.filter { !recorded.contains($0) }
            #expect(lost.isEmpty, "told the client, then lost: \(lost)")
            #expect(recorded.contains("after-restart"))
            let store = try DonationStore(path: URL(fileURLWithPath: system.dataDirectory).appendingPathComponent(StoreLocation.fileName).path)
            #expect(try store.integrityCheck() == ["ok"])
        }
    }
}
