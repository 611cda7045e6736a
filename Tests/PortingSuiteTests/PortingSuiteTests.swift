import ExtensionLoading
import ExtensionProcesses
import ExthostABI
import ExthostPosix
import ExthostTestSupport
import Foundation
import IntentConversation
import IntentDefinition
import Testing

/// The porting suite's plugins (`Tests/PortingSuite`), driven as the host
/// drives an extension run with `--isolated`: each plugin in an extension
/// process of the built `exthost` (the exported descriptor, its
/// `handler(for:)`, each method looked up by selector and called through
/// libffi there), reached over the extension-process protocol. The handlers'
/// `async` methods run in that process's own tasks: in this process the
/// cooperative pool is shared with every other suite, whose blocking tests
/// can hold all of its threads (two on a two-core machine) for longer than a
/// stage's deadline.
///
/// The probe: every handler method of the suite, given an intent with no
/// values, answers what no generated default answers (a default resolve
/// answers `notRequired`, or success with no values; default options are
/// none; a default `confirm` has no user activity; a default `handle`
/// fails). So an answer that is not the default's was the handler's own
/// method, in whichever form or name it was written.
@Suite("The porting suite, through the plugin ABI")
struct PortingSuiteTests {
    static let products = ["PortingCustomIntents", "PortingSystemIntents"]

    /// A plugin loaded in this process: its manifest and definition.
    static func load(_ product: String) throws -> LoadedExtension {
        try ExtensionLoader().load(path: BuiltProducts.plugin(product).path)
    }

    /// A plugin in an extension process of its own, ended (by its process)
    /// when the test is done with it.
    final class Plugin: @unchecked Sendable {
        let isolated: IsolatedExtension

        init(_ product: String) throws {
            var configuration = ExtensionProcessConfiguration(executable: BuiltProducts.executable("exthost").path, launchBudget: 20)
            // Started from a thread of the test's own that lives as long as
            // the run: an extension process is killed when the thread that
            // spawned it ends, and the cooperative pool's threads end when idle.
            configuration.launcher = Self.launcher
            isolated = try IsolatedExtension(path: BuiltProducts.plugin(product).path, configuration: configuration)
        }

        deinit { isolated.shutDown() }

        private static let launcher = LauncherThread()

        var supported: [String] { isolated.manifest.intentsSupported }
        var definition: IntentDefinition { isolated.definition }

        /// A handler for one request, as `handler(for:)` gave it.
        func session(_ name: String) throws -> (Session, Intent) {
            let intent = try #require(definition.intents.first { $0.name == name }, "\(name) is in the extension's definition")
            return (Session(connection: try isolated.endpoint.connect(intent, "porting-\(name)", [])), intent)
        }
    }

    /// One request's connection, handed to the thread that calls it; one
    /// call at a time uses it.
    struct Session: @unchecked Sendable {
        let connection: any HandlerConnection
    }

    /// A session lent to the calling thread for one call.
    final class Handoff: @unchecked Sendable {
        var session: Session?
        init(_ session: Session) { self.session = session }
    }

    /// A call's outcome handed back from the calling thread.
    struct Outcome: @unchecked Sendable {
        let value: CallOutcome
    }

    /// Calls a method as the host does, from a thread of the caller's own
    /// (the host's conversation thread), not from the cooperative pool.
    static func call(_ session: Session, _ selector: String, _ shape: CompletionShape, searchTerm: String?? = nil) async throws -> CompletionPayload {
        // The thread lets go of the connection before it answers: a request
        // ends when its connection is released, and the next may open at once.
        let handoff = Handoff(session)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            Thread {
                let outcome = handoff.session?.connection.call(selector, searchTerm: searchTerm, completion: shape, deadline: Posix.monotonicNanoseconds() + 20_000_000_000)
                handoff.session = nil
                continuation.resume(returning: Outcome(value: outcome ?? .notImplemented))
            }.start()
        }
        switch outcome.value {
        case .completed(let payload): return payload
        case .notImplemented: throw Failure("\(selector) has no method in the handler's box: the generated protocol lacks it")
        case .timedOut: throw Failure("\(selector) never called its completion")
        case .failed(let error): throw Failure("\(selector) failed: \(error)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The parameters whose resolve method the generated protocol has: those
    /// that support resolution.
    static func resolved(_ intent: Intent) -> [Parameter] {
        intent.parameters.filter(\.supportsResolution)
    }

    /// Whether a resolution is what a default resolve answers for a parameter with no value.
    static func isDefault(_ payload: CompletionPayload) -> Bool {
        guard case .resolution(let kind, let value, _, let reason) = payload else { return false }
        switch ResolutionKind(rawValue: kind) {
        case .notRequired: return true
        case .success:
            if case .list(let items)? = value { return items.isEmpty && reason == 0 }
            return value == nil
        default: return false
        }
    }

    @Test("every resolve method is the handler's own, whichever form or name it has", arguments: products)
    func everyResolveIsReached(product: String) async throws {
        let plugin = try Plugin(product)
        #expect(!plugin.supported.isEmpty)
        if product == "PortingSystemIntents" {
            // Every intent of every domain the system defines.
            #expect(Set(plugin.supported) == Set(SystemIntents.definition.intents.map(\.name)))
        }
        var reached = 0
        for name in plugin.supported {
            let (session, intent) = try plugin.session(name)
            for parameter in Self.resolved(intent) {
                let selector = HandlerSelector.resolve(parameter.name)
                let payload = try await Self.call(session, selector, .resolve(ValueShape(parameter)))
                #expect(!Self.isDefault(payload), "\(name).\(selector) answered the default \(payload): the handler's method was not reached")
                reached += 1
            }
        }
        #expect(reached >= (product == "PortingCustomIntents" ? 12 : 77), "\(reached) resolve methods called")
    }

    @Test("confirm and handle are the handler's own, in either form or the older name", arguments: products)
    func confirmAndHandleAreReached(product: String) async throws {
        let plugin = try Plugin(product)
        for name in plugin.supported {
            let (session, intent) = try plugin.session(name)
            let shape = CompletionShape.response(intent.response.parameters.map(ValueShape.init))
            let confirm = try await Self.call(session, HandlerSelector.confirm, shape)
            guard case .response(let code, let activity, _) = confirm else { throw Self.Failure("confirm answered \(confirm)") }
            #expect(code == SystemResponseCode.ready.rawValue, "\(name).confirm")
            #expect(activity?.activityType.hasSuffix(".confirm") == true, "\(name).confirm answered the default: no activity")
            let handle = try await Self.call(session, HandlerSelector.handle, shape)
            guard case .response(let handled, _, _) = handle else { throw Self.Failure("handle answered \(handle)") }
            #expect(handled != SystemResponseCode.failure.rawValue, "\(name).handle answered the default failure")
        }
    }

    /// The options a provider gave, as spoken.
    static func options(_ plugin: Plugin, _ intentName: String, _ parameterName: String, searchTerm: String? = nil) async throws -> [String] {
        let (session, intent) = try plugin.session(intentName)
        let parameter = try #require(intent.parameter(named: parameterName))
        var enumType: EnumType?
        if case .enumeration(let name) = parameter.type { enumType = plugin.definition.enumType(named: name) }
        let payload = try await call(session, HandlerSelector.options(parameter.name), .options(ValueShape(kind: parameter.type.valueKind, multiple: false)),
                               searchTerm: .some(searchTerm))
        guard case .options(let values, let error) = payload else { throw Self.Failure("\(parameterName) options answered \(payload)") }
        #expect(error == nil)
        return values.map { $0.spoken(enumType: enumType) }
    }

    @Test("every options provider is reached through the generated protocol, in each form it is written in")
    func everyOptionsProviderIsReached() async throws {
        let plugin = try Plugin("PortingCustomIntents")
        // Completion form, Xcode's INObjectCollection<NSString>.
        #expect(try await Self.options(plugin, "PlanTrip", "airline") == ["Porting Air", "Probe Airways"])
        // An enum's options in the older provide…Options form.
        #expect(try await Self.options(plugin, "PlanTrip", "cabin") == ["Business", "Economy"])
        // A custom type's options with a search term, and without.
        #expect(try await Self.options(plugin, "PlanTrip", "hotel", searchTerm: "kyoto") == ["Kamo River Inn", "Gion Lodge"])
        #expect(try await Self.options(plugin, "PlanTrip", "hotel").count == 3)
        // The async forms: String (in sections), custom type, enum; and the older form of a String.
        #expect(try await Self.options(plugin, "ShowBoard", "station") == ["Central", "Harbour", "Airport"])
        #expect(try await Self.options(plugin, "ShowBoard", "line") == ["Blue Line", "Red Line"])
        #expect(try await Self.options(plugin, "ShowBoard", "direction") == ["Outbound"])
        #expect(try await Self.options(plugin, "ShowBoard", "platform") == ["Platform 9", "Platform 10"])
        // Every dynamic parameter of the suite is among those above.
        let dynamic = plugin.definition.intents.flatMap { intent in intent.parameters.filter(\.supportsDynamicEnumeration).map { "\(intent.name).\($0.name)" } }
        #expect(Set(dynamic) == ["PlanTrip.airline", "PlanTrip.cabin", "PlanTrip.hotel", "ShowBoard.station", "ShowBoard.line", "ShowBoard.direction", "ShowBoard.platform",
                                 "WatchBoard.station"])
        #expect(try await Self.options(plugin, "WatchBoard", "station").count == 8)
    }

    @Test("INObjectCollection(sections:) keeps its section titles across the plugin boundary; a flat collection is one untitled section")
    func sectionsCrossTheBoundary() async throws {
        let plugin = try Plugin("PortingCustomIntents")
        func sections(_ intentName: String, _ parameterName: String) async throws -> [OptionSection] {
            let (session, intent) = try plugin.session(intentName)
            let parameter = try #require(intent.parameter(named: parameterName))
            let payload = try await Self.call(session, HandlerSelector.optionSections(parameter.name),
                                              .optionSections(ValueShape(kind: parameter.type.valueKind, multiple: false)), searchTerm: .some(nil))
            guard case .optionSections(let sections, nil) = payload else { throw Self.Failure("\(parameterName) sections answered \(payload)") }
            return sections
        }
        let station = try await sections("ShowBoard", "station")
        #expect(station == [OptionSection(title: "Nearby", items: [.string("Central")]),
                            OptionSection(title: "Favourites", items: [.string("Harbour"), .string("Airport")])])
        let watched = try await sections("WatchBoard", "station")
        #expect(watched.map(\.title) == ["Nearby", "Saved"])
        #expect(watched.map(\.items.count) == [2, 6])
        let line = try await sections("ShowBoard", "line")
        #expect(line.count == 1 && line[0].title == nil && line[0].items.count == 2, "\(line)")
    }

    @Test("the definitions in Xcode's shapes load: empty <data> number, Custom UTIs as dictionaries, two files merged")
    func definitionsInXcodesShapes() throws {
        let loaded = try Self.load("PortingCustomIntents")
        #expect(loaded.definition.intents.map(\.name).sorted() == ["PlanTrip", "ShowBoard", "ShowTimetable", "WatchBoard"])
        let trip = try #require(loaded.definition.intents.first { $0.name == "PlanTrip" })
        #expect(trip.parameters.map(\.type) == [.placemark, .currencyAmount, .person, .file, .integer, .string, .enumeration("Cabin"), .custom("Hotel")])
        let travellers = try #require(trip.parameter(named: "travellers"))
        #expect(travellers.metadata.maximum == nil && travellers.metadata.minimum == 1)
        let itinerary = try #require(trip.parameter(named: "itinerary"))
        #expect(itinerary.metadata.uninterpreted["CustomUTIs"] != nil)
    }

    @Test("a parameter without INIntentParameterSupportsResolution has no resolve method in the generated protocol")
    func notResolvableHasNoResolveMethod() async throws {
        let watch = try #require(try Self.load("PortingCustomIntents").definition.intents.first { $0.name == "WatchBoard" })
        #expect(watch.parameter(named: "station")?.supportsResolution == true)
        #expect(watch.parameter(named: "refreshMinutes")?.supportsResolution == false, "Xcode leaves the key out when Siri cannot ask")
        let plugin = try Plugin("PortingCustomIntents")
        let (session, intent) = try plugin.session("WatchBoard")
        let refresh = try #require(intent.parameter(named: "refreshMinutes"))
        let outcome = await #expect(throws: Failure.self) {
            _ = try await Self.call(session, HandlerSelector.resolve("refreshMinutes"), .resolve(ValueShape(refresh)))
        }
        #expect(outcome?.description.contains("has no method") == true, "\(String(describing: outcome))")
    }

    @Test("response convenience constructors take the placeholders of both format strings")
    func responseConstructors() async throws {
        let plugin = try Plugin("PortingCustomIntents")
        for (name, expected) in [("PlanTrip", ["Your trip", "3"]), ("ShowBoard", ["Harbour", "Platform 9", "4"])] {
            let (session, intent) = try plugin.session(name)
            let payload = try await Self.call(session, HandlerSelector.handle, .response(intent.response.parameters.map(ValueShape.init)))
            guard case .response(let code, _, let properties) = payload else { throw Self.Failure("handle answered \(payload)") }
            #expect(code == SystemResponseCode.success.rawValue)
            #expect(properties.map { $0?.spoken() ?? "-" } == expected, "\(name)")
        }
    }
}

/// The suite's plugins as a user runs them: `exthost run --json`, in
/// process and isolated.
@Suite("The porting suite, through exthost run")
struct PortingSuiteRunTests {
    @Test("a notes handler written with iOS 11's method names creates the note", arguments: [[], ["--isolated"]])
    func olderNamesEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "INCreateNoteIntent", "parameters": {"title": "Groceries"}}"#, options: options)
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["message"] as? String == "Created the note Groceries.", "\(result.both)")
        let note = (json["response"] as? [String: Any])?["createdNote"] as? [String: Any]
        #expect(note?["identifier"] as? String == "n1", "the note handle(createNote:completion:) made")
    }

    @Test("a tasks handler with the later SDK's name of iOS 11's deprecated list selector: its lists asked about, an unknown one confirmed without a reason",
          arguments: [[], ["--isolated"]])
    func deprecatedTaskListSelectorEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let trigger = #"{"dateComponentsRange": {"startDateComponents": "2026-11-28T10:00", "recurrenceRule": {"interval": 1, "frequency": "daily"}}}"#
        let request = #"{"intent": "INAddTasksIntent", "parameters": {"targetTaskList": "Groceries", "taskTitles": ["Milk"], "temporalEventTrigger": \#(trigger)}}"#
        // Two lists match: resolveTargetTaskList(for:with:) answering INTaskListResolutionResult asks which.
        let question = try #require(try system.run(request, options: options).question())
        #expect(question["answerKey"] as? String == "targetTaskList", "\(question)")
        #expect(question["kind"] as? String == "choice", "\(question)")
        #expect((question["choices"] as? [Any])?.count == 2, "\(question)")
        let added = try system.run(request, answers: ["targetTaskList=Groceries at the cabin"], options: options)
        #expect(added.status == 0, "\(added.both)")
        let json = try added.json()
        #expect(json["code"] as? String == "success", "\(added.both)")
        let response = try #require(json["response"] as? [String: Any], "\(added.both)")
        #expect((response["modifiedTaskList"] as? [String: Any])?["identifier"] as? String == "cabin-groceries", "\(response)")
        // A list the app lacks: the base result's confirmation, the parameter's own question rather than a reason's sentence.
        let weekend = #"{"intent": "INAddTasksIntent", "parameters": {"targetTaskList": "Weekend", "taskTitles": ["Paint the fence"]}}"#
        let confirm = try #require(try system.run(weekend, options: options).question())
        #expect(confirm["answerKey"] as? String == "targetTaskList", "\(confirm)")
        #expect(confirm["kind"] as? String == "confirmValue", "\(confirm)")
        #expect((confirm["prompt"] as? String)?.contains("create") == false, "\(confirm)")
        // Yes keeps the list the handler offered; the conversation goes on to the place trigger.
        let confirmed = try system.run(weekend, answers: ["targetTaskList=yes"], options: options)
        #expect(Self.steps(try confirmed.json(), "targetTaskList").contains { "\($0)".contains("created-list") }, "\(confirmed.both)")
        #expect(try confirmed.question()?["answerKey"] as? String == "spatialEventTrigger", "\(confirmed.both)")
    }

    @Test("a messages search written with iOS 10's method names: its own resolve methods answer, the group names resolved as strings",
          arguments: [[], ["--isolated"]])
    func iOS10NamesEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let request = #"{"intent": "INSearchForMessagesIntent", "parameters": {"senders": ["Ana"], "speakableGroupNames": ["climbing CREW"]}}"#
        // Two Anas: resolveSenders(forSearchForMessages:with:) asks which.
        let question = try #require(try system.run(request, options: options).question())
        #expect(question["answerKey"] as? String == "senders", "\(question)")
        let result = try system.run(request, answers: ["senders=Ana Souza"], options: options)
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["message"] as? String == "Found: Rope check at six, m8, m9 and Photos from the wall", "\(result.both)")
        let message = try #require(((json["response"] as? [String: Any])?["messages"] as? [[String: Any]])?.first, "\(result.both)")
        let properties = try #require(message["properties"] as? [String: Any])
        #expect((properties["sender"] as? [String: Any])?["identifier"] as? String == "c2", "\(properties)")
        // The app's spelling: resolveGroupNames(forSearchForMessages:with:) resolved the string, made an INSpeakableString.
        #expect((properties["groupName"] as? [String: Any])?["displayString"] as? String == "Climbing crew", "\(properties)")
        // iOS 16's attachmentFiles: the photo's name, type and bytes.
        let photo = try #require((properties["attachmentFiles"] as? [[String: Any]])?.first, "\(properties)")
        #expect(photo["displayString"] as? String == "rope.jpg", "\(photo)")
        let file = try #require(photo["properties"] as? [String: Any], "\(photo)")
        #expect(file["typeIdentifier"] as? String == "public.jpeg")
        #expect((file["data"] as? String).flatMap { Data(base64Encoded: $0) } == Data("rope-photo".utf8))
        #expect(properties["messageType"] as? String == "mediaImage", "\(properties)")
        // iOS 18's sticker and reaction, each answering the first message, and iOS 17's count of attachments.
        let messages = try #require((json["response"] as? [String: Any])?["messages"] as? [[String: Any]], "\(result.both)")
        #expect(messages.map { $0["identifier"] as? String } == ["m7", "m8", "m9", "m10"], "\(messages)")
        func fields(_ object: Any?) -> [String: Any] { ((object as? [String: Any])?["properties"] as? [String: Any]) ?? [:] }
        let sticker = fields(messages[1])
        #expect((sticker["referencedMessage"] as? [String: Any])?["identifier"] as? String == "m7", "\(sticker)")
        #expect(fields(sticker["sticker"])["type"] as? String == "emoji", "\(sticker)")
        #expect(fields(sticker["sticker"])["emoji"] as? String == "🧗", "\(sticker)")
        let reaction = fields(fields(messages[2])["reaction"])
        #expect(reaction["reactionType"] as? String == "emoji", "\(reaction)")
        #expect(reaction["reactionDescription"] as? String == "Loved" && reaction["emoji"] as? String == "❤️", "\(reaction)")
        #expect(fields(messages[3])["numberOfAttachments"] as? Int == 3, "\(messages[3])")
    }

    @Test("a message handler with the later SDK's names of the deprecated selectors: its people asked about, its group spelled its way",
          arguments: [[], ["--isolated"]])
    func laterSDKNamesEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["r"], "content": "On my way", "speakableGroupName": "climbing CREW"}}"#
        // Bruno and Carla both match: resolveRecipients(for:) async answering [INPersonResolutionResult] asks which.
        let question = try #require(try system.run(request, options: options).question())
        #expect(question["answerKey"] as? String == "recipients", "\(question)")
        let sent = try system.run(request, answers: ["recipients=Carla"], options: options)
        #expect(sent.status == 0, "\(sent.both)")
        let json = try sent.json()
        #expect(json["code"] as? String == "success", "\(sent.both)")
        let recipients = Self.steps(json, "recipients")
        #expect(recipients.contains { "\($0)".contains("carla") }, "\(recipients)")
        // resolveGroupName(for:with:) resolved the string: the app's spelling, as an INSpeakableString.
        let group = Self.steps(json, "speakableGroupName")
        #expect(group.contains { "\($0)".contains("Climbing crew") }, "\(group)")
    }

    @Test("a VoIP handler's iOS 10 audio and video calls, in the class that starts calls: contacts asked about, the call continued in the app",
          arguments: [[], ["--isolated"]])
    func voipCallsEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let request = #"{"intent": "INStartAudioCallIntent", "parameters": {"contacts": ["r"]}}"#
        // Bruno and Carla both match: resolveContacts(for:with:) of the audio call asks which.
        let question = try #require(try system.run(request, options: options).question())
        #expect(question["answerKey"] as? String == "contacts", "\(question)")
        let called = try system.run(request, answers: ["contacts=Carla"], options: options)
        let json = try called.json()
        #expect(json["code"] as? String == "continueInApp", "\(called.both)")
        #expect(json["message"] as? String == "Calling in the app.", "\(called.both)")
        #expect(Self.steps(json, "contacts").contains { "\($0)".contains("carla") }, "\(called.both)")
        // resolveDestinationType(for:) async made the unknown destination a normal call (1).
        #expect((json["values"] as? [String: Any])?["destinationType"] as? Int == 1, "\(called.both)")
        Self.expectHandedToApp(called, activity: "INStartAudioCallIntent")
        // The video call, handled by the async forms of the same class.
        let video = try system.run(#"{"intent": "INStartVideoCallIntent", "parameters": {"contacts": ["bruno"]}}"#, options: options)
        let videoJSON = try video.json()
        #expect(videoJSON["code"] as? String == "continueInApp", "\(video.both)")
        #expect(Self.steps(videoJSON, "contacts").contains { "\($0)".contains("bruno") }, "\(video.both)")
        Self.expectHandedToApp(video, activity: "INStartVideoCallIntent")
    }

    @Test("iOS 16.2's calls answered and hung up by voice, in the class that starts calls", arguments: [[], ["--isolated"]])
    func answerAndHangUpEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let answered = try system.run(#"{"intent": "INAnswerCallIntent", "parameters": {"callIdentifier": "call-7", "audioRoute": "speakerphoneAudioRoute"}}"#,
                                      options: options)
        #expect(answered.status == 0, "\(answered.both)")
        let json = try answered.json()
        #expect(json["message"] as? String == "Answered.", "\(answered.both)")
        #expect(json["codeValue"] as? Int == 4, "INAnswerCallIntentResponseCode.success: \(answered.both)")
        // handle(intent:completion:) set the response's callRecords: the call it answered.
        let record = ((json["response"] as? [String: Any])?["callRecords"] as? [[String: Any]])?.first
        #expect(record?["identifier"] as? String == "call-7", "\(answered.both)")
        let hungUp = try system.run(#"{"intent": "INHangUpCallIntent", "parameters": {"callIdentifier": "call-7"}}"#, options: options)
        let hungUpJSON = try hungUp.json()
        #expect(hungUpJSON["message"] as? String == "Hung up.", "\(hungUp.both)")
        // codeValue is the raw value of Apple's INHangUpCallIntentResponseCode.success, 3, not its number across the ABI, 4.
        #expect(hungUpJSON["codeValue"] as? Int == 3, "\(hungUp.both)")
        // No call named: handle(intent:) async answers Apple's failureNoCallToHangUp.
        let none = try system.run(#"{"intent": "INHangUpCallIntent", "parameters": {}}"#, options: options)
        let noneJSON = try none.json()
        #expect(noneJSON["code"] as? String == "failureNoCallToHangUp", "\(none.both)")
        #expect(noneJSON["message"] as? String == "There is no call to hang up.", "\(none.both)")
        // Apple's raw value, 6, not 100, the number it crosses the ABI as.
        #expect(noneJSON["codeValue"] as? Int == 6, "\(none.both)")
    }

    @Test("iOS 17's unsend and edit: a message taken back or corrected, within the app's limits", arguments: [[], ["--isolated"]])
    func unsendAndEditEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        func outcome(_ request: String) throws -> (code: String?, codeValue: Int?, message: String?, values: [String: Any]) {
            let result = try system.run(request, options: options)
            let json = try result.json()
            return (json["code"] as? String, json["codeValue"] as? Int, json["message"] as? String, json["values"] as? [String: Any] ?? [:])
        }
        let unsent = try outcome(#"{"intent": "INUnsendMessagesIntent", "parameters": {"messageIdentifiers": ["msg-recent"]}}"#)
        #expect(unsent.code == "success" && unsent.message == "The message is unsent.", "\(unsent)")
        #expect(unsent.codeValue == 3, "INUnsendMessagesIntentResponseCode.success")
        // Ten minutes after sending: past the app's two-minute limit, Apple's code 7.
        let late = try outcome(#"{"intent": "INUnsendMessagesIntent", "parameters": {"messageIdentifiers": ["msg-recent", "msg-earlier"]}}"#)
        #expect(late.code == "failurePastUnsendTimeLimit" && late.codeValue == 7, "\(late)")
        #expect(late.message == "It's too late to unsend that message.", "\(late)")
        let unknown = try outcome(#"{"intent": "INUnsendMessagesIntent", "parameters": {"messageIdentifiers": ["msg-none"]}}"#)
        #expect(unknown.code == "failureMessageNotFound" && unknown.codeValue == 6, "\(unknown)")

        let edited = try outcome(#"{"intent": "INEditMessageIntent", "parameters": {"messageIdentifier": "msg-earlier", "editedContent": "  See you at 8  "}}"#)
        #expect(edited.code == "success" && edited.message == "The message is edited.", "\(edited)")
        // resolveEditedContent(for:) trimmed the text the handler received.
        #expect(edited.values["editedContent"] as? String == "See you at 8", "\(edited)")
        // No new text: the handler's needsValue asks for it, and the answer is resolved in turn.
        let askedRun = try system.run(#"{"intent": "INEditMessageIntent", "parameters": {"messageIdentifier": "msg-recent"}}"#,
                                      answers: ["editedContent=See you at 9"], options: options)
        let asked = try askedRun.json()
        #expect(asked["code"] as? String == "success", "\(askedRun.both)")
        #expect((asked["values"] as? [String: Any])?["editedContent"] as? String == "See you at 9", "\(askedRun.both)")
        let question = (asked["transcript"] as? [[String: Any]])?.first { $0["parameter"] as? String == "editedContent" && $0["message"] != nil }
        #expect(question?["message"] as? String == "What should the message say instead?", "\(askedRun.both)")
        let old = try outcome(#"{"intent": "INEditMessageIntent", "parameters": {"messageIdentifier": "msg-yesterday", "editedContent": "Sorry"}}"#)
        #expect(old.code == "failurePastEditTimeLimit" && old.codeValue == 7, "\(old)")
        #expect(old.message == "It's too late to edit that message.", "\(old)")
    }

    @Test("iOS 15's focus status: the handler reads isFocused and shares it; none said sends the user to the app", arguments: [[], ["--isolated"]])
    func focusStatusEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        for (isFocused, shared) in [(true, "notifications silenced"), (false, "available")] {
            let result = try system.run(#"{"intent": "INShareFocusStatusIntent", "parameters": {"focusStatus": {"isFocused": \#(isFocused)}}}"#, options: options)
            #expect(result.status == 0, "\(result.both)")
            let json = try result.json()
            #expect(json["code"] as? String == "success" && json["codeValue"] as? Int == 3, "\(result.both)")
            #expect(json["message"] as? String == "Your Focus status is shared.", "\(result.both)")
            // What handle(intent:) published, read from intent.focusStatus?.isFocused.
            let activity = json["userActivity"] as? [String: Any]
            #expect((activity?["userInfo"] as? [String: Any])?["status"] as? String == shared, "\(result.both)")
        }
        let unsaid = try system.run(#"{"intent": "INShareFocusStatusIntent", "parameters": {}}"#, options: options)
        let unsaidJSON = try unsaid.json()
        #expect(unsaidJSON["code"] as? String == "failureRequiringAppLaunch" && unsaidJSON["codeValue"] as? Int == 5, "\(unsaid.both)")
        #expect(unsaidJSON["message"] as? String == "Open the app to share your Focus status.", "\(unsaid.both)")
        let japanese = try system.run(#"{"intent": "INShareFocusStatusIntent", "parameters": {"focusStatus": {"isFocused": "yes"}}}"#,
                                      options: options + ["--locale", "ja"])
        #expect(try japanese.json()["message"] as? String == "集中モードの状態を共有しました。", "\(japanese.both)")
    }

    @Test("a focus status that is no Boolean, or a property INFocusStatus lacks, is refused before the extension is reached")
    func focusStatusRefused() throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        let maybe = try system.run(#"{"intent": "INShareFocusStatusIntent", "parameters": {"focusStatus": {"isFocused": "maybe"}}}"#)
        #expect(maybe.status == 2, "\(maybe.both)")
        #expect((try maybe.json()["message"] as? String)?.contains(#"parameter 'focusStatus' of INShareFocusStatusIntent has the property 'isFocused' (of INFocusStatus), which is a Boolean: expected true/false or yes/no, got "maybe""#) == true, "\(maybe.both)")
        let misnamed = try system.run(#"{"intent": "INShareFocusStatusIntent", "parameters": {"focusStatus": {"focused": true}}}"#)
        #expect(misnamed.status == 2, "\(misnamed.both)")
        #expect((try misnamed.json()["message"] as? String)?.contains(#"has the property 'focused', which INFocusStatus does not have: give "isFocused""#) == true,
                "\(misnamed.both)")
        let text = try system.run(#"{"intent": "INShareFocusStatusIntent", "parameters": {"focusStatus": "focused"}}"#)
        #expect(text.status == 2, "\(text.both)")
        #expect((try text.json()["message"] as? String)?.contains(#"give its properties as a JSON object ("isFocused")"#) == true, "\(text.both)")
    }

    /// The call went to the app with the handler's user activity: with no
    /// app installed, the run says which app is missing (exit status 4).
    static func expectHandedToApp(_ result: CommandRunner.Result, activity: String) {
        let json = (try? result.json()) ?? [:]
        #expect(result.status == 4, "\(result.both)")
        #expect((json["userActivity"] as? [String: Any])?["activityType"] as? String == activity, "\(result.both)")
        let handoff = json["handoff"] as? [String: Any]
        #expect(handoff?["app"] as? String == "com.example.porting.system", "\(result.both)")
        #expect((handoff?["error"] as? [String: Any])?["name"] as? String == "INIntentErrorNoAppAvailable", "\(result.both)")
    }

    @Test("a workout handler written with iOS 10's method names: its resolve method asks back, its handle ends the workout",
          arguments: [[], ["--isolated"]])
    func workoutIOS10NamesEndToEnd(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingSystemIntents"])
        defer { system.tearDown() }
        // No name: resolveWorkoutName(forEndWorkout:with:) asks to confirm the one in progress.
        let question = try #require(try system.run(#"{"intent": "INEndWorkoutIntent", "parameters": {}}"#, options: options).question())
        #expect(question["answerKey"] as? String == "workoutName", "\(question)")
        let ended = try system.run(#"{"intent": "INEndWorkoutIntent", "parameters": {"workoutName": "lap SWIM"}}"#, options: options)
        #expect(ended.status == 0, "\(ended.both)")
        let json = try ended.json()
        // handle(endWorkout:completion:) answered .success.
        #expect(json["message"] as? String == "Ended the workout.", "\(ended.both)")
        let steps = Self.steps(json, "workoutName")
        #expect(steps.contains { "\($0)".contains("Lap Swim") }, "the app's spelling of the workout: \(steps)")
        // handle(cancelWorkout:completion:) has its own answer.
        let cancelled = try system.run(#"{"intent": "INCancelWorkoutIntent", "parameters": {"workoutName": "Lap Swim"}}"#, options: options)
        #expect(try cancelled.json()["code"] as? String == "failureNoMatchingWorkout", "\(cancelled.both)")
    }

    @Test("a Swift handler's options in sections, more than a page: titles and pages in exthost run, in process and isolated",
          arguments: [[], ["--isolated"]])
    func sectionedOptionsPaged(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["PortingCustomIntents"])
        defer { system.tearDown() }
        let request = #"{"intent": "WatchBoard", "parameters": {}}"#
        let open = try system.run(request, options: options)
        #expect(open.status == 3, "\(open.both)")
        let question = try #require(try open.question())
        #expect(question["prompt"] as? String == "Which station should I watch?")
        let choices = question["choices"] as? [[String: Any]] ?? []
        #expect(choices.compactMap { $0["title"] as? String } == ["Central", "Harbour", "Airport", "Stadium", "University"], "\(question)")
        #expect(choices.compactMap { $0["section"] as? String } == ["Nearby", "Nearby", "Saved", "Saved", "Saved"])
        #expect((question["page"] as? [String: Any])?["total"] as? Int == 8)

        let picked = try system.run(request, answers: ["station=more", "station=7"], options: options)
        #expect(picked.status == 0, "\(picked.both)")
        #expect(try picked.json()["message"] as? String == "Watching Riverside, refreshed when asked.", "\(picked.both)")
    }

    /// The transcript's steps about one parameter.
    static func steps(_ json: [String: Any], _ parameter: String) -> [[String: Any]] {
        ((json["transcript"] as? [[String: Any]]) ?? []).filter { $0["parameter"] as? String == parameter }
    }

    @Test("a configurable parameter that does not support resolution is never asked for: a shortcut's configuration sets it")
    func configurableNotResolvable() throws {
        var system = try ExampleSystem(plugins: ["PortingCustomIntents"])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        defer { system.tearDown() }

        // Without a value it is not asked for (the resolvable station is).
        let asked = try system.question(#"{"intent": "WatchBoard", "parameters": {}}"#)
        #expect(asked["prompt"] as? String == "Which station should I watch?", "\(asked)")
        let bare = try system.run(#"{"intent": "WatchBoard", "parameters": {"station": "Harbour"}}"#)
        #expect(bare.status == 0, "\(bare.both)")
        let bareJSON = try bare.json()
        #expect(bareJSON["message"] as? String == "Watching Harbour, refreshed when asked.", "\(bare.both)")
        let skipped = Self.steps(bareJSON, "refreshMinutes")
        #expect(skipped.count == 1 && skipped.first?["stage"] as? String == "skip" && skipped.first?["result"] as? String == "notResolvable",
                "\(skipped)")

        // Set up as a shortcut, its value is the configuration's.
        let added = try system.exthost(["shortcuts", "add", "watch the harbour", "--app", "com.example.porting.trips", "--intent", "WatchBoard",
                                        "--parameters", #"{"station": "Harbour", "refreshMinutes": 10}"#, "--json"])
        #expect(added.status == 0, "\(added.both)")
        #expect((try added.json()["shortcut"] as? [String: Any])?["title"] as? String == "Watch Harbour every 10 minutes", "\(added.both)")
        let said = try system.exthost(["say", "--json", "watch the harbour"])
        #expect(said.status == 0, "\(said.both)")
        let saidJSON = try said.json()
        #expect(saidJSON["message"] as? String == "Watching Harbour, refreshed every 10 minutes.", "\(said.both)")
        let configured = Self.steps(saidJSON, "refreshMinutes")
        #expect(configured.count == 1 && configured.first?["result"] as? String == "notResolvable", "\(configured)")
        #expect("\(configured.first?["value"] ?? "none")" == "10", "\(configured)")
    }

    @Test("a deprecated intent still runs when asked, and is not offered for new shortcuts")
    func deprecatedIntent() throws {
        var system = try ExampleSystem(plugins: ["PortingCustomIntents"])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        defer { system.tearDown() }
        // Not in the catalogue of what can be set up (before any run donates it).
        let listed = try system.exthost(["shortcuts", "list", "--app", "com.example.porting.trips", "--json"])
        #expect(listed.status == 0, "\(listed.both)")
        let intents = ((try listed.json()["shortcuts"] as? [[String: Any]]) ?? []).compactMap { $0["intent"] as? String }
        #expect(intents.contains("ShowBoard") && !intents.contains("ShowTimetable"), "\(listed.standardOutput)")

        let added = try system.exthost(["shortcuts", "add", "timetable", "--app", "com.example.porting.trips", "--intent", "ShowTimetable"])
        #expect(added.status == 2, "\(added.both)")
        #expect(added.standardError.contains("ShowTimetable is deprecated in the definition of"), "\(added.standardError)")
        #expect(added.standardError.contains("not offered for new shortcuts"), "\(added.standardError)")

        // Asked for, it still runs.
        let run = try system.run(#"{"intent": "ShowTimetable", "parameters": {}}"#)
        #expect(run.status == 0, "\(run.both)")
        #expect(try run.json()["message"] as? String == "Timetables are now departure boards.", "\(run.both)")
    }

    /// The warnings of `swiftc -typecheck` in Swift 5 mode, as a user's
    /// package builds, on every Swift file of `folder` against the built SDK
    /// (the typecheck itself must succeed).
    static func typecheckWarnings(_ folder: URL) throws -> [Substring] {
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0).path }
        #expect(sources.count == 2, "the generated file and the handler: \(sources)")
        let typecheck = try self.typecheck(sources)
        #expect(typecheck.status == 0, "\(typecheck.both)")
        return typecheck.both.split(separator: "\n").filter { $0.contains(": warning: ") }
    }

    /// `sources` typechecked as a user's package compiles them: Swift 5
    /// mode, against the built `Intents` module.
    static func typecheck(_ sources: [String]) throws -> CommandRunner.Result {
        let build = BuiltProducts.directory
        return try CommandRunner().runExternal("/usr/bin/env", [
            "swiftc", "-typecheck", "-swift-version", "5", "-I", build.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=\(build.appendingPathComponent("CExthost.build/module.modulemap").path)",
        ] + sources)
    }

    @Test("INSendMessageAttachment's audioMessageFile is read-only to a handler, as Apple's is: the initialiser sets it")
    func sendMessageAttachmentFileIsReadOnly() throws {
        let folder = try makeTemporaryDirectory("attachment-read-only")
        let handler = folder.appendingPathComponent("Handler.swift")
        try """
            import Intents
            func replace(_ attachment: INSendMessageAttachment, with file: INFile) -> INSendMessageAttachment {
                attachment.audioMessageFile = file
                return INSendMessageAttachment(audioMessageFile: file)
            }
            """.write(to: handler, atomically: true, encoding: .utf8)
        let typecheck = try Self.typecheck([handler.path])
        #expect(typecheck.status != 0, "\(typecheck.both)")
        let errors = typecheck.both.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1 && errors[0].contains("Handler.swift:3:") && errors[0].contains("'audioMessageFile' setter is inaccessible"), "\(typecheck.both)")
    }

    @Test("generated code of a deprecated intent compiles without a warning; a handler's uses of its classes warn")
    func deprecatedIntentWarnsOnlyInUserCode() throws {
        let folder = try makeTemporaryDirectory("deprecated")
        let definition = TestPaths.packageRoot.appendingPathComponent("Tests/PortingSuite/CustomIntents/Boards.intentdefinition")
        let generated = try CommandRunner().run(["generate", definition.path, "--output", folder.path, "--language", "swift"])
        #expect(generated.status == 0, "\(generated.both)")
        let handler = folder.appendingPathComponent("Handler.swift")
        try """
            import Intents
            class TimetableHandler: NSObject, ShowTimetableIntentHandling {
                func handle(intent: ShowTimetableIntent, completion: @escaping (ShowTimetableIntentResponse) -> Void) {}
            }
            """.write(to: handler, atomically: true, encoding: .utf8)
        let warnings = try Self.typecheckWarnings(folder)
        #expect(!warnings.contains { $0.contains(".intentdefinition.swift:") }, "\(warnings)")
        for name in ["ShowTimetableIntentHandling", "ShowTimetableIntent", "ShowTimetableIntentResponse"] {
            #expect(warnings.contains { $0.contains("Handler.swift:") && $0.contains("'\(name)' is deprecated: ShowTimetable is deprecated in its definition") },
                    "\(name): \(warnings)")
        }
    }

    @Test("iOS 10 and 11's domain protocols warn with Apple's message where a handler adopts them, and not in an extension marked deprecated")
    func domainProtocolsWarnAsApplesDo() throws {
        let folder = try makeTemporaryDirectory("domain-protocols")
        try """
            import Intents
            final class MessagesHandler: NSObject, INMessagesDomainHandling {}
            final class CallsHandler: NSObject, INCallsDomainHandling {}
            final class NotebookHandler: NSObject, INNotebookDomainHandling {}
            final class WorkoutsHandler: NSObject, INWorkoutsDomainHandling {}
            """.write(to: folder.appendingPathComponent("Handler.swift"), atomically: true, encoding: .utf8)
        try """
            import Intents
            final class ClassicWorkouts: NSObject {}
            @available(*, deprecated, message: "the app still adopts iOS 10's workouts domain protocol")
            extension ClassicWorkouts: INWorkoutsDomainHandling {}
            """.write(to: folder.appendingPathComponent("Classic.swift"), atomically: true, encoding: .utf8)
        let warnings = try Self.typecheckWarnings(folder)
        #expect(!warnings.contains { $0.contains("Classic.swift:") }, "\(warnings)")
        for (line, name, first) in [(2, "INMessagesDomainHandling", "INSendMessageIntentHandling"), (3, "INCallsDomainHandling", "INStartAudioCallIntentHandling"),
                                    (4, "INNotebookDomainHandling", "INCreateNoteIntentHandling"), (5, "INWorkoutsDomainHandling", "INStartWorkoutIntentHandling")] {
            #expect(warnings.contains { $0.contains("Handler.swift:\(line):") && $0.contains("'\(name)' is deprecated: Please conform to \(first), ") },
                    "\(name): \(warnings)")
        }
        #expect(warnings.count == 4, "\(warnings)")
    }

    @Test("iOS 15's four deprecated intents warn with Apple's message where a handler adopts them, and not in an extension marked deprecated")
    func iOS15DeprecationsWarnAsApplesDo() throws {
        let folder = try makeTemporaryDirectory("ios15-deprecations")
        try """
            import Intents
            final class CallHistoryHandler: NSObject, INSearchCallHistoryIntentHandling {}
            final class AppendHandler: NSObject, INAppendToNoteIntentHandling {}
            final class ListHandler: NSObject, INCreateTaskListIntentHandling {}
            final class DeleteHandler: NSObject, INDeleteTasksIntentHandling {}
            func reason() -> Int { INDeleteTasksTaskUnsupportedReason.noTasksFound.rawValue }
            func result() -> INDeleteTasksTaskResolutionResult? { nil }
            """.write(to: folder.appendingPathComponent("Handler.swift"), atomically: true, encoding: .utf8)
        try """
            import Intents
            final class Inbox: NSObject {}
            @available(*, deprecated, message: "INSearchCallHistoryIntent is deprecated. There is no replacement.")
            extension Inbox: INSearchCallHistoryIntentHandling {
                func handle(intent: INSearchCallHistoryIntent, completion: @escaping (INSearchCallHistoryIntentResponse) -> Void) {
                    completion(INSearchCallHistoryIntentResponse(code: .success, userActivity: nil))
                }
            }
            """.write(to: folder.appendingPathComponent("Classic.swift"), atomically: true, encoding: .utf8)
        let warnings = try Self.typecheckWarnings(folder)
        #expect(!warnings.contains { $0.contains("Classic.swift:") }, "\(warnings)")
        for (line, name) in [(2, "INSearchCallHistoryIntentHandling"), (3, "INAppendToNoteIntentHandling"), (4, "INCreateTaskListIntentHandling"),
                             (5, "INDeleteTasksIntentHandling"), (6, "INDeleteTasksTaskUnsupportedReason"), (7, "INDeleteTasksTaskResolutionResult")] {
            #expect(warnings.contains { $0.contains("Handler.swift:\(line):") && $0.contains("'\(name)' is deprecated: \(name) is deprecated. There is no replacement.") },
                    "\(name): \(warnings)")
        }
        #expect(warnings.count == 6, "\(warnings)")
    }

    @Test("a deprecated parameter's property warns where a handler reads it, never in the generated file; so do the system intents' deprecated properties")
    func deprecatedParameterWarnsOnlyInUserCode() throws {
        let folder = try makeTemporaryDirectory("deprecated-parameter")
        let definition = folder.appendingPathComponent("Tea.json")
        try #"""
            {"intents": [{"name": "OrderTea", "parameters": [
              {"name": "size", "type": "Integer", "supportsResolution": true, "deprecated": {"renamed": "cups", "message": "say how many cups"}},
              {"name": "cups", "type": "Integer", "supportsResolution": true},
              {"name": "blend", "type": "String", "supportsResolution": true, "supportsDynamicEnumeration": true, "deprecated": true}
            ], "response": {"codes": [{"name": "success", "success": true}]}}]}
            """#.write(to: definition, atomically: true, encoding: .utf8)
        let generated = try CommandRunner().run(["generate", definition.path, "--output", folder.path, "--language", "swift"])
        #expect(generated.status == 0, "\(generated.both)")
        try """
            import Intents
            class TeaHandler: NSObject, OrderTeaIntentHandling {
                func resolveSize(for intent: OrderTeaIntent, with completion: @escaping (INIntegerResolutionResult) -> Void) {
                    completion(intent.size.map { .success(with: $0.intValue) } ?? .notRequired())
                }
                func handle(intent: OrderTeaIntent, completion: @escaping (OrderTeaIntentResponse) -> Void) {
                    _ = intent.blend
                    _ = intent.cups
                }
            }
            func iOS10(_ send: INSendMessageIntent, _ search: INSearchForMessagesIntent, _ calls: INSearchCallHistoryIntent, _ call: INStartCallIntent) {
                _ = (send.groupName, search.groupNames, calls.callType, call.recordTypeForRedialing)
            }
            """.write(to: folder.appendingPathComponent("Handler.swift"), atomically: true, encoding: .utf8)
        let warnings = try Self.typecheckWarnings(folder)
        #expect(!warnings.contains { !$0.contains("Handler.swift:") }, "only the handler warns: \(warnings)")
        // iOS 15 deprecates the call-history search itself, so its class warns too.
        for (line, expected) in [(4, "'size' is deprecated: say how many cups"), (7, "'blend' is deprecated"),
                                 (11, "'INSearchCallHistoryIntent' is deprecated: INSearchCallHistoryIntent is deprecated. There is no replacement."),
                                 (12, "'groupName' is deprecated"), (12, "'groupNames' is deprecated"),
                                 (12, "'callType' is deprecated"), (12, "'recordTypeForRedialing' is deprecated")] {
            #expect(warnings.contains { $0.contains("Handler.swift:\(line):") && $0.contains(expected) }, "\(expected): \(warnings)")
        }
        #expect(warnings.count == 7, "\(warnings)")
    }
}
