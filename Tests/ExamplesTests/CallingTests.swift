import ExthostTestSupport
import Foundation
import Testing

/// Calling: Apple's `INStartCallIntent` and `INSearchCallHistoryIntent`,
/// system intents, through `exthost run --json` against the VoIP example,
/// whose extension hands each call to its app (`continueInApp`).
@Suite("Calling, end to end")
struct CallingTests {
    static let app = "com.example.calling"

    private func system(environment: [String: String] = [:]) throws -> ExampleSystem {
        try ExampleSystem(plugins: ["CallingExtension"], apps: [ExampleApp.calling], environment: environment)
    }

    /// The lines the app showed when the system handed it the call.
    private func shown(_ result: CommandRunner.Result) throws -> [String]? {
        let json = try result.json()
        #expect(json["outcome"] as? String == "continueInApp", "\(result.both)")
        let handoff = try #require(json["handoff"] as? [String: Any], "\(result.both)")
        #expect(handoff["app"] as? String == Self.app)
        #expect(handoff["activityType"] as? String == "INStartCallIntent")
        return handoff["shown"] as? [String]
    }

    @Test("a call to one contact continues in the app, which reads the intent from the activity and places the call")
    func callContinuesInApp() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(exampleRequest: "Examples/Calling/Requests/call-bruno.json")
        #expect(result.status == 0, "\(result.both)")
        #expect(try result.json()["code"] as? String == "continueInApp")
        #expect(try shown(result) == ["calling Bruno Costa at +55 11 5550-0101 (audio)"])
        #expect(system.handoff.applicationState(ofApp: Self.app) == .foreground)
    }

    @Test("a first name two contacts share is asked about; the one picked is called")
    func disambiguation() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INStartCallIntent", "parameters": {"contacts": ["Ana"]}}"#
        let question = try system.question(request)
        #expect(question["answerKey"] as? String == "contacts")
        #expect(question["prompt"] as? String == "Which one do you want to call?")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.map { $0["title"] as? String } == ["Ana Lima", "Ana Souza"])

        let answered = try system.run(request, answers: ["contacts=Ana Souza"])
        #expect(answered.status == 0, "\(answered.both)")
        #expect(try shown(answered) == ["calling Ana Souza at +55 11 5550-0142 (audio)"])
    }

    @Test("the contact's and the capability's unsupported reasons are said, and nothing reaches the app")
    func unsupported() throws {
        let system = try system()
        defer { system.tearDown() }
        let unknown = try system.run(#"{"intent": "INStartCallIntent", "parameters": {"contacts": ["Zoe"]}}"#)
        #expect(unknown.status == 3, "\(unknown.both)")
        #expect(try unknown.json()["message"] as? String == "Zoe isn't in the app's contacts.")

        let two = try system.run(#"{"intent": "INStartCallIntent", "parameters": {"contacts": ["Bruno", "Ana Lima"]}}"#)
        #expect(try two.json()["message"] as? String == "The app calls one person at a time.")

        #expect(system.output(ofApp: Self.app).isEmpty)
    }

    @Test("handler(for:) sees the intent's values: a video call goes to the video handler, which places it, not the audio one, which refuses it",
          arguments: RequestPath.allCases)
    func handlerForSeesValues(path: RequestPath) throws {
        let system = try system(environment: path.environment)
        defer { system.tearDown() }
        let video = #"{"intent": "INStartCallIntent", "parameters": {"contacts": ["Bruno"], "callCapability": "videoCall"}}"#
        let result = try system.run(video, options: path.options)
        let service = StartedService.processID(in: result)
        defer { if let service { #expect(StartedService.stop(service)) } }
        #expect((service != nil) == (path == .service), "\(result.both)")
        #expect(result.status == 0, "\(result.both)")
        #expect(try shown(result) == ["calling Bruno Costa at +55 11 5550-0101 (video)"])
        // The audio handler, which an empty intent would have chosen, refuses video calls.
        #expect(!result.both.contains("The app makes audio calls only."), "\(result.both)")
    }

    @Test("an option name a custom type's option-set property does not have is refused before the extension is reached, naming the options")
    func unknownOptionInPropertiesRefused() throws {
        let system = try system()
        defer { system.tearDown() }
        func request(_ callTypes: String) -> String {
            #"{"intent": "INStartCallIntent", "parameters": {"contacts": ["Bruno"], "callRecordFilter": {"displayString": "my calls", "properties": {"callTypes": \#(callTypes)}}}}"#
        }
        let refused = try system.run(request(#"["missed", "lost"]"#))
        #expect(refused.status != 0, "\(refused.both)")
        let message = try #require(try refused.json()["message"] as? String)
        #expect(message.hasSuffix(#"parameter 'callRecordFilter' of INStartCallIntent has the property 'callTypes' (of INCallRecordFilter), which is the option set INCallRecordTypeOptions: "lost" is none of its options (outgoing, missed, received, latest, voicemail, ringing, inProgress, onHold)"#), "\(message)")
        #expect(try refused.transcript().isEmpty, "\(refused.both)")
        #expect(system.output(ofApp: Self.app).isEmpty)

        let accepted = try system.run(request(#"["missed"]"#))
        #expect(accepted.status == 0, "\(accepted.both)")
    }

    @Test("calling back a missed call: the contact is the call's caller")
    func callBack() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INStartCallIntent", "parameters": {"destinationType": "callBack", "callRecordToCallBack": {"identifier": "call-1", "displayString": "Bruno Costa"}}}"#
        let result = try system.run(request)
        #expect(result.status == 0, "\(result.both)")
        #expect(try shown(result) == ["calling Bruno Costa at +55 11 5550-0101 (audio)"])
    }

    @Test("calling back a call the app does not know: the handler's INStartCallCallRecordToCallBackResolutionResult reason is said")
    func callBackUnknownCall() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INStartCallIntent", "parameters": {"contacts": ["Bruno"], "destinationType": "callBack", "callRecordToCallBack": {"identifier": "call-99", "displayString": "Bruno Costa"}}}"#
        let result = try system.run(request)
        #expect(result.status == 3, "\(result.both)")
        let json = try result.json()
        #expect(json["message"] as? String == "There is no such call to return.")
        #expect(json["handoff"] == nil, "the app is not launched: \(result.both)")
    }

    @Test("a deprecated parameter (callType) is never asked for, and is resolved when an older request gives it")
    func deprecatedParameterNotAsked() throws {
        let system = try system()
        defer { system.tearDown() }
        func steps(_ request: String) throws -> [[String: Any]] {
            let result = try system.run(request)
            #expect(result.status == 0, "\(result.both)")
            return ((try result.json()["transcript"] as? [[String: Any]]) ?? []).filter { $0["parameter"] as? String == "callType" }
        }
        let without = try steps(#"{"intent": "INSearchCallHistoryIntent", "parameters": {"callTypes": ["missed"]}}"#)
        #expect(without.count == 1 && without.first?["stage"] as? String == "skip" && without.first?["result"] as? String == "deprecated", "\(without)")
        let given = try steps(#"{"intent": "INSearchCallHistoryIntent", "parameters": {"callType": "missed"}}"#)
        #expect(given.first?["stage"] as? String == "resolve" && given.first?["result"] as? String == "success", "\(given)")
    }

    @Test("a new shortcut of iOS 15's deprecated call-history search is refused with Apple's words; a deprecated parameter is refused, its replacement not")
    func deprecatedIntentAndParameterRefusedForNewShortcuts() throws {
        var system = try system()
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        defer { system.tearDown() }
        let search = try system.exthost(["shortcuts", "add", "missed calls", "--app", "com.example.calling", "--intent", "INSearchCallHistoryIntent",
                                         "--parameters", #"{"callTypes": ["missed"]}"#])
        #expect(search.status == 2, "\(search.both)")
        #expect(search.standardError.contains("INSearchCallHistoryIntent is deprecated in Apple's SDK: it is not offered for new shortcuts"),
                "\(search.standardError)")
        #expect(search.standardError.contains("(There is no replacement.); run it with exthost run"), "\(search.standardError)")
        let refused = try system.exthost(["shortcuts", "add", "redial", "--app", "com.example.calling", "--intent", "INStartCallIntent",
                                          "--parameters", #"{"recordTypeForRedialing": "missed"}"#])
        #expect(refused.status == 2, "\(refused.both)")
        #expect(refused.standardError.contains("INStartCallIntent.recordTypeForRedialing is deprecated in Apple's SDK"), "\(refused.standardError)")
        #expect(refused.standardError.contains("a new shortcut cannot set it") && refused.standardError.contains("leave it out"),
                "\(refused.standardError)")
        let added = try system.exthost(["shortcuts", "add", "call back", "--app", "com.example.calling", "--intent", "INStartCallIntent",
                                        "--parameters", #"{"destinationType": "callBack"}"#])
        #expect(added.status == 0, "\(added.both)")
    }

    @Test("INSearchCallHistoryIntent: missed calls found, with their caller, type and time")
    func searchCallHistory() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "INSearchCallHistoryIntent", "parameters": {"callTypes": ["missed"]}}"#)
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["message"] as? String == "Found: Bruno Costa")
        let response = try #require(json["response"] as? [String: Any])
        let calls = try #require(response["callRecords"] as? [[String: Any]])
        #expect(calls.map { $0["identifier"] as? String } == ["call-1"])
        let properties = try #require(calls.first?["properties"] as? [String: Any])
        #expect(properties["callRecordType"] as? String == "missed", "an enum property by its case name, as intent files give it")
        #expect(properties["unseen"] as? Bool == true)
        #expect(properties["dateCreatedComponents"] as? String == "2026-01-01T08:00:00")

        let fromAna = try system.run(#"{"intent": "INSearchCallHistoryIntent", "parameters": {"recipient": "Ana Lima"}}"#)
        #expect(fromAna.status == 0, "\(fromAna.both)")
        #expect(try fromAna.json()["message"] as? String == "Found: Ana Lima")
        // The handler's Double? and Bool? reach the response as a number and a Boolean.
        let received = try #require(((try fromAna.json()["response"] as? [String: Any])?["callRecords"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        #expect(received["callDuration"] as? Double == 312, "\(received)")
        #expect(received["unseen"] as? Bool == false, "\(received)")
    }
}
