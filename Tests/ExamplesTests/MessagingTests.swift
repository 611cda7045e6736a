import ExthostTestSupport
import Foundation
import Testing

/// Messaging: Apple's `INSendMessageIntent`, a system intent, through
/// `exthost run --json` against the messaging example, which has no intent
/// definition of its own.
@Suite("Messaging, end to end")
struct MessagingTests {
    private func system() throws -> ExampleSystem {
        try ExampleSystem(plugins: ["MessagingExtension"])
    }

    /// The identifiers of the messages an `INSearchForMessagesIntent` with
    /// these parameters (a JSON object's text) finds; the run must succeed.
    private func messagesFound(_ parameters: String, in system: ExampleSystem, options: [String] = [],
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> [String?] {
        let result = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": \#(parameters)}"#, options: options)
        #expect(result.status == 0, "\(result.both)", sourceLocation: sourceLocation)
        let response = try result.json()["response"] as? [String: Any]
        return (response?["messages"] as? [[String: Any]] ?? []).map { $0["identifier"] as? String }
    }

    @Test("a message to one recipient is sent to the contact the name matches")
    func oneRecipient() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(exampleRequest: "Examples/Messaging/Requests/send-to-bruno.json")
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["message"] as? String == "Your message is sent.")
        #expect(result.both.contains("sent to Bruno Costa <bruno@example.com>: Running ten minutes late"), "\(result.both)")
    }

    @Test("a message whose type is not said is text, as Siri takes it (outgoingMessageText); one said to be audio stays audio")
    func textUnlessSaid() throws {
        let system = try system()
        defer { system.tearDown() }
        let plain = try system.run(exampleRequest: "Examples/Messaging/Requests/send-to-bruno.json")
        #expect(plain.status == 0, "\(plain.both)")
        #expect((try plain.json()["values"] as? [String: Any])?["outgoingMessageType"] as? Int == 1, "\(plain.both)")
        let audio = try system.run(#"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"], "content": "On my way", "outgoingMessageType": "outgoingMessageAudio"}}"#)
        #expect(audio.status == 0, "\(audio.both)")
        #expect((try audio.json()["values"] as? [String: Any])?["outgoingMessageType"] as? Int == 2, "\(audio.both)")
    }

    @Test("a name two contacts share is asked about, with their handles; the answer sends to the one picked")
    func disambiguation() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Ana"], "content": "Lunch at one?"}}"#
        let question = try system.question(request)
        #expect(question["kind"] as? String == "choice")
        #expect(question["answerKey"] as? String == "recipients")
        #expect(question["prompt"] as? String == "Which one?")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.map { $0["title"] as? String } == ["Ana Lima", "Ana Souza"])
        #expect(choices.map { $0["subtitle"] as? String } == ["ana.lima@example.com", "+55 11 5550-0142"])

        let answered = try system.run(request, answers: ["recipients=2"])
        #expect(answered.status == 0, "\(answered.both)")
        #expect(try answered.json()["message"] as? String == "Your message is sent.")
        #expect(answered.both.contains("sent to Ana Souza <+55 11 5550-0142>: Lunch at one?"), "\(answered.both)")
    }

    @Test("once the app has told Siri its contacts, a name two of them share reaches the extension with both in siriMatches, which it offers",
          arguments: [[String](), ["--isolated"]])
    func siriMatchesOfTheAppsContacts(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["MessagingExtension"], apps: [ExampleApp.messaging])
        defer { system.tearDown() }
        // The person opens the app once: at launch it registers its contacts' names.
        let activity = try system.file("activity.json", #"{"activityType": "com.example.messaging.conversation", "title": "Carla Dias"}"#)
        let opened = try system.exthost(["open", "--json", activity])
        #expect(opened.status == 0, "\(opened.both)")
        #expect(system.output(ofApp: "com.example.messaging").contains("showing Carla Dias"), "\(system.output(ofApp: "com.example.messaging"))")

        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["carla dias"], "content": "See you at six"}}"#
        let asked = try system.run(request, options: options)
        #expect(asked.status == 3, "\(asked.both)")
        let json = try asked.json()
        // What the extension received: the app's first contact of that
        // name, with every contact of that name in siriMatches, in the app's order.
        let recipients = try #require((json["values"] as? [String: Any])?["recipients"] as? [[String: Any]], "\(asked.both)")
        #expect(recipients.first?["identifier"] as? String == "carla-dias", "\(recipients)")
        let siriMatches = try #require((recipients.first?["properties"] as? [String: Any])?["siriMatches"] as? [[String: Any]], "\(recipients)")
        #expect(siriMatches.map { $0["identifier"] as? String } == ["carla-dias", "carla-dias-work"])
        #expect(siriMatches.map { $0["displayString"] as? String } == ["Carla Dias", "Carla Dias"])
        // The extension offered them (its contact book would have taken
        // the identifier's one contact), with their handles.
        let question = try #require(json["question"] as? [String: Any], "\(asked.both)")
        #expect(question["answerKey"] as? String == "recipients")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.map { $0["title"] as? String } == ["Carla Dias", "Carla Dias"])
        #expect(choices.map { $0["subtitle"] as? String } == ["carla.dias@example.com", "+55 21 5550-0190"])

        let answered = try system.run(request, answers: ["recipients=2"], options: options)
        #expect(answered.status == 0, "\(answered.both)")
        #expect(answered.both.contains("sent to Carla Dias <+55 21 5550-0190>: See you at six"), "\(answered.both)")
    }

    @Test("--locale ja: the system's sentences of the messaging domain in Japanese, its disambiguation and response")
    func japanese() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Ana"], "content": "Lunch at one?"}}"#
        let asked = try system.run(request, options: ["--locale", "ja"])
        #expect(asked.status == 3, "\(asked.both)")
        let question = try #require(try asked.json()["question"] as? [String: Any], "\(asked.both)")
        #expect(question["prompt"] as? String == "どの人ですか？")
        let answered = try system.run(request, answers: ["recipients=2"], options: ["--locale", "ja_JP.UTF-8"])
        #expect(answered.status == 0, "\(answered.both)")
        #expect(try answered.json()["message"] as? String == "メッセージを送信しました。", "\(answered.both)")
        // No content: the domain's own question, in Japanese.
        let content = try system.run(#"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"]}}"#, options: ["--locale", "ja"])
        #expect((try content.json()["question"] as? [String: Any])?["prompt"] as? String == "何と送りますか？", "\(content.both)")
    }

    @Test("two recipients, one of whose names two contacts share: the pick replaces that one, the other stays")
    func disambiguationAmongSeveral() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno", "Ana"], "content": "Dinner?"}}"#
        let result = try system.run(request, answers: ["recipients=Ana Lima"])
        #expect(result.status == 0, "\(result.both)")
        #expect(result.both.contains("sent to Bruno Costa <bruno@example.com>: Dinner?"), "\(result.both)")
        #expect(result.both.contains("sent to Ana Lima <ana.lima@example.com>: Dinner?"), "\(result.both)")
    }

    @Test("in an extension process of its own (--isolated), the same conversation gives the same result")
    func isolated() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno", "Ana"], "content": "Dinner?"}}"#
        let local = try system.run(request, answers: ["recipients=2"])
        let isolated = try system.run(request, answers: ["recipients=2"], options: ["--isolated"])
        #expect(isolated.status == 0, "\(isolated.both)")
        #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect(isolated.both.contains("sent to Ana Souza <+55 11 5550-0142>: Dinner?"), "\(isolated.both)")
    }

    @Test("the response carries the message sent (sentMessages), in exthost run --json, in process and --isolated alike")
    func sentMessages() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"], "content": "On my way", "serviceName": "Courier", "outgoingMessageType": "outgoingMessageAudio"}}"#
        let local = try system.run(request)
        #expect(local.status == 0, "\(local.both)")
        let isolated = try system.run(request, options: ["--isolated"])
        #expect(isolated.status == 0, "\(isolated.both)")
        for result in [local, isolated] {
            let response = try #require(try result.json()["response"] as? [String: Any], "\(result.both)")
            let sent = try #require(response["sentMessages"] as? [[String: Any]], "\(result.both)")
            #expect(sent.map { $0["identifier"] as? String } == ["sent-4"])
            let properties = try #require(sent.first?["properties"] as? [String: Any])
            #expect(properties["content"] as? String == "On my way")
            #expect(properties["serviceName"] as? String == "Courier")
            let recipients = try #require(properties["recipients"] as? [[String: Any]])
            #expect(recipients.map { $0["identifier"] as? String } == ["bruno-costa"])
        }
        #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())
    }

    @Test("an intent file's audio attachment (iOS 14's attachments) reaches handle, in process and --isolated", arguments: [[], ["--isolated"]])
    func audioAttachment(options: [String]) throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"], "content": "Listen", "outgoingMessageType": "outgoingMessageAudio", "attachments": [{"audioMessageFile": {"identifier": "memo", "displayString": "memo.m4a", "properties": {"fileURL": "file:///tmp/memo.m4a"}}}]}}"#
        let result = try system.run(request, options: options)
        #expect(result.status == 0, "\(result.both)")
        #expect(result.both.contains("with the recording memo.m4a (/tmp/memo.m4a)"), "\(result.both)")
    }

    @Test("no content: the system asks what to say, and the answer is sent")
    func needsContent() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"]}}"#
        let question = try system.question(request)
        #expect(question["answerKey"] as? String == "content")
        #expect(question["prompt"] as? String == "What do you want to say?")

        let answered = try system.run(request, answers: ["content=On my way"])
        #expect(answered.status == 0, "\(answered.both)")
        #expect(answered.both.contains("sent to Bruno Costa <bruno@example.com>: On my way"), "\(answered.both)")
    }

    @Test("a name no contact has: the recipient's unsupported reason is said")
    func unknownRecipient() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Zoe"], "content": "Hi"}}"#)
        #expect(result.status == 3, "\(result.both)")
        #expect(try result.json()["message"] as? String == "There is no address to send Zoe a message.")
    }

    @Test("INSetMessageAttributeIntent, added as data only: messages marked, an unknown one reported, a missing attribute asked for")
    func setAttribute() throws {
        let system = try system()
        defer { system.tearDown() }
        let marked = try system.run(#"{"intent": "INSetMessageAttributeIntent", "parameters": {"identifiers": ["msg-1", "msg-3"], "attribute": "read"}}"#)
        #expect(marked.status == 0, "\(marked.both)")
        #expect(try marked.json()["message"] as? String == "The messages are marked.")
        #expect(marked.both.contains("marked msg-1 as read") && marked.both.contains("marked msg-3 as read"), "\(marked.both)")

        let unknown = try system.run(#"{"intent": "INSetMessageAttributeIntent", "parameters": {"identifiers": ["msg-9"], "attribute": "flagged"}}"#)
        #expect(unknown.status != 0, "\(unknown.both)")
        #expect(try unknown.json()["message"] as? String == "That message was not found.")

        let unmarked = #"{"intent": "INSetMessageAttributeIntent", "parameters": {"identifiers": ["msg-2"]}}"#
        #expect(try system.question(unmarked)["prompt"] as? String == "Mark it as what?")
        let answered = try system.run(unmarked, answers: ["attribute=unread"])
        #expect(answered.status == 0, "\(answered.both)")
        #expect(answered.both.contains("marked msg-2 as unread"), "\(answered.both)")
    }

    @Test("INSearchForMessagesIntent, added as data only: a sender disambiguated, words searched, the messages in the response")
    func search() throws {
        let system = try system()
        defer { system.tearDown() }
        let bySender = #"{"intent": "INSearchForMessagesIntent", "parameters": {"senders": ["Ana"]}}"#
        #expect(try system.question(bySender)["answerKey"] as? String == "senders")
        let answered = try system.run(bySender, answers: ["senders=Ana Lima"])
        #expect(answered.status == 0, "\(answered.both)")
        #expect(try answered.json()["message"] as? String == "Found: Lunch at one?")

        let byWords = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": {"searchTerms": ["late"]}}"#)
        #expect(byWords.status == 0, "\(byWords.both)")
        let response = try #require(try byWords.json()["response"] as? [String: Any])
        let messages = try #require(response["messages"] as? [[String: Any]])
        #expect(messages.map { $0["identifier"] as? String } == ["msg-1"])
        let properties = try #require(messages.first?["properties"] as? [String: Any])
        #expect(properties["content"] as? String == "Running ten minutes late")
        #expect(properties["dateSentComponents"] as? String == "2026-01-01T08:00:00")
        #expect((properties["sender"] as? [String: Any])?["identifier"] as? String == "bruno-costa")
    }

    @Test("exthost list shows the system intents the extension supports, for people and in --json")
    func listed() throws {
        let system = try system()
        defer { system.tearDown() }
        let text = try system.exthost(["list"])
        #expect(text.status == 0, "\(text.both)")
        #expect(text.standardOutput.contains("system:   INSendMessageIntent, INSearchForMessagesIntent, INSetMessageAttributeIntent"), "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("intents:  "), "\(text.standardOutput)")

        let json = try system.exthost(["list", "--json"]).json()
        let extensions = try #require(json["extensions"] as? [[String: Any]])
        #expect(extensions.map { $0["systemIntents"] as? [String] } == [["INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent"]])
    }

    @Test("an app the person denied Siri is handed no system intent, with what to do; authorized again, it is")
    func siriDenied() throws {
        let system = try system()
        defer { system.tearDown() }
        let denied = try system.exthost(["siri", "deny", "com.example.messaging", "--json"])
        #expect(denied.status == 0, "\(denied.both)")
        #expect(try denied.json()["status"] as? String == "denied")
        let refused = try system.run(exampleRequest: "Examples/Messaging/Requests/send-to-bruno.json")
        #expect(refused.status == 4, "\(refused.both)")
        #expect(refused.both.contains("Siri is denied for com.example.messaging"), "\(refused.both)")
        #expect(refused.both.contains("exthost siri authorize com.example.messaging"), "\(refused.both)")
        #expect(refused.both.contains("1913"), "\(refused.both)")
        #expect(!refused.both.contains("sent to Bruno"), "\(refused.both)")
        #expect(try system.exthost(["siri", "authorize", "com.example.messaging"]).status == 0)
        let shown = try system.exthost(["siri"])
        #expect(shown.standardOutput.contains("com.example.messaging: authorized"), "\(shown.both)")
        let sent = try system.run(exampleRequest: "Examples/Messaging/Requests/send-to-bruno.json")
        #expect(sent.status == 0, "\(sent.both)")
    }

    @Test("INSearchForMessagesIntent's dateTimeRange reaches the handler, which finds the messages sent in it")
    func searchByDate() throws {
        let system = try system()
        defer { system.tearDown() }
        func found(from start: String, to end: String) throws -> [String?] {
            try messagesFound(#"{"dateTimeRange": {"displayString": "then", "properties": {"startDateComponents": "\#(start)", "endDateComponents": "\#(end)"}}}"#, in: system)
        }
        // The inbox's messages were sent on 1 January 2026 (UTC): in any time zone, the days around it.
        #expect(try found(from: "2025-12-31", to: "2026-01-02") == ["msg-1", "msg-2", "msg-3"])
        #expect(try found(from: "2025-12-01", to: "2025-12-30").isEmpty)
    }

    @Test("INSearchForMessagesIntent's attributes, an option set given as names, reach the handler, which finds the messages having them all")
    func searchByAttributes() throws {
        let system = try system()
        defer { system.tearDown() }
        func found(_ attributes: String) throws -> [String?] {
            try messagesFound(#"{"attributes": \#(attributes)}"#, in: system)
        }
        #expect(try found(#"["unread"]"#) == ["msg-2", "msg-3"])
        #expect(try found(#"["unread", "flagged"]"#) == ["msg-3"])
        #expect(try found(#"["read"]"#) == ["msg-1"])
        #expect(try found(#""unflagged""#) == ["msg-1", "msg-2"])

        let played = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": {"attributes": ["unread", "played"]}}"#)
        #expect(played.status != 0, "\(played.both)")
        #expect(!played.both.contains("msg-2"), "\(played.both)")
    }

    @Test("an option set reads as its options' names in --json values and transcript, in-process and --isolated, and in the donation recorded")
    func attributesShownAsNames() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSearchForMessagesIntent", "parameters": {"attributes": ["unread", "flagged"]}}"#
        let local = try system.run(request)
        #expect(local.status == 0, "\(local.both)")
        let values = try #require(try local.json()["values"] as? [String: Any])
        #expect(values["attributes"] as? [String] == ["unread", "flagged"], "\(values)")
        let resolved = try local.transcript().first { $0["stage"] as? String == "resolve" && $0["parameter"] as? String == "attributes" }
        #expect(resolved?["value"] as? [String] == ["unread", "flagged"], "\(local.both)")

        let isolated = try system.run(request, options: ["--isolated"])
        #expect(isolated.status == 0, "\(isolated.both)")
        #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())

        let donated = try system.donations(ofApp: "com.example.messaging").compactMap { $0["shortcut"] as? [String: Any] }
            .filter { $0["intent"] as? String == "INSearchForMessagesIntent" }
        // One donation per run: in-process, then --isolated.
        #expect(donated.count == 2, "\(donated)")
        let attributes = donated.map { ($0["parameters"] as? [String: Any])?["attributes"] as? [String] }
        #expect(attributes == [["unread", "flagged"], ["unread", "flagged"]], "\(donated)")
        let parameters = donated.first?["parameters"] as? [String: Any]

        // The donation's parameters are an intent file's: running them again finds the same message.
        let text = String(decoding: try JSONSerialization.data(withJSONObject: try #require(parameters)), as: UTF8.self)
        let again = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": \#(text)}"#)
        let messages = try (again.json()["response"] as? [String: Any])?["messages"] as? [[String: Any]]
        #expect(messages?.map { $0["identifier"] as? String } == ["msg-3"], "\(again.both)")
    }

    @Test("an empty option set reads as an empty list of names, not 0")
    func noAttributesShownAsEmptyList() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": {"attributes": [], "searchTerms": ["late"]}}"#)
        #expect(result.status == 0, "\(result.both)")
        let values = try #require(try result.json()["values"] as? [String: Any])
        #expect(values["attributes"] as? [String] == [], "\(values)")
    }

    @Test("text output says an option set's options by name")
    func attributesSaidByName() throws {
        let system = try system()
        defer { system.tearDown() }
        let file = try system.file("played.json", #"{"intent": "INSearchForMessagesIntent", "parameters": {"attributes": ["unread", "played"]}}"#)
        let result = try system.exthost(["run", "--plugins", system.plugins.path, file])
        #expect(result.status != 0, "\(result.both)")
        #expect(result.standardOutput.contains("» Unread and Played isn't a supported attributes."), "\(result.both)")
    }

    @Test("an option name the set does not have is refused before the extension is reached, naming the options it has")
    func unknownAttributeRefused() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": {"attributes": ["unread", "starred"]}}"#)
        #expect(result.status != 0, "\(result.both)")
        let message = try #require(try result.json()["message"] as? String)
        #expect(message.hasSuffix(#"parameter 'attributes' of INSearchForMessagesIntent is the option set INMessageAttributeOptions: "starred" is none of its options (read, unread, flagged, unflagged, played)"#), "\(message)")
    }

    @Test("INSearchForMessagesIntent's operators, given by case name, reach the handler: none of the senders, any, all or none of the words; in-process and --isolated alike")
    func searchOperators() throws {
        let system = try system()
        defer { system.tearDown() }
        func found(_ parameters: String, options: [String] = []) throws -> [String?] {
            try messagesFound(parameters, in: system, options: options)
        }
        #expect(try found(#"{"senders": ["Bruno"]}"#) == ["msg-1"])
        #expect(try found(#"{"senders": ["Bruno"], "sendersOperator": "none"}"#) == ["msg-2", "msg-3"])
        #expect(try found(#"{"senders": ["Bruno"], "sendersOperator": "none"}"#, options: ["--isolated"]) == ["msg-2", "msg-3"])
        #expect(try found(#"{"searchTerms": ["late", "lunch"], "searchTermsOperator": "any"}"#) == ["msg-1", "msg-2"])
        #expect(try found(#"{"searchTerms": ["late", "lunch"], "searchTermsOperator": "all"}"#).isEmpty)
        #expect(try found(#"{"searchTerms": ["late", "lunch"]}"#).isEmpty)
        #expect(try found(#"{"searchTerms": ["late", "lunch"], "searchTermsOperator": 2}"#) == ["msg-3"])
    }

    @Test("an operator given as all (0) is a value: --json lists it, in-process and --isolated, and the donation recorded runs again; one not given is absent")
    func allIsAValue() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INSearchForMessagesIntent", "parameters": {"searchTerms": ["late"], "searchTermsOperator": "all"}}"#
        let local = try system.run(request)
        #expect(local.status == 0, "\(local.both)")
        let values = try #require(try local.json()["values"] as? [String: Any])
        #expect(values["searchTermsOperator"] as? Int == 0, "\(values)")
        #expect(values["sendersOperator"] == nil, "\(values)")
        let isolated = try system.run(request, options: ["--isolated"])
        #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())

        let donated = try system.donations(ofApp: "com.example.messaging").compactMap { $0["shortcut"] as? [String: Any] }
            .compactMap { $0["parameters"] as? [String: Any] }
        #expect(donated.count == 2, "\(donated)")
        let parameters = try #require(donated.first)
        #expect(parameters["searchTermsOperator"] != nil, "\(parameters)")
        let text = String(decoding: try JSONSerialization.data(withJSONObject: parameters), as: UTF8.self)
        let again = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": \#(text)}"#)
        #expect(try again.json()["values"] as? NSDictionary == values as NSDictionary, "\(again.both)")
    }

    @Test("an operator name INConditionalOperator does not have is refused before the extension is reached, naming its cases")
    func unknownOperatorRefused() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "INSearchForMessagesIntent", "parameters": {"searchTerms": ["late"], "searchTermsOperator": "some"}}"#)
        #expect(result.status != 0, "\(result.both)")
        let message = try #require(try result.json()["message"] as? String)
        #expect(message.hasSuffix(#"parameter 'searchTermsOperator' of INSearchForMessagesIntent is the enum INConditionalOperator: "some" is none of its cases (all, any, none)"#), "\(message)")
    }
}
