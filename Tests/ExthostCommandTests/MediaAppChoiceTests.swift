import DonationStore
import ExthostTestSupport
import Foundation
import Testing

/// Two apps' extensions handle the media intents (the media example's and
/// the porting suite's): when a request names neither, the system asks
/// which, offering the apps in the order of their `INMediaUserContext`s
/// (subscribed first, then the larger library), as Siri prefers them.
@Suite("Media: which app, by the apps' media user contexts")
struct MediaAppChoiceTests {
    /// "Add this to my library": what is playing, which the porting suite's handler adds.
    static let request = #"{"intent": "INAddMediaIntent", "parameters": {}}"#
    static let media = "com.example.media", porting = "com.example.porting.system"

    private func choices(_ system: ExampleSystem) throws -> [String] {
        let question = try system.question(Self.request)
        #expect(question["answerKey"] as? String == "app")
        return (question["choices"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String }
    }

    @Test("by identifier without contexts; a subscribed app first; among subscribed ones the larger library first")
    func orderedByContext() throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents", "MediaExtension"])
        defer { system.tearDown() }
        #expect(try choices(system) == [Self.media, Self.porting])

        try FileManager.default.createDirectory(atPath: system.dataDirectory, withIntermediateDirectories: true)
        let store = try DonationStore(path: URL(fileURLWithPath: system.dataDirectory).appendingPathComponent(StoreLocation.fileName).path)
        try store.setMediaUserContext(MediaUserContext(app: Self.media, subscriptionStatus: .notSubscribed, numberOfLibraryItems: 500))
        try store.setMediaUserContext(MediaUserContext(app: Self.porting, subscriptionStatus: .subscribed, numberOfLibraryItems: 10))
        #expect(try choices(system) == [Self.porting, Self.media])

        try store.setMediaUserContext(MediaUserContext(app: Self.media, subscriptionStatus: .subscribed, numberOfLibraryItems: 500))
        #expect(try choices(system) == [Self.media, Self.porting])

        // The order is an offer: the person still picks, and the pick runs there.
        let picked = try system.run(Self.request, answers: ["app=2"])
        #expect(picked.status == 0, "\(picked.both)")
        #expect(try picked.json()["extension"] as? String == "com.example.porting.system.intents", "\(picked.both)")
    }
}
