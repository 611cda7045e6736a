import DonationStore
import ExthostABI
import ExthostTestSupport
import Foundation
import GRDB
import Testing

/// INVocabulary and INPreferences as the system keeps them: requests in
/// the ABI form against a real store file.
struct SiriPreferencesStoreTests: StoreRequestTesting {
    let app = "com.example.workouts"

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

    @Test("setVocabulary(_:of:)'s entries keep their identifier, hint and alternatives; a request of strings alone still registers phrases")
    func vocabularyEntries() throws {
        let store = try store()
        let request = #"""
            {"app": "\#(app)", "type": 200, "strings": ["Corrida na Praça", "iSwim", "Pool Swim"], "entries": [
              {"spokenPhrase": "Corrida na Praça", "vocabularyIdentifier": "square-run", "alternativeSpeakableMatches": ["square run"]},
              {"spokenPhrase": "iSwim", "vocabularyIdentifier": "iswim", "pronunciationHint": "eye swim"},
              {"spokenPhrase": "Pool Swim"}]}
            """#
        #expect(try perform(.setVocabulary, request, store) == 3)
        #expect(try store.vocabularyEntries(app: app, type: 200) == [
            VocabularyEntry(phrase: "Corrida na Praça", identifier: "square-run", alternatives: ["square run"]),
            VocabularyEntry(phrase: "iSwim", identifier: "iswim", pronunciationHint: "eye swim"),
            VocabularyEntry(phrase: "Pool Swim"),
        ])
        // One phrase with two identifiers (two contacts of one name) is two
        // entries; the same phrase and identifier again is kept once.
        let namesakes = #"""
            {"app": "\#(app)", "type": 1, "strings": [], "entries": [
              {"spokenPhrase": "Carla Dias", "vocabularyIdentifier": "carla-1"}, {"spokenPhrase": "Carla Dias", "vocabularyIdentifier": "carla-2"},
              {"spokenPhrase": "Carla Dias", "vocabularyIdentifier": "carla-1"}]}
            """#
        _ = try perform(.setVocabulary, namesakes, store)
        #expect(try store.vocabularyEntries(app: app, type: 1).map(\.identifier) == ["carla-1", "carla-2"])
        // A plugin built before entries sends strings alone.
        _ = try perform(.setVocabulary, #"{"app": "\#(app)", "type": 200, "strings": ["Hot Yoga"]}"#, store)
        #expect(try store.vocabularyEntries(app: app, type: 200) == [VocabularyEntry(phrase: "Hot Yoga")])
        for (bad, said) in [
            (#"[{"vocabularyIdentifier": "x"}]"#, "entry 1 has no \"spokenPhrase\""),
            (#"[{"spokenPhrase": "A"}, {"spokenPhrase": "B", "pronunciationHint": 3}]"#, "entry 2 (\"B\"): \"pronunciationHint\" must be text"),
            (#"[{"spokenPhrase": "A", "alternativeSpeakableMatches": "a"}]"#, "\"alternativeSpeakableMatches\" must be a list"),
            (#"["A"]"#, "\"entries\" must be a list of objects"),
        ] {
            #expect {
                try perform(.setVocabulary, #"{"app": "\#(app)", "type": 200, "strings": [], "entries": \#(bad)}"#, store)
            } throws: { error in
                (error as? DonationStoreError)?.message.contains(said) == true
            }
        }
        #expect(try store.vocabulary(app: app, type: 200) == ["Hot Yoga"], "a refused request changed nothing")
    }

    @Test("a store the previous schema wrote opens with its vocabulary kept, and takes entries afterwards")
    func vocabularyOfAnEarlierStore() throws {
        let path = try makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path
        _ = try DonationStore(path: path)
        // The file as the previous version leaves it: the vocabulary table of
        // "v5 vocabulary", six migrations applied, its strings written as
        // that version wrote them.
        try DatabaseQueue(path: path).write { db in
            for column in ["identifier", "pronunciationHint", "alternatives"] {
                try db.execute(sql: "ALTER TABLE vocabulary DROP COLUMN \(column)")
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v7 vocabulary entries'")
            try db.execute(sql: "PRAGMA user_version = 6")
            for (position, string) in ["Pool Swim", "Outdoor Run"].enumerated() {
                try db.execute(sql: "INSERT INTO vocabulary (app, type, position, string, changed) VALUES (?, 200, ?, ?, 0)",
                               arguments: [app, position, string])
            }
        }
        let reopened = try DonationStore(path: path)
        #expect(try reopened.vocabularyEntries(app: app, type: 200) == [VocabularyEntry(phrase: "Pool Swim"), VocabularyEntry(phrase: "Outdoor Run")])
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 10, "every migration applied, the run look-up's index (v10) too")
        try reopened.setVocabulary(app: app, type: 200, entries: [VocabularyEntry(phrase: "Pool Swim", identifier: "pool")])
        #expect(try reopened.vocabularyEntries(app: app, type: 200) == [VocabularyEntry(phrase: "Pool Swim", identifier: "pool")])
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
