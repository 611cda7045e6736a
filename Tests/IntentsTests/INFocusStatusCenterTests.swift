import DonationStore
import ExthostTestSupport
import Foundation
@testable import Intents
import Testing

/// `INFocusStatusCenter` against the system's own request handling and a
/// real store (a temporary SQLite file), through the host table
/// `INPreferencesTests` builds: the permission the person decided, and the
/// Focus the system keeps, read only by an authorized app.
extension CThunkTests.INPreferencesTests {
    /// What a completion handler was called with.
    final class Answer: @unchecked Sendable {
        var status: INFocusStatusAuthorizationStatus?
    }

    @Test("an undecided app reads no Focus; asking authorizes it, and it then reads the Focus the system keeps")
    func focusRequestAuthorizesAnUndecidedApp() async throws {
        let store = try DonationStore(path: try makeTemporaryDirectory("focus").appendingPathComponent("donations.sqlite").path)
        try store.setFocusStatus(isFocused: true)
        Self.store = store
        ExtensionHost.connect(Self.host(), app: "com.example.presence")
        defer { ExtensionHost.connect(nil) }
        let center = INFocusStatusCenter.default
        #expect(center.authorizationStatus == .notDetermined)
        #expect(center.focusStatus.isFocused == nil, "an app that may not read the Focus is told nothing")
        let answer = Answer()
        center.requestAuthorization { answer.status = $0 }
        #expect(answer.status == .authorized)
        #expect(try store.focusAuthorization(app: "com.example.presence") == .authorized)
        #expect(center.focusStatus.isFocused == true)
        try store.setFocusStatus(isFocused: false)
        #expect(center.focusStatus.isFocused == false, "each read asks the system: the Focus as it is now")
        // Siri's decision is another permission: denying Siri changes nothing here.
        try store.setSiriAuthorization(.denied, app: "com.example.presence")
        #expect(center.authorizationStatus == .authorized)
    }

    @Test("a denied app reads no Focus, and asking again does not change the decision")
    func focusDenialStands() async throws {
        let store = try DonationStore(path: try makeTemporaryDirectory("focus").appendingPathComponent("donations.sqlite").path)
        try store.setFocusStatus(isFocused: true)
        try store.setFocusAuthorization(.denied, app: "com.example.presence")
        Self.store = store
        ExtensionHost.connect(Self.host(), app: "com.example.presence")
        defer { ExtensionHost.connect(nil) }
        #expect(await INFocusStatusCenter.default.requestAuthorization() == .denied)
        #expect(INFocusStatusCenter.default.focusStatus.isFocused == nil)
        #expect(try store.focusAuthorization(app: "com.example.presence") == .denied)
        #expect(INFocusStatusAuthorizationStatus.restricted.rawValue == 1 && INFocusStatusAuthorizationStatus.authorized.rawValue == 3)
    }

    @Test("outside exthost there is no system to ask: notDetermined and no Focus")
    func focusWithoutTheSystem() {
        ExtensionHost.connect(nil)
        #expect(INFocusStatusCenter.default.authorizationStatus == .notDetermined)
        #expect(INFocusStatusCenter.default.focusStatus.isFocused == nil)
    }
}
