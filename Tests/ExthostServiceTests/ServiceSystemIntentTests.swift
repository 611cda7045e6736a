import ExthostTestSupport
import Foundation
import Testing

/// A system intent through the service: the messaging example's
/// `INSendMessageIntent` in the service's extension process, its question
/// left open as a session and answered there.
@Suite("The service and system intents")
struct ServiceSystemIntentTests {
    @Test("INSendMessageIntent: the recipient question is a session; continuing it sends to the one picked and keeps the other")
    func sendMessageSession() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["MessagingExtension"]))
        let open = try service.run(#"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno", "Ana"], "content": "Dinner?"}}"#)
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)
        let continued = try service.exthost(["session", "continue", session, "--socket", service.socket, "--json", "--answer", "recipients=Ana Souza"])
        #expect(continued.status == 0, "\(continued.both)")
        #expect(try continued.json()["message"] as? String == "Your message is sent.")
        #expect(service.stop() == 0, "\(service.output)")
        #expect(service.output.contains("sent to Bruno Costa <bruno@example.com>: Dinner?"), "\(service.output)")
        #expect(service.output.contains("sent to Ana Souza <+55 11 5550-0142>: Dinner?"), "\(service.output)")
    }

    @Test("through the service an option set reads as its options' names, as exthost run gives it")
    func optionSetNames() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["MessagingExtension"]))
        let result = try service.run(#"{"intent": "INSearchForMessagesIntent", "parameters": {"attributes": ["unread", "flagged"]}}"#)
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect((json["values"] as? [String: Any])?["attributes"] as? [String] == ["unread", "flagged"], "\(result.both)")
        let resolved = (json["transcript"] as? [[String: Any]])?.first { $0["parameter"] as? String == "attributes" }
        #expect(resolved?["value"] as? [String] == ["unread", "flagged"], "\(result.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("while the device is locked the system refuses searching messages, which the extension does not restrict, and still sends and marks one, as Apple's pages say")
    func restrictedWhileLockedByDefault() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["MessagingExtension"]))
        let search = #"{"intent": "INSearchForMessagesIntent", "parameters": {"searchTerms": ["late"]}}"#
        #expect(try service.exthost(["lock", "--socket", service.socket]).status == 0)
        let refused = try service.run(search)
        #expect(refused.status == 5, "\(refused.both)")
        #expect(refused.both.contains("the system does not run INSearchForMessagesIntent while it is"), "\(refused.both)")
        let sent = try service.run(#"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"], "content": "On my way"}}"#)
        #expect(sent.status == 0, "\(sent.both)")
        let marked = try service.run(#"{"intent": "INSetMessageAttributeIntent", "parameters": {"identifiers": ["msg-1"], "attribute": "read"}}"#)
        #expect(marked.status == 0, "\(marked.both)")
        #expect(try marked.json()["message"] as? String == "The messages are marked.", "\(marked.both)")
        #expect(try service.exthost(["unlock", "--socket", service.socket]).status == 0)
        let found = try service.run(search)
        #expect(found.status == 0, "\(found.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("while the device is locked the system refuses unsending and editing a message, by exthost's rule where Apple's pages are silent")
    func unsendAndEditRestrictedWhileLocked() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["PortingSystemIntents"]))
        let unsend = #"{"intent": "INUnsendMessagesIntent", "parameters": {"messageIdentifiers": ["msg-recent"]}}"#
        #expect(try service.exthost(["lock", "--socket", service.socket]).status == 0)
        let refused = try service.run(unsend)
        #expect(refused.status == 5, "\(refused.both)")
        #expect(refused.both.contains("the system does not run INUnsendMessagesIntent while it is"), "\(refused.both)")
        let edit = try service.run(#"{"intent": "INEditMessageIntent", "parameters": {"messageIdentifier": "msg-recent", "editedContent": "Sorry"}}"#)
        #expect(edit.status == 5, "\(edit.both)")
        #expect(try service.exthost(["unlock", "--socket", service.socket]).status == 0)
        let unsent = try service.run(unsend)
        #expect(unsent.status == 0, "\(unsent.both)")
        #expect(try unsent.json()["message"] as? String == "The message is unsent.", "\(unsent.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("while the device is locked the system refuses every workout intent, handled in the app or not, before the extension; unlocked, the workout starts")
    func workoutsRestrictedWhileLocked() throws {
        let system = try ExampleSystem(plugins: ["WorkoutsExtension"], apps: [ExampleApp.workouts])
        defer { system.tearDown() }
        let service = try RunningService(system)
        let start = #"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "run", "goalValue": 5, "workoutGoalUnitType": "mile", "workoutLocationType": "outdoor"}}"#
        #expect(try service.exthost(["lock", "--socket", service.socket]).status == 0)
        let refused = try service.run(start)
        #expect(refused.status == 5, "\(refused.both)")
        #expect(try refused.json()["problem"] as? String == "deviceLocked", "\(refused.both)")
        #expect(refused.both.contains("the system does not run INStartWorkoutIntent while it is"), "\(refused.both)")
        for intent in ["INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent"] {
            let other = try service.run(#"{"intent": "\#(intent)", "parameters": {}}"#)
            #expect(other.status == 5, "\(intent): \(other.both)")
        }
        #expect(system.output(ofApp: "com.example.workouts").isEmpty, "the app is not launched while locked")
        #expect(try service.exthost(["unlock", "--socket", service.socket]).status == 0)
        let started = try service.run(start)
        #expect(started.status == 0, "\(started.both)")
        #expect(try started.json()["message"] as? String == "Started the workout.", "\(started.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
