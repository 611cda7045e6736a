import ExthostTestSupport
import Foundation
import Testing

/// Media: Apple's `INAddMediaIntent`, `INSearchForMediaIntent` and
/// `INUpdateMediaAffinityIntent`, system intents, handled by the media
/// app's extension (`Examples/Media/Extension`), which keeps the library in
/// the app group's container.
@Suite("Media: adding, searching, liking")
struct MediaLibraryTests {
    static let blueTrain = #"{"displayString": "Blue Train", "properties": {"mediaName": "Blue Train"}}"#

    private func system() throws -> ExampleSystem {
        try ExampleSystem(plugins: ["MediaExtension"], apps: [ExampleApp.media])
    }

    /// The library the extension keeps in the app group's container.
    private func library(_ system: ExampleSystem) throws -> [String: Any] {
        let file = URL(fileURLWithPath: system.sharedContainers).appendingPathComponent("group.com.example.media/library.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    @Test("a song found from the search is added to the library, or to a playlist the person made")
    func addsToLibraryAndPlaylist() throws {
        let system = try system()
        defer { system.tearDown() }
        let added = try system.run(#"{"intent": "INAddMediaIntent", "parameters": {"mediaSearch": \#(Self.blueTrain)}}"#)
        #expect(added.status == 0, "\(added.both)")
        #expect(try added.json()["message"] as? String == "Added.")
        #expect(try library(system)["library"] as? [String] == ["song-blue-train"])

        let destination = #"{"displayString": "Road Trip", "properties": {"mediaDestinationType": "playlist", "playlistName": "Road Trip"}}"#
        let toPlaylist = try system.run(#"{"intent": "INAddMediaIntent", "parameters": {"mediaSearch": \#(Self.blueTrain), "mediaDestination": \#(destination)}}"#)
        #expect(toPlaylist.status == 0, "\(toPlaylist.both)")
        #expect((try library(system)["playlists"] as? [String: [String]])?["Road Trip"] == ["song-blue-train"])
    }

    @Test("a playlist the app makes, and one that does not exist, are refused with their reasons")
    func destinationReasons() throws {
        let system = try system()
        defer { system.tearDown() }
        for (name, message) in [("Top 25", "That playlist can't be changed."), ("Workout", "There is no playlist with that name.")] {
            let destination = #"{"displayString": "\#(name)", "properties": {"mediaDestinationType": 2, "playlistName": "\#(name)"}}"#
            let refused = try system.run(#"{"intent": "INAddMediaIntent", "parameters": {"mediaSearch": \#(Self.blueTrain), "mediaDestination": \#(destination)}}"#)
            #expect(refused.status == 3, "\(refused.both)")
            #expect(try refused.json()["message"] as? String == message)
        }
    }

    @Test("a custom type's enum property is given and shown by case name; its raw number is still taken, and shown as the name")
    func enumPropertyByName() throws {
        let system = try system()
        defer { system.tearDown() }
        for given in [#""playlist""#, #""Playlist""#, "2"] {
            let destination = #"{"displayString": "Road Trip", "properties": {"mediaDestinationType": \#(given), "playlistName": "Road Trip"}}"#
            let added = try system.run(#"{"intent": "INAddMediaIntent", "parameters": {"mediaSearch": \#(Self.blueTrain), "mediaDestination": \#(destination)}}"#)
            #expect(added.status == 0, "\(added.both)")
            let values = try #require(try added.json()["values"] as? [String: Any])
            let properties = (values["mediaDestination"] as? [String: Any])?["properties"] as? [String: Any]
            #expect(properties?["mediaDestinationType"] as? String == "playlist", "\(given): \(values)")
            // The extension took it as a playlist: the song went into Road Trip, not the library.
            #expect((try library(system)["playlists"] as? [String: [String]])?["Road Trip"]?.contains("song-blue-train") == true)
            #expect((try library(system)["library"] as? [String] ?? []).isEmpty)
        }
    }

    @Test("an enum property's name or number the enum does not have is refused before the extension is reached, naming the property and the cases", arguments: [
        (#""album""#, #"the enum INMediaDestinationType: "album" is none of its cases (library, playlist)"#),
        ("7", "the enum INMediaDestinationType: expected one of library, playlist, got 7"),
    ])
    func unknownEnumPropertyRefused(given: String, expected: String) throws {
        let system = try system()
        defer { system.tearDown() }
        let destination = #"{"displayString": "Road Trip", "properties": {"mediaDestinationType": \#(given), "playlistName": "Road Trip"}}"#
        let refused = try system.run(#"{"intent": "INAddMediaIntent", "parameters": {"mediaSearch": \#(Self.blueTrain), "mediaDestination": \#(destination)}}"#)
        #expect(refused.status != 0, "\(refused.both)")
        let message = try #require(try refused.json()["message"] as? String)
        #expect(message.hasSuffix("parameter 'mediaDestination' of INAddMediaIntent has the property 'mediaDestinationType' (of INMediaDestinationReference), which is " + expected), "\(message)")
    }

    @Test("a search two songs match is asked about; the one picked is found; an explicit one is refused for the settings")
    func searchDisambiguatesAndRefusesExplicit() throws {
        let system = try system()
        defer { system.tearDown() }
        let blue = #"{"intent": "INSearchForMediaIntent", "parameters": {"mediaSearch": {"displayString": "blue", "properties": {"mediaName": "blue"}}}}"#
        let question = try system.question(blue)
        #expect(question["prompt"] as? String == "Which one do you mean?")
        let titles = (question["choices"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(Set(titles) == ["Blue Train", "Blue in Green", "Kind of Blue"], "\(titles)")

        let found = try system.run(blue, answers: ["mediaItems=Blue Train"])
        #expect(found.status == 0, "\(found.both)")
        #expect(try found.json()["message"] as? String == "Found: Blue Train")

        let explicit = try system.run(#"{"intent": "INSearchForMediaIntent", "parameters": {"mediaSearch": {"displayString": "Parental Advisory", "properties": {"mediaName": "Parental Advisory"}}}}"#)
        #expect(explicit.status == 3)
        #expect(try explicit.json()["message"] as? String == "That is explicit, and explicit content is off.")
    }

    @Test("liking asks like or dislike when not said, then keeps it")
    func affinity() throws {
        let system = try system()
        defer { system.tearDown() }
        let intent = #"{"intent": "INUpdateMediaAffinityIntent", "parameters": {"mediaSearch": \#(Self.blueTrain)}}"#
        let question = try system.question(intent)
        #expect(question["prompt"] as? String == "Do you like it or dislike it?")
        let liked = try system.run(intent, answers: ["affinityType=like"])
        #expect(liked.status == 0, "\(liked.both)")
        #expect(try liked.json()["message"] as? String == "Noted.")
        #expect((try library(system)["affinities"] as? [String: String])?["song-blue-train"] == "like")
    }
}
