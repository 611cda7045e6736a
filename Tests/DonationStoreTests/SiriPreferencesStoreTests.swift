import DonationStore
import ExthostABI
import ExthostTestSupport
import Foundation
import Testing

/// INVocabulary and INPreferences as the system keeps them: requests in
/// the ABI form against a real store file.
struct SiriPreferencesStoreTests {
    let app = "com.example.workouts"

    func store() throws -> DonationStore {
        try DonationStore(path: makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path)
    }

    func perform(_ operation: DonationOperation, _ json: String, _ store: DonationStore) throws -> Int {
        try DonationRequest.perform(operation, json: json, store: store, declaredActivityTypes: { _ in nil })
    }

    @Test("a type's strings are replaced as a whole, kept in the app's order, per app; too long ones dropped; removeAll clears every type")
    func vocabulary() throws {
        let store = try store()
        let long = String(repeating: "x", count: 513)
        _ = try perform(.setVocabulary, #"{"app": "\#(app)", "type": 200, "strings": ["Pool Swim", "Outdoor Run", "Pool Swim", "\#(long)"]}"#, store)
        _ = try perform(.setVocabulary, #"{"app": "\#(app)", "type": 1, "strings": ["Ana Souza"]}"#, store)
        _ = try perform(.setVocabulary, #"{"app": "com.example.other", "type": 200, "strings": ["Hot Yoga"]}"#, store)
        #expect(try store.vocabulary(app: app, type: 200) == ["Pool Swim", "Outdoor Run"])
        _ = try perform(.setVocabulary, #"{"app": "\#(app)", "type": 200, "strings": ["Indoor Cycle"]}"#, store)
        #expect(try store.vocabulary(app: app, type: 200) == ["Indoor Cycle"])
        #expect(try store.vocabulary(app: "com.example.other", type: 200) == ["Hot Yoga"])
        #expect(try perform(.setVocabulary, #"{"app": "\#(app)"}"#, store) == 2)
        #expect(try store.vocabulary(app: app, type: 200).isEmpty && store.vocabulary(app: app, type: 1).isEmpty)
        do {
            _ = try perform(.setVocabulary, #"{"app": "\#(app)", "type": "workouts", "strings": []}"#, store)
            Issue.record("a type that is not a number was accepted")
        } catch let error as DonationStoreError {
            #expect(error.code == .donatingInteraction && error.message.contains("INVocabularyStringType number"), "\(error.message)")
        }
    }

    @Test("denying or resetting an app drops its vocabulary; while denied it keeps none; authorizing keeps it; other apps keep theirs")
    func vocabularyFollowsAuthorization() throws {
        let store = try store()
        let other = "com.example.other"
        func register() throws {
            _ = try perform(.setVocabulary, #"{"app": "\#(app)", "type": 200, "strings": ["Pool Swim"]}"#, store)
        }
        _ = try perform(.setVocabulary, #"{"app": "\#(other)", "type": 200, "strings": ["Hot Yoga"]}"#, store)
        try register()
        try store.setSiriAuthorization(.authorized, app: app)
        #expect(try store.vocabulary(app: app, type: 200) == ["Pool Swim"])
        try store.setSiriAuthorization(.denied, app: app)
        #expect(try store.vocabulary(app: app, type: 200).isEmpty)
        try register()
        #expect(try store.vocabulary(app: app, type: 200).isEmpty, "a denied app's strings were kept")
        try store.setSiriAuthorization(.notDetermined, app: app)
        try register()
        #expect(try store.vocabulary(app: app, type: 200) == ["Pool Swim"])
        try store.setSiriAuthorization(.notDetermined, app: app)
        #expect(try store.vocabulary(app: app, type: 200).isEmpty, "a reset app's strings were kept")
        #expect(try store.vocabulary(app: other, type: 200) == ["Hot Yoga"])
    }

    @Test("asking authorizes an undecided app and answers its status; a decision stands; reset forgets it")
    func authorization() throws {
        let store = try store()
        #expect(try perform(.siriAuthorization, #"{"app": "\#(app)"}"#, store) == SiriAuthorization.notDetermined.rawValue)
        #expect(try perform(.siriAuthorization, #"{"app": "\#(app)", "request": true}"#, store) == SiriAuthorization.authorized.rawValue)
        try store.setSiriAuthorization(.denied, app: app)
        #expect(try perform(.siriAuthorization, #"{"app": "\#(app)", "request": true}"#, store) == SiriAuthorization.denied.rawValue)
        #expect(try store.siriAuthorizations().map(\.app) == [app])
        try store.setSiriAuthorization(.notDetermined, app: app)
        #expect(try store.siriAuthorizations().isEmpty)
        #expect(!SiriAuthorization.denied.allowsSystemIntents && !SiriAuthorization.restricted.allowsSystemIntents)
        #expect(SiriAuthorization.notDetermined.allowsSystemIntents && SiriAuthorization.authorized.allowsSystemIntents)
    }
}
