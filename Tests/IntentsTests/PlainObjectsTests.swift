import CExthost
import Foundation
@testable import Intents
import Testing

/// Apple's plain `NSObject` types of lists and media, and
/// `INRecurrenceRule`: their initialisers and properties as iOS code uses
/// them, and their trip across the plugin ABI as `exthost_object`s.
struct PlainObjectsTests {
    @Test("INRecurrenceRule has iOS 11's and iOS 14's initialisers; a range carries it")
    func recurrenceRule() {
        let daily = INRecurrenceRule(interval: 1, frequency: .daily)
        #expect(daily.interval == 1 && daily.frequency == .daily && daily.weeklyRecurrenceDays.isEmpty)
        let weekly = INRecurrenceRule(interval: 2, frequency: .weekly, weeklyRecurrenceDays: [.monday, .friday])
        #expect(weekly.weeklyRecurrenceDays.contains(.friday) && !weekly.weeklyRecurrenceDays.contains(.sunday))
        #expect(INDayOfWeekOptions.sunday.rawValue == 64 && INRecurrenceFrequency.yearly.rawValue == 6)
        let range = INDateComponentsRange(start: DateComponents(year: 2026, month: 11, day: 25, hour: 9), end: nil, recurrenceRule: weekly)
        #expect(range.recurrenceRule?.frequency == .weekly)
        #expect(INDateComponentsRange(start: nil, end: nil).recurrenceRule == nil)
        // A plain NSObject, as Apple's: code that keeps one as such compiles.
        let object: NSObject = range
        #expect(object.isEqual(range))
    }

    @Test("a trigger's range and rule cross the ABI as an exthost_object and come back as the plain classes")
    func acrossTheABI() throws {
        let rule = INRecurrenceRule(interval: 3, frequency: .monthly)
        let trigger = INTemporalEventTrigger(dateComponentsRange: INDateComponentsRange(start: DateComponents(year: 2026, month: 1, day: 5), end: nil,
                                                                                         recurrenceRule: rule))
        let codec = _Codecs.plainObject(INTemporalEventTrigger.self)
        let copy = try _CArena.withArena { arena in
            let object = try #require(codec.encode(trigger, arena))
            #expect(String(cString: object.pointee.display_string) == "2026-01-05–, monthly (every 3)")
            return try #require(codec.decode(UnsafeRawPointer(object)))
        }
        #expect(copy.dateComponentsRange.startDateComponents == DateComponents(year: 2026, month: 1, day: 5))
        #expect(copy.dateComponentsRange.recurrenceRule?.interval == 3 && copy.dateComponentsRange.recurrenceRule?.frequency == .monthly)
        // A trigger made blank still has its range, as Apple's nonnull property does.
        #expect(INTemporalEventTrigger().dateComponentsRange.recurrenceRule == nil)
    }

    @Test("INMediaDestinationReference is made by Apple's factories and read by its type and playlist name")
    func mediaDestinationReference() throws {
        #expect(INMediaDestinationReference.library().mediaDestinationType == .library)
        let playlist = INMediaDestinationReference.playlistDestination(withName: "Road Trip")
        #expect(playlist.mediaDestinationType == .playlist && playlist.playlistName == "Road Trip")
        let copy = try #require(INMediaDestinationReference._exthostObject(fromJSON: playlist.jsonObject))
        #expect(copy.mediaDestinationType == .playlist && copy.playlistName == "Road Trip")
        let copied = try #require(playlist.copy() as? INMediaDestinationReference)
        #expect(copied !== playlist && copied.playlistName == "Road Trip")
    }

    @Test("INMediaDestination is the overlay's enum: its cases, its playlist name, and its reference both ways")
    func mediaDestinationEnum() throws {
        let destination: INMediaDestination = .playlist("Road Trip")
        #expect(destination.playlistName == "Road Trip" && INMediaDestination.library.playlistName == nil)
        #expect(Set([INMediaDestination.library, .playlist("Road Trip"), destination]).count == 2)
        let reference = destination._bridgeToObjectiveC()
        #expect(reference.mediaDestinationType == .playlist && reference.playlistName == "Road Trip")
        #expect(INMediaDestination._unconditionallyBridgeFromObjectiveC(.library()) == .library)
        var bridged: INMediaDestination?
        #expect(!INMediaDestination._conditionallyBridgeFromObjectiveC(INMediaDestinationReference(), result: &bridged),
                "a reference of unknown type is no case of the enum")
        #expect(INMediaDestination._exthostObject(fromJSON: destination.jsonObject) == destination)
        let result = INAddMediaMediaDestinationResolutionResult.success(with: .library)
        #expect(result.resolvedValue == .library)
    }

    @Test("a resolution result of a plain type carries the object itself")
    func typedResult() {
        let range = INDateComponentsRange(start: DateComponents(year: 2026), end: nil)
        let result = INDateComponentsRangeResolutionResult.success(with: range)
        #expect(result.resolvedValue === range)
        #expect(INDateComponentsRangeResolutionResult.disambiguation(with: [range, range]).alternatives.count == 2)
    }
}
