import DonationStore
import ExthostABI
import ExthostTestSupport
import Foundation
import Testing

/// INFocusStatusCenter as the system keeps it: the Focus and each app's
/// permission in a real store file, and the answer of
/// `EXTHOST_DONATION_FOCUS_STATUS` as a plugin reads it from its buffer.
struct FocusStoreTests {
    let app = "com.example.presence"

    /// The operation through the ABI entry: its return code and what it wrote.
    func ask(_ json: String, _ store: DonationStore) -> (code: Int32, answer: String) {
        var buffer = [CChar](repeating: 0, count: 256)
        let code = json.withCString { request in
            buffer.withUnsafeMutableBufferPointer { message in
                DonationRequest.performEntry(operation: DonationOperation.focusStatus.rawValue, request: request, message: message.baseAddress,
                                             capacity: message.count, store: { () throws(DonationStoreError) in store },
                                             declaredActivityTypes: { _ in nil })
            }
        }
        return (code, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    @Test("the answer names the permission, and the Focus only to an authorized app; asking authorizes an undecided app, a denial stands")
    func answer() throws {
        let path = try makeTemporaryDirectory("focus").appendingPathComponent("donations.sqlite").path
        let store = try DonationStore(path: path)
        #expect(try store.focusStatus() == nil, "never set")
        #expect(try store.setFocusStatus(isFocused: true), "a change")
        #expect(try !store.setFocusStatus(isFocused: true), "already on: no change")
        #expect(ask(#"{"app": "\#(app)"}"#, store) == (0, #"{"authorizationStatus":0}"#))
        #expect(ask(#"{"app": "\#(app)", "request": true}"#, store) == (0, #"{"authorizationStatus":3,"isFocused":true}"#))
        try store.setFocusAuthorization(.denied, app: "com.example.other")
        #expect(ask(#"{"app": "com.example.other", "request": true}"#, store) == (0, #"{"authorizationStatus":2}"#))
        // Siri's decision and the Focus's are apart.
        try store.setSiriAuthorization(.denied, app: app)
        #expect(try store.focusAuthorization(app: app) == .authorized)

        let reopened = try DonationStore(path: path)
        #expect(try reopened.focusStatus()?.isFocused == true)
        #expect(try reopened.focusAuthorizations().map { "\($0.app) \($0.status.name)" } == ["com.example.other denied", "\(app) authorized"])
        try reopened.setFocusAuthorization(.notDetermined, app: app)
        #expect(try reopened.focusAuthorizations().map(\.app) == ["com.example.other"])
    }

    @Test("a request that is not a JSON object is refused with what went wrong (1901), and nothing is recorded")
    func refused() throws {
        let store = try DonationStore(path: try makeTemporaryDirectory("focus").appendingPathComponent("donations.sqlite").path)
        let (code, message) = ask("request: true", store)
        #expect(code == 1901)
        #expect(message.contains("the donation request is not a JSON object"), "\(message)")
        #expect(try store.focusAuthorizations().isEmpty)
    }
}
