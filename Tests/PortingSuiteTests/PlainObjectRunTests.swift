import ExthostTestSupport
import Foundation
import Testing

/// Apple's plain-object types (`INDateComponentsRange` with its
/// `INRecurrenceRule`, `INTemporalEventTrigger`, `INMediaDestinationReference`
/// and the Swift overlay's `INMediaDestination` enum refining it) as a
/// handler written for iOS reads them, reached through `exthost run --json`
/// with the porting suite's handlers: given in intent files by their
/// properties alone, read by the handler (`range.recurrenceRule?.frequency`),
/// and made again with Apple's initialisers in its answers.
@Suite("Plain objects and recurrence rules, through exthost run")
struct PlainObjectRunTests {
    /// A reminder at nine on Wednesday 25 November 2026, repeating as `rule` says.
    static func addTask(rule: String) -> String {
        let range = #"{"startDateComponents": "2026-11-25T09:00", "recurrenceRule": \#(rule)}"#
        return #"{"intent": "INAddTasksIntent", "parameters": {"taskTitles": ["Water the plants"], "temporalEventTrigger": {"dateComponentsRange": \#(range)}}}"#
    }

    /// The rule of the trigger of the first task the response added.
    static func addedRule(_ json: [String: Any]) -> [String: Any]? {
        func properties(_ object: Any?) -> [String: Any]? { (object as? [String: Any])?["properties"] as? [String: Any] }
        let task = ((json["response"] as? [String: Any])?["addedTasks"] as? [Any])?.first
        let trigger = properties(task)?["temporalEventTrigger"]
        return properties(properties(properties(trigger)?["dateComponentsRange"])?["recurrenceRule"])
    }

    @Test("a weekly reminder with no days repeats on its start's weekday, as the handler reads the rule and makes a new one",
          arguments: [[], ["--isolated"]])
    func weeklyRuleGetsItsWeekday(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let result = try system.run(Self.addTask(rule: #"{"interval": 2, "frequency": "weekly"}"#), options: options)
        #expect(result.status == 0, "\(result.both)")
        let rule = try #require(Self.addedRule(try result.json()), "\(result.both)")
        #expect(rule["frequency"] as? String == "weekly", "\(rule)")
        #expect(rule["interval"] as? Int == 2, "\(rule)")
        #expect(rule["weeklyRecurrenceDays"] as? [String] == ["wednesday"], "resolveTemporalEventTrigger's own rule: \(rule)")
    }

    @Test("a rule the handler refuses by its frequency answers the parameter's reason; a daily one is kept as given")
    func frequencyDecides() throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let hourly = try system.run(Self.addTask(rule: #"{"interval": 1, "frequency": "HOURLY"}"#))
        #expect(hourly.status != 0, "\(hourly.both)")
        #expect(hourly.both.contains("The app can't repeat a reminder that way."), "\(hourly.both)")
        let daily = try system.run(Self.addTask(rule: #"{"interval": 1, "frequency": 3, "weeklyRecurrenceDays": []}"#))
        #expect(daily.status == 0, "\(daily.both)")
        let rule = try #require(Self.addedRule(try daily.json()), "\(daily.both)")
        #expect(rule["frequency"] as? String == "daily", "\(rule)")
        #expect(rule["weeklyRecurrenceDays"] == nil, "no days, none written: \(rule)")
    }

    @Test("a frequency the enum lacks, a rule without one, or a day that is no day is refused naming the parameter and the property",
          arguments: [
              (#"{"interval": 1, "frequency": "fortnightly"}"#,
               #"has the property 'dateComponentsRange.recurrenceRule.frequency' (of INRecurrenceRule), which is the enum INRecurrenceFrequency: "fortnightly" is none of its cases (minute, hourly, daily, weekly, monthly, yearly)"#),
              (#"{"interval": 1}"#,
               "has the property 'dateComponentsRange.recurrenceRule' (an INRecurrenceRule) without its 'frequency': give one of the enum INRecurrenceFrequency's cases (minute, hourly, daily, weekly, monthly, yearly)"),
              (#"{"frequency": "weekly", "weeklyRecurrenceDays": ["monday", "funday"]}"#,
               #"has the property 'dateComponentsRange.recurrenceRule.weeklyRecurrenceDays' (of INRecurrenceRule), which is the option set INDayOfWeekOptions: "funday" is none of its options (monday, tuesday, wednesday, thursday, friday, saturday, sunday)"#),
          ])
    func badRuleRefused(rule: String, expected: String) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let refused = try system.run(Self.addTask(rule: rule))
        #expect(refused.status != 0, "\(refused.both)")
        let message = try #require(try refused.json()["message"] as? String, "\(refused.both)")
        #expect(message.hasSuffix("parameter 'temporalEventTrigger' of INAddTasksIntent " + expected), "\(message)")
    }

    @Test("a plain object given as text is refused with its properties named: it has no display string to match")
    func plainObjectAsTextRefused() throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let refused = try system.run(#"{"intent": "INSnoozeTasksIntent", "parameters": {"nextTriggerTime": "tomorrow"}}"#)
        #expect(refused.status != 0, "\(refused.both)")
        let message = try #require(try refused.json()["message"] as? String, "\(refused.both)")
        #expect(message.hasSuffix(#"parameter 'nextTriggerTime' of INSnoozeTasksIntent is an INDateComponentsRange, which has no identifier or display string: give its properties as a JSON object ("startDateComponents", "endDateComponents", "recurrenceRule"), not "tomorrow""#),
                "\(message)")
    }

    @Test("a media destination given by its properties alone reaches the handler, which reads its playlist's name",
          arguments: [[], ["--isolated"]])
    func mediaDestinationByProperties(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        func add(_ playlist: String) throws -> CommandRunner.Result {
            let destination = #"{"mediaDestinationType": "playlist", "playlistName": "\#(playlist)"}"#
            return try system.run(#"{"intent": "INAddMediaIntent", "parameters": {"mediaDestination": \#(destination)}}"#, options: options)
        }
        let favourites = try add("Favourites")
        #expect(favourites.status == 0, "\(favourites.both)")
        let values = try favourites.json()["values"] as? [String: Any]
        let properties = (values?["mediaDestination"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(properties?["playlistName"] as? String == "Favourites", "\(favourites.both)")
        let other = try add("Road Trip")
        #expect(other.status != 0, "resolveMediaDestination read the name and refused it: \(other.both)")
    }

    /// The destination the run resolved, as its properties.
    static func resolvedDestination(_ result: CommandRunner.Result) throws -> [String: Any]? {
        let values = try result.json()["values"] as? [String: Any]
        return (values?["mediaDestination"] as? [String: Any])?["properties"] as? [String: Any]
    }

    @Test("a handler written with Apple's INMediaDestination enum switches over its cases and answers .success(with: .library) or .playlist(name)",
          arguments: [[], ["--isolated"]])
    func mediaDestinationAsTheOverlaysEnum(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        // No destination: the handler's `case nil` answers `.success(with: .library)`.
        let library = try system.run(#"{"intent": "INAddMediaIntent", "parameters": {}}"#, options: options)
        #expect(library.status == 0, "\(library.both)")
        #expect(try Self.resolvedDestination(library)?["mediaDestinationType"] as? String == "library", "\(library.both)")
        // `case .playlist(let name)` reads "FAVOURITES" and answers `.playlist("Favourites")`.
        let destination = #"{"mediaDestinationType": "playlist", "playlistName": "FAVOURITES"}"#
        let playlist = try system.run(#"{"intent": "INAddMediaIntent", "parameters": {"mediaDestination": \#(destination)}}"#, options: options)
        #expect(playlist.status == 0, "\(playlist.both)")
        let properties = try Self.resolvedDestination(playlist)
        #expect(properties?["mediaDestinationType"] as? String == "playlist", "\(playlist.both)")
        #expect(properties?["playlistName"] as? String == "Favourites", "the handler's own spelling: \(playlist.both)")
    }
}
