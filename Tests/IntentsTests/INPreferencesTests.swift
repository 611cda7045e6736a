import CExthost
import DonationStore
import ExthostTestSupport
import Foundation
@testable import Intents
import Testing

/// `INPreferences` against the system's own request handling and a real
/// store (a temporary SQLite file): the status the person decided, and a
/// request that authorizes an undecided app only.
extension CThunkTests {
@Suite(.serialized)
struct INPreferencesTests {
    /// The store the host table below writes, opened per test.
    nonisolated(unsafe) static var store: DonationStore?

    /// A host table whose `donations` is the system's own entry
    /// (`DonationRequest.performEntry`) over ``store``.
    static func host() -> UnsafeMutablePointer<exthost_host_api> {
        let table = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)
        table.initialize(to: exthost_host_api(
            size: UInt32(MemoryLayout<exthost_host_api>.size), abi_version: EXTHOST_ABI_VERSION, log: { _, _ in }, shared_container: nil,
            donations: { operation, request, message, capacity in
                DonationRequest.performEntry(
                    operation: operation, request: request, message: message, capacity: capacity,
                    store: { () throws(DonationStoreError) in
                        guard let store = INPreferencesTests.store else { throw DonationStoreError(.storeUnavailable, "no store") }
                        return store
                    },
                    declaredActivityTypes: { _ in nil })
            }))
        return table
    }

    @Test("an undecided app reads notDetermined; asking authorizes it, and the system keeps that")
    func requestAuthorizesAnUndecidedApp() throws {
        let store = try DonationStore(path: try makeTemporaryDirectory("siri").appendingPathComponent("donations.sqlite").path)
        Self.store = store
        ExtensionHost.connect(Self.host(), app: "com.example.messaging")
        defer { ExtensionHost.connect(nil) }
        #expect(INPreferences.siriAuthorizationStatus() == .notDetermined)
        var answered: INSiriAuthorizationStatus?
        INPreferences.requestSiriAuthorization { answered = $0 }
        #expect(answered == .authorized)
        #expect(try store.siriAuthorization(app: "com.example.messaging") == .authorized)
        #expect(INPreferences.siriAuthorizationStatus() == .authorized)
    }

    @Test("a person's denial stands: asking again does not change it, as iOS does not prompt twice")
    func denialStands() throws {
        let store = try DonationStore(path: try makeTemporaryDirectory("siri").appendingPathComponent("donations.sqlite").path)
        try store.setSiriAuthorization(.denied, app: "com.example.messaging")
        Self.store = store
        ExtensionHost.connect(Self.host(), app: "com.example.messaging")
        defer { ExtensionHost.connect(nil) }
        var answered: INSiriAuthorizationStatus?
        INPreferences.requestSiriAuthorization { answered = $0 }
        #expect(answered == .denied)
        #expect(INPreferences.siriAuthorizationStatus() == .denied)
        #expect(try store.siriAuthorization(app: "com.example.messaging") == .denied)
        #expect(INSiriAuthorizationStatus.denied.rawValue == 2 && INSiriAuthorizationStatus.authorized.rawValue == 3)
    }
}
}
