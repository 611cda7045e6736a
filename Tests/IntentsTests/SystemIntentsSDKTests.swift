import Foundation
import IntentDefinition
import Intents
import Testing

/// The SDK's side of the system intents: Apple's `INPerson` initialisers
/// and `INSpeakableString`, and handlers written as on iOS.
struct SystemIntentsSDKTests {
    @Test("INPerson's isMe, suggestionType, aliases and handle label survive the trip across the ABI")
    func personRoundTrip() throws {
        let person = INPerson(
            personHandle: INPersonHandle(value: "+1 555 0100", type: .phoneNumber, label: .mobile),
            nameComponents: nil, displayName: "Ada", image: nil, contactIdentifier: nil, customIdentifier: "ada",
            isMe: true, suggestionType: .instantMessageAddress
        )
        let copy = try #require(INPerson._exthostObject(fromJSON: person.jsonObject))
        #expect(copy.isMe && copy.suggestionType == .instantMessageAddress)
        #expect(copy.personHandle == INPersonHandle(value: "+1 555 0100", type: .phoneNumber, label: .mobile))
        #expect(copy.customIdentifier == "ada" && copy.displayName == "Ada")

        let other = INPerson(
            personHandle: INPersonHandle(value: "ada@example.com", type: .emailAddress),
            nameComponents: nil, displayName: nil, image: nil, contactIdentifier: nil, customIdentifier: nil,
            aliases: [INPersonHandle(value: "ada2@example.com", type: .emailAddress)], suggestionType: .socialProfile
        )
        let otherCopy = try #require(INPerson._exthostObject(fromJSON: other.jsonObject))
        #expect(otherCopy.aliases == [INPersonHandle(value: "ada2@example.com", type: .emailAddress)])
        #expect(otherCopy.suggestionType == .socialProfile && !otherCopy.isMe)
        #expect(otherCopy.displayName == "ada@example.com")

        // An alias's label crosses as the handle's does.
        let labelled = INPerson(
            personHandle: INPersonHandle(value: "ada@example.com", type: .emailAddress),
            nameComponents: nil, displayName: nil, image: nil, contactIdentifier: nil, customIdentifier: nil,
            aliases: [INPersonHandle(value: "+1 555 0100", type: .phoneNumber, label: .mobile)], suggestionType: .none
        )
        let labelledCopy = try #require(INPerson._exthostObject(fromJSON: labelled.jsonObject))
        #expect(labelledCopy.aliases == [INPersonHandle(value: "+1 555 0100", type: .phoneNumber, label: .mobile)])
    }

    @Test("INSpeakableString has Apple's initialisers and properties")
    func speakableString() {
        let group = INSpeakableString(vocabularyIdentifier: "g1", spokenPhrase: "Climbing crew", pronunciationHint: nil)
        #expect(group.spokenPhrase == "Climbing crew" && group.vocabularyIdentifier == "g1")
        #expect(INSpeakableString(spokenPhrase: "Family").vocabularyIdentifier == nil)
    }

    @Test("INSpeakableString is INSpeakable, with iOS 10's identifier beside vocabularyIdentifier; the host names INVocabularyStringType's cases as the SDK does")
    func speakableProtocol() {
        let square = INSpeakableString(identifier: "square-run", spokenPhrase: "Corrida na Praça", pronunciationHint: "ko hee da na pra sa")
        square.alternativeSpeakableMatches = [INSpeakableString(spokenPhrase: "Square Run")]
        let speakable: any INSpeakable = square
        #expect(speakable.vocabularyIdentifier == "square-run" && speakable.identifier == "square-run")
        #expect(speakable.spokenPhrase == "Corrida na Praça" && speakable.pronunciationHint == "ko hee da na pra sa")
        #expect(speakable.alternativeSpeakableMatches?.map(\.spokenPhrase) == ["Square Run"])
        // As an app builds the set it hands setVocabulary(_:of:).
        let set = NSOrderedSet(array: [square, INSpeakableString(spokenPhrase: "Pool Swim")])
        #expect(set.array.compactMap { ($0 as? any INSpeakable)?.spokenPhrase } == ["Corrida na Praça", "Pool Swim"])
        for (raw, name) in SystemIntents.vocabularyTypeNames {
            #expect(INVocabularyStringType(rawValue: raw).map { "\($0)" } == name)
        }
        #expect(SystemIntents.vocabularyTypeNames.count == 16)
    }

    @Test("INMessage has Apple's initialiser, and its dateSent survives the trip across the ABI")
    func message() throws {
        let sent = Date(timeIntervalSince1970: 1_767_254_400)
        let message = INMessage(identifier: "m1", content: "Hello", dateSent: sent, sender: INPerson(identifier: "p1", display: "Ada"), recipients: nil)
        let copy = try #require(INMessage._exthostObject(fromJSON: message.jsonObject))
        #expect(copy.identifier == "m1" && copy.content == "Hello" && copy.dateSent == sent)
        #expect(copy.sender?.displayName == "Ada" && copy.recipients == nil)
    }

    @Test("INMediaSearch has Apple's initialiser, and its releaseDate survives the trip across the ABI")
    func mediaSearch() throws {
        // Years alone, as a search for "albums from the nineties" says it.
        let nineties = INDateComponentsRange(start: DateComponents(year: 1990), end: DateComponents(year: 1999))
        let search = INMediaSearch(mediaType: .album, sortOrder: .popular, mediaName: nil, artistName: "Caetano", albumName: nil,
                                   genreNames: ["MPB"], moodNames: nil, releaseDate: nineties, reference: .unknown, mediaIdentifier: nil)
        let copy = try #require(INMediaSearch._exthostObject(fromJSON: search.jsonObject))
        #expect(copy.mediaType == .album && copy.sortOrder == .popular && copy.artistName == "Caetano" && copy.genreNames == ["MPB"])
        #expect(copy.releaseDate?.startDateComponents == DateComponents(year: 1990) && copy.releaseDate?.endDateComponents == DateComponents(year: 1999))
        #expect(copy.mediaName == nil && copy.reference == .unknown)
    }

    @Test("INMediaItemResolutionResult.successes(with:) is the base class's, as Apple declares it; each media intent's class keeps its own")
    func mediaItemSuccesses() {
        let items = [INMediaItem(identifier: "s1", title: "Slow Morning", type: .song, artwork: nil),
                     INMediaItem(identifier: "s2", title: "Late Train", type: .song, artwork: nil)]
        let base = INMediaItemResolutionResult.successes(with: items)
        #expect(base.map(\.outcome) == [.success, .success])
        #expect(base.map { ($0.resolvedValue as? INMediaItem)?.identifier } == ["s1", "s2"])
        // As iOS apps write it: the base results, made into the intent's own.
        let play = base.map(INPlayMediaMediaItemResolutionResult.init(mediaItemResolutionResult:))
        #expect(play.map { ($0.resolvedValue as? INMediaItem)?.title } == ["Slow Morning", "Late Train"])
        let own = INPlayMediaMediaItemResolutionResult.successes(with: items)
        #expect(type(of: own) == [INPlayMediaMediaItemResolutionResult].self && own.count == 2)
    }

    @Test("the messaging intents have Apple's initialisers")
    func intentInitializers() {
        let bruno = INPerson(identifier: "bruno", display: "Bruno")
        let send = INSendMessageIntent(
            recipients: [bruno], outgoingMessageType: .outgoingMessageText, content: "Hi",
            speakableGroupName: INSpeakableString(spokenPhrase: "Crew"), conversationIdentifier: "c1", serviceName: "Relay", sender: nil,
            attachments: nil
        )
        #expect(send.recipients == [bruno] && send.content == "Hi" && send.outgoingMessageType == .outgoingMessageText)
        #expect(send.speakableGroupName?.spokenPhrase == "Crew" && send.conversationIdentifier == "c1" && send.serviceName == "Relay")
        #expect(send.attachments == nil)
        // iOS 14's initialiser without attachments, deprecated in iOS 14, sets the same properties.
        let deprecations: any LaterDeprecations.Type = LaterDeprecationsImpl.self
        let former = deprecations.sendMessageWithoutAttachments(to: [bruno])
        #expect(former.recipients == [bruno] && former.content == "Hi" && former.outgoingMessageType == .outgoingMessageText)
        #expect(former.speakableGroupName?.spokenPhrase == "Crew" && former.conversationIdentifier == "c1" && former.serviceName == "Relay")
        #expect(former.attachments == nil && former.sender == nil)
        let mark = INSetMessageAttributeIntent(identifiers: ["m1"], attribute: .flagged)
        #expect(mark.identifiers == ["m1"] && mark.attribute == .flagged)
    }

    @Test("the workout intents have Apple's initialisers")
    func workoutInitializers() {
        let run = INSpeakableString(spokenPhrase: "Outdoor Run")
        let start = INStartWorkoutIntent(workoutName: run, goalValue: 5, workoutGoalUnitType: .mile,
                                         workoutLocationType: .outdoor, isOpenEnded: false)
        #expect(start.workoutName?.spokenPhrase == "Outdoor Run" && start.goalValue == 5 && start.isOpenEnded == false)
        #expect(start.workoutGoalUnitType == .mile && start.workoutLocationType == .outdoor)
        #expect(INPauseWorkoutIntent(workoutName: run).workoutName?.spokenPhrase == "Outdoor Run")
        #expect(INResumeWorkoutIntent(workoutName: nil).workoutName == nil)
        #expect(INEndWorkoutIntent(workoutName: run).workoutName?.spokenPhrase == "Outdoor Run")
        #expect(INCancelWorkoutIntent(workoutName: run).workoutName?.spokenPhrase == "Outdoor Run")
    }

    @Test("a handler written as on iOS, async form, answers through the generated defaults")
    func asyncHandler() async {
        final class Handler: NSObject, INSendMessageIntentHandling {
            func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
                (intent.recipients ?? []).map { _ in .unsupported(forReason: .offline) }
            }

            func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
                INSendMessageIntentResponse(code: .failureMessageServiceNotAvailable, userActivity: nil)
            }
        }
        let intent = INSendMessageIntent()
        intent.recipients = [INPerson(identifier: nil, display: "Ada")]
        let handler = Handler()
        let results = await handler.resolveRecipients(for: intent)
        #expect(results.count == 1)
        let content = await handler.resolveContent(for: intent)
        #expect(content.outcome == .notRequired)
        let response = await handler.handle(intent: intent)
        #expect(response.code == .failureMessageServiceNotAvailable)
    }

    /// A notes handler written with the older Swift names only.
    final class FormerNamesHandler: NSObject, INCreateNoteIntentHandling {
        var reached: [String] = []

        func resolveTitle(forCreateNote intent: INCreateNoteIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
            reached.append("resolveTitle(forCreateNote:with:)")
            completion(.success(with: INSpeakableString(spokenPhrase: "Groceries")))
        }

        func handle(createNote intent: INCreateNoteIntent, completion: @escaping (INCreateNoteIntentResponse) -> Void) {
            reached.append("handle(createNote:completion:)")
            completion(INCreateNoteIntentResponse(code: .success, userActivity: nil))
        }
    }

    @Test("a handler with only the older method names is reached through today's, in both forms")
    func formerNamesAreReached() async {
        let handler = FormerNamesHandler()
        let intent = INCreateNoteIntent()
        let title = await handler.resolveTitle(for: intent)
        #expect(title.outcome == .success)
        let response = await withCheckedContinuation { continuation in
            handler.handle(intent: intent) { continuation.resume(returning: $0) }
        }
        #expect(response.code == .success)
        #expect(handler.reached == ["resolveTitle(forCreateNote:with:)", "handle(createNote:completion:)"])
        // Not implemented in any form: the defaults, without looping.
        let group = await handler.resolveGroupName(for: intent)
        #expect(group.outcome == .notRequired)
        let confirmed = await handler.confirm(intent: intent)
        #expect(confirmed.code == .ready)
    }

    /// A reminders handler written for iOS 11: its time trigger resolved
    /// with that release's name and result class.
    final class IOS11RemindersHandler: NSObject, INAddTasksIntentHandling {
        func resolveTemporalEventTrigger(forAddTasks intent: INAddTasksIntent, with completion: @escaping (INTemporalEventTriggerResolutionResult) -> Void) {
            completion(intent.temporalEventTrigger.map { .success(with: $0) } ?? .needsValue())
        }

        func handle(addTasks intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
            completion(INAddTasksIntentResponse(code: .success, userActivity: nil))
        }
    }

    @Test("iOS 11's resolveTemporalEventTrigger(forAddTasks:with:), answering INTemporalEventTriggerResolutionResult, is reached through today's")
    func iOS11TemporalTriggerIsReached() async throws {
        let intent = INAddTasksIntent()
        let trigger = INTemporalEventTrigger(dateComponentsRange: INDateComponentsRange(start: DateComponents(year: 2026, month: 11, day: 25, hour: 9), end: nil))
        intent.temporalEventTrigger = trigger
        let handler = IOS11RemindersHandler()
        let result = await handler.resolveTemporalEventTrigger(for: intent) as INAddTasksTemporalEventTriggerResolutionResult
        #expect(type(of: result) == INAddTasksTemporalEventTriggerResolutionResult.self)
        #expect(result.outcome == .success && result.resolvedValue === trigger)
        intent.temporalEventTrigger = nil
        #expect(await (handler.resolveTemporalEventTrigger(for: intent) as INAddTasksTemporalEventTriggerResolutionResult).outcome == .needsValue)
    }

    /// A messaging handler written for iOS 10: its names, its result
    /// classes (`INPersonResolutionResult`, a `String` group name).
    final class IOS10MessagesHandler: NSObject, INSendMessageIntentHandling {
        let people = [INPerson(identifier: "a1", display: "Ana Lima"), INPerson(identifier: "a2", display: "Ana Souza")]
        var reached: [String] = []

        func resolveRecipients(forSendMessage intent: INSendMessageIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
            reached.append("resolveRecipients(forSendMessage:with:)")
            completion((intent.recipients ?? []).map { _ in .disambiguation(with: people) })
        }

        func resolveGroupName(forSendMessage intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
            reached.append("resolveGroupName(forSendMessage:with:)")
            completion(.success(with: "Climbing crew"))
        }

        func handle(sendMessage intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
            reached.append("handle(sendMessage:completion:)")
            completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
        }
    }

    @Test("iOS 10's messaging names are reached through today's, their results made into today's classes")
    func iOS10NamesAreReached() async throws {
        let handler = IOS10MessagesHandler()
        let intent = INSendMessageIntent()
        intent.recipients = [INPerson(identifier: nil, display: "Ana")]
        intent.speakableGroupName = INSpeakableString(spokenPhrase: "climbing")
        // Today's async form: the deprecated selector's later async name answers the base class.
        let recipients = await handler.resolveRecipients(for: intent) as [INSendMessageRecipientResolutionResult]
        let recipient = try #require(recipients.first)
        #expect(type(of: recipient) == INSendMessageRecipientResolutionResult.self)
        #expect(recipient.outcome == .disambiguation)
        #expect(recipient.alternatives.compactMap { ($0 as? INPerson)?.displayName } == ["Ana Lima", "Ana Souza"])
        let group = await withCheckedContinuation { continuation in
            handler.resolveSpeakableGroupName(for: intent) { continuation.resume(returning: $0) }
        }
        #expect(group.outcome == .success)
        #expect((group.resolvedValue as? INSpeakableString)?.spokenPhrase == "Climbing crew")
        let response = await handler.handle(intent: intent)
        #expect(response.code == .success)
        #expect(handler.reached == ["resolveRecipients(forSendMessage:with:)", "resolveGroupName(forSendMessage:with:)", "handle(sendMessage:completion:)"])
        // Not implemented in any name: today's default, with the value as given (not a copy made from its phrase).
        let content = await handler.resolveContent(for: intent)
        #expect(content.outcome == .notRequired)
        final class Plain: NSObject, INSendMessageIntentHandling {
            func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse { INSendMessageIntentResponse(code: .success, userActivity: nil) }
        }
        let plain = Plain()
        for _ in 0..<2 {
            let kept = await plain.resolveSpeakableGroupName(for: intent)
            #expect(kept.outcome == .success && kept.resolvedValue === intent.speakableGroupName)
            let people = await plain.resolveRecipients(for: intent) as [INSendMessageRecipientResolutionResult]
            #expect(people.map(\.outcome) == [.success])
        }
    }

    @Test("a later SDK's names of the deprecated selectors are reached too: resolveGroupNames(for:with:) resolves strings, made speakable")
    func laterNamesOfDeprecatedSelectorsAreReached() async throws {
        final class LaterSearch: NSObject, INSearchForMessagesIntentHandling {
            func resolveGroupNames(for intent: INSearchForMessagesIntent, with completion: @escaping ([INStringResolutionResult]) -> Void) {
                completion((intent.speakableGroupNames ?? []).map { .success(with: $0.spokenPhrase.capitalized) })
            }
        }
        let intent = INSearchForMessagesIntent()
        intent.speakableGroupNames = [INSpeakableString(spokenPhrase: "book CLUB")]
        let groups = await LaterSearch().resolveSpeakableGroupNames(for: intent)
        #expect(groups.map(\.outcome) == [.success])
        #expect(groups.compactMap { ($0.resolvedValue as? INSpeakableString)?.spokenPhrase } == ["Book Club"])

        // The deprecated selector's completion form, reached through its async form's default.
        final class LaterSend: NSObject, INSendMessageIntentHandling {
            func resolveRecipients(for intent: INSendMessageIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
                completion([.disambiguation(with: [INPerson(identifier: "a", display: "Ana"), INPerson(identifier: "b", display: "Ana B")])])
            }
        }
        final class NoRecipients: NSObject, INSendMessageIntentHandling {}
        let send = INSendMessageIntent()
        send.recipients = [INPerson(identifier: nil, display: "Ana")]
        let asked = await LaterSend().resolveRecipients(for: send) as [INSendMessageRecipientResolutionResult]
        #expect(asked.map(\.outcome) == [.disambiguation])
        #expect(asked.first?.alternatives.count == 2)
        // None of the five forms: today's default, the person as given.
        let given = await NoRecipients().resolveRecipients(for: send) as [INSendMessageRecipientResolutionResult]
        #expect(given.map(\.outcome) == [.success])
    }

    @Test("iOS 11's deprecated task-list and time-trigger selectors by a later SDK's names are reached through today's, in both forms")
    func laterNamesOfDeprecatedTaskSelectorsAreReached() async throws {
        let lists = [INTaskList(title: INSpeakableString(spokenPhrase: "Home"), tasks: [], groupName: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "a"),
                     INTaskList(title: INSpeakableString(spokenPhrase: "Cabin"), tasks: [], groupName: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "b")]
        final class LaterLists: NSObject, INAddTasksIntentHandling, INSetTaskAttributeIntentHandling {
            let lists: [INTaskList]
            init(_ lists: [INTaskList]) { self.lists = lists }
            func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INTaskListResolutionResult) -> Void) {
                completion(.disambiguation(with: lists))
            }
            func resolveTemporalEventTrigger(for intent: INAddTasksIntent) async -> INTemporalEventTriggerResolutionResult { .unsupported() }
            func resolveTemporalEventTrigger(for intent: INSetTaskAttributeIntent, with completion: @escaping (INTemporalEventTriggerResolutionResult) -> Void) {
                completion(.needsValue())
            }
            func handle(intent: INSetTaskAttributeIntent) async -> INSetTaskAttributeIntentResponse { INSetTaskAttributeIntentResponse(code: .success, userActivity: nil) }
            func handle(intent: INAddTasksIntent) async -> INAddTasksIntentResponse { INAddTasksIntentResponse(code: .success, userActivity: nil) }
        }
        let handler = LaterLists(lists)
        let add = INAddTasksIntent()
        // Today's async form, then its completion form: the base result adopted as today's subclass.
        let asked = await handler.resolveTargetTaskList(for: add) as INAddTasksTargetTaskListResolutionResult
        #expect(asked.outcome == .disambiguation && asked.alternatives.count == 2)
        let viaCompletion = await withCheckedContinuation { continuation in
            handler.resolveTargetTaskList(for: add) { (result: INAddTasksTargetTaskListResolutionResult) in continuation.resume(returning: result) }
        }
        #expect(viaCompletion.outcome == .disambiguation)
        // The deprecated selector's async form, reached from today's completion form.
        let trigger = await handler.resolveTemporalEventTrigger(for: add) as INAddTasksTemporalEventTriggerResolutionResult
        #expect(trigger.outcome == .unsupported)
        let setTrigger = await handler.resolveTemporalEventTrigger(for: INSetTaskAttributeIntent()) as INSetTaskAttributeTemporalEventTriggerResolutionResult
        #expect(setTrigger.outcome == .needsValue)
        // None of the five forms: today's default, the list as given.
        final class NoLists: NSObject, INAddTasksIntentHandling {
            func handle(intent: INAddTasksIntent) async -> INAddTasksIntentResponse { INAddTasksIntentResponse(code: .success, userActivity: nil) }
        }
        let given = INAddTasksIntent()
        given.targetTaskList = lists[1]
        let kept = await NoLists().resolveTargetTaskList(for: given) as INAddTasksTargetTaskListResolutionResult
        #expect(kept.outcome == .success && kept.resolvedValue === lists[1])
    }

    @Test("iOS 10's deprecated group names read today's speakable ones, and its initialiser sets them")
    func deprecatedGroupNamesKeepWorking() {
        // Through a protocol, as the generated code does: the test reads the
        // deprecated API without a warning of its own.
        let reads: any IOS10Reads.Type = IOS10ReadsImpl.self
        let send = INSendMessageIntent()
        #expect(reads.groupName(of: send) == nil)
        send.speakableGroupName = INSpeakableString(vocabularyIdentifier: "g1", spokenPhrase: "Climbing crew", pronunciationHint: nil)
        #expect(reads.groupName(of: send) == "Climbing crew")
        let search = INSearchForMessagesIntent()
        search.speakableGroupNames = [INSpeakableString(spokenPhrase: "Book club"), INSpeakableString(spokenPhrase: "Family")]
        #expect(reads.groupNames(of: search) == ["Book club", "Family"])
        let made = reads.makeSendMessage(groupName: "Family")
        #expect(made.speakableGroupName?.spokenPhrase == "Family" && made.content == "hi")
        #expect(reads.groupName(of: made) == "Family")
    }

    @Test("iOS 14's initialiser keeps the attachments, and an audio attachment's file survives the trip across the ABI")
    func sendMessageAttachments() throws {
        let memo = INFile(fileURL: URL(fileURLWithPath: "/tmp/memo.m4a"), filename: "memo.m4a", typeIdentifier: "public.mpeg-4-audio")
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageAudio, content: nil, speakableGroupName: nil,
                                         conversationIdentifier: "c1", serviceName: nil, sender: nil,
                                         attachments: [INSendMessageAttachment(audioMessageFile: memo)])
        #expect(intent.conversationIdentifier == "c1" && intent.outgoingMessageType == .outgoingMessageAudio)
        let attachment = try #require(intent.attachments?.first)
        let copy = try #require(INSendMessageAttachment._exthostObject(fromJSON: attachment.jsonObject)?.audioMessageFile)
        #expect(copy.filename == "memo.m4a" && copy.fileURL?.path == "/tmp/memo.m4a" && copy.typeIdentifier == "public.mpeg-4-audio")
    }

    @Test("iOS 10.3's deprecated sentMessage is the first of iOS 16's sentMessages; setting it replaces the list")
    func deprecatedSentMessageIsAViewOfSentMessages() {
        let reads: any IOS10Reads.Type = IOS10ReadsImpl.self
        let response = INSendMessageIntentResponse(code: .success, userActivity: nil)
        #expect(reads.sentMessage(of: response) == nil)
        let first = INMessage(identifier: "m1", content: "On my way", dateSent: nil, sender: nil, recipients: nil)
        let second = INMessage(identifier: "m2", content: "Ten minutes", dateSent: nil, sender: nil, recipients: nil)
        response.sentMessages = [first, second]
        #expect(reads.sentMessage(of: response)?.identifier == "m1")
        reads.setSentMessage(second, of: response)
        #expect(response.sentMessages?.map(\.identifier) == ["m2"])
        reads.setSentMessage(nil, of: response)
        #expect(response.sentMessages == nil)
    }

    @Test("iOS 10's deprecated groupNamesOperator is today's speakableGroupNamesOperator; the call history's iOS 10 initialiser sets callType")
    func deprecatedOperatorAndCallHistoryInitialiser() {
        let reads: any IOS10Reads.Type = IOS10ReadsImpl.self
        let search = INSearchForMessagesIntent()
        #expect(reads.groupNamesOperator(of: search) == .all)
        search.speakableGroupNamesOperator = .none
        #expect(reads.groupNamesOperator(of: search) == .none)
        let person = INPerson(identifier: "c1", display: "Ana")
        let calls = (LaterDeprecationsImpl.self as any LaterDeprecations.Type).callHistorySearch(.missed, recipient: person)
        #expect(calls.callType == .missed)
        #expect(calls.recipient === person && calls.callCapabilities == [] && calls.callTypes == [] && !calls.hasDate)
    }

    @Test("iOS 10's audio and video calls: iOS 11's init(destinationType:contacts:), iOS 10's init(contacts:) leaving the destination unknown")
    func iOS10CallInitialisers() {
        let person = INPerson(identifier: "c1", display: "Ana")
        let reads: any IOS10Reads.Type = IOS10ReadsImpl.self
        let calls = reads.iOS10Calls(to: [person])
        #expect(calls.map(\.name) == ["INStartAudioCallIntent", "INStartAudioCallIntent", "INStartVideoCallIntent"])
        #expect(calls.map(\.destination) == [.voicemail, .unknown, nil])
        #expect(calls.allSatisfy { $0.contacts?.count == 1 && $0.contacts?.first === person })
    }

    @Test("iOS 16.2's answer and hang-up: init(audioRoute:callIdentifier:) and init(callIdentifier:) build the intent the system sends")
    func answerAndHangUpInitialisers() {
        let answer = INAnswerCallIntent(audioRoute: .bluetoothAudioRoute, callIdentifier: "call-7")
        #expect(answer.audioRoute == .bluetoothAudioRoute && answer.callIdentifier == "call-7")
        let sent = INAnswerCallIntent()
        sent._exthostApplyParameters(["audioRoute": "bluetoothAudioRoute", "callIdentifier": "call-7"])
        #expect(sent.audioRoute == answer.audioRoute && sent.callIdentifier == answer.callIdentifier)
        let ringing = INAnswerCallIntent(audioRoute: .unknown, callIdentifier: nil)
        #expect(ringing.audioRoute == .unknown && ringing.callIdentifier == nil)
        #expect(INHangUpCallIntent(callIdentifier: "call-7").callIdentifier == "call-7")
        #expect(INHangUpCallIntent(callIdentifier: nil).callIdentifier == nil)
    }

    @Test("iOS 17's unsend and edit: init(messageIdentifiers:) and init(messageIdentifier:editedContent:) build the intent the system sends")
    func unsendAndEditInitialisers() {
        let unsend = INUnsendMessagesIntent(messageIdentifiers: ["m1", "m2"])
        #expect(unsend.messageIdentifiers == ["m1", "m2"])
        let sentUnsend = INUnsendMessagesIntent()
        sentUnsend._exthostApplyParameters(["messageIdentifiers": ["m1", "m2"]])
        #expect(sentUnsend.messageIdentifiers == unsend.messageIdentifiers)
        #expect(INUnsendMessagesIntent(messageIdentifiers: nil).messageIdentifiers == nil)
        let edit = INEditMessageIntent(messageIdentifier: "m1", editedContent: "See you at 8")
        #expect(edit.messageIdentifier == "m1" && edit.editedContent == "See you at 8")
        let sentEdit = INEditMessageIntent()
        sentEdit._exthostApplyParameters(["messageIdentifier": "m1", "editedContent": "See you at 8"])
        #expect(sentEdit.messageIdentifier == edit.messageIdentifier && sentEdit.editedContent == edit.editedContent)
    }

    @Test("iOS 15's focus status: INFocusStatus(isFocused:) is a plain object whose isFocused is Bool?, carried by init(focusStatus:)")
    func focusStatusInitialisers() {
        let focused = INFocusStatus(isFocused: true)
        let isFocused: Bool? = focused.isFocused
        #expect(isFocused == true)
        #expect(INFocusStatus().isFocused == nil && INFocusStatus(isFocused: false).isFocused == false)
        let intent = INShareFocusStatusIntent(focusStatus: focused)
        #expect(intent.focusStatus?.isFocused == true)
        #expect(INShareFocusStatusIntent(focusStatus: nil).focusStatus == nil)
        // As the system sends it: the status's properties, the Boolean as JSON's.
        let sent = INShareFocusStatusIntent()
        sent._exthostApplyParameters(["focusStatus": ["displayString": "", "properties": ["isFocused": false]]])
        #expect(sent.focusStatus?.isFocused == false)
        #expect(focused._exthostProperties()["isFocused"] as? Bool == true)
    }

    @Test("a handler implementing no form of handle answers failure, as before")
    func noHandleAtAll() async {
        final class Empty: NSObject, INAddTasksIntentHandling {}
        let response = await Empty().handle(intent: INAddTasksIntent())
        #expect(response.code == .failure)
    }

    @Test("a system intent's optional numbers are Double? and Bool?, as Apple's Swift overlay has them")
    func refinedNumbers() {
        let start = INStartWorkoutIntent(goalValue: 2.5, isOpenEnded: false)
        let goal: Double? = start.goalValue
        let openEnded: Bool? = start.isOpenEnded
        #expect(goal == 2.5 && openEnded == false)
        let play = INPlayMediaIntent(playShuffled: true, playbackSpeed: 1.5)
        #expect(play.playShuffled == true && play.playbackSpeed == 1.5 && play.resumePlayback == nil)
    }
}

/// `INMessage`'s later initialisers and `INMessageType`, whose 0 case is
/// Apple's `unspecified`.
struct MessageTypeTests {
    @Test("INMessage's iOS 17 and 18 initialisers: the count, the message replied to, the sticker and the reaction survive the trip across the ABI")
    func stickersAndReactions() throws {
        let original = INMessage(identifier: "m1", content: "Summit!", dateSent: nil, sender: nil, recipients: nil)
        let sticker = INMessage(
            identifier: "m2", conversationIdentifier: "c1", content: nil, dateSent: nil, sender: nil, recipients: nil, groupName: nil,
            serviceName: "Chat", messageType: .sticker, referencedMessage: original, sticker: INSticker(type: .generic, emoji: nil), reaction: nil
        )
        let copy = try #require(INMessage._exthostObject(fromJSON: sticker.jsonObject))
        #expect(copy.referencedMessage?.identifier == "m1" && copy.referencedMessage?.content == "Summit!")
        #expect(copy.sticker?.type == .generic && copy.sticker?.emoji == nil && copy.reaction == nil)
        #expect(copy.serviceName == "Chat" && copy.messageType == .sticker)
        let reaction = INMessage(
            identifier: "m3", conversationIdentifier: "c1", content: nil, dateSent: nil, sender: nil, recipients: nil, groupName: nil,
            serviceName: nil, messageType: .tapbackLiked, referencedMessage: original, sticker: nil,
            reaction: INMessageReaction(reactionType: .emoji, reactionDescription: "Liked", emoji: "👍")
        )
        let reacted = try #require(INMessage._exthostObject(fromJSON: reaction.jsonObject)?.reaction)
        #expect(reacted.reactionType == .emoji && reacted.reactionDescription == "Liked" && reacted.emoji == "👍")
        let counted = INMessage(
            identifier: "m4", conversationIdentifier: nil, content: "Photos", dateSent: nil, sender: nil, recipients: nil, groupName: nil,
            serviceName: nil, messageType: .mediaImage, numberOfAttachments: 4
        )
        #expect(INMessage._exthostObject(fromJSON: counted.jsonObject)?.numberOfAttachments == 4)
        // Apple's raw values, and Apple's Swift name of the sticker's type.
        let type: INSticker.StickerType = .emoji
        #expect(type.rawValue == 1 && INStickerType.generic.rawValue == 2 && INMessageReactionType.generic.rawValue == 2)
    }

    @Test("INMessage's iOS 11 and 13.2 initialisers keep the type, group and service, and they survive the trip across the ABI")
    func laterInitialisers() throws {
        let message = INMessage(
            identifier: "m2", conversationIdentifier: "c1", content: "🎉", dateSent: nil, sender: nil, recipients: nil,
            groupName: INSpeakableString(spokenPhrase: "Climbing crew"), messageType: .sticker, serviceName: "Chat"
        )
        let copy = try #require(INMessage._exthostObject(fromJSON: message.jsonObject))
        #expect(copy.messageType == .sticker && copy.serviceName == "Chat" && copy.conversationIdentifier == "c1")
        #expect(copy.groupName?.spokenPhrase == "Climbing crew")

        let plain = INMessage(identifier: "m3", conversationIdentifier: nil, content: "hi", dateSent: nil, sender: nil, recipients: nil, messageType: .text)
        #expect(plain.messageType == .text && plain.groupName == nil)
        #expect(INMessage(identifier: "m4", content: nil, dateSent: nil, sender: nil, recipients: nil).messageType == .unspecified)
    }

    @Test("INMessage's iOS 16 initialisers keep its attachments and audio file across the trip: bytes in memory as bytes, a file on disk by its URL")
    func attachments() throws {
        let photo = INFile(data: Data([0xFF, 0xD8, 0x01]), filename: "rope.jpg", typeIdentifier: "public.jpeg")
        let withPhoto = INMessage(
            identifier: "m5", conversationIdentifier: "c1", content: nil, dateSent: nil, sender: nil, recipients: nil,
            groupName: nil, messageType: .mediaImage, serviceName: nil, attachmentFiles: [photo]
        )
        let copy = try #require(INMessage._exthostObject(fromJSON: withPhoto.jsonObject))
        #expect(copy.attachmentFiles?.map(\.filename) == ["rope.jpg"] && copy.attachmentFiles?.first?.data == Data([0xFF, 0xD8, 0x01]))
        #expect(copy.attachmentFiles?.first?.typeIdentifier == "public.jpeg" && copy.audioMessageFile == nil)

        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("memo-\(UUID().uuidString).m4a")
        try Data("voice".utf8).write(to: recording)
        defer { try? FileManager.default.removeItem(at: recording) }
        let voice = INMessage(
            identifier: "m6", conversationIdentifier: nil, content: nil, dateSent: nil, sender: nil, recipients: nil,
            groupName: nil, messageType: .audio, serviceName: "Chat", audioMessageFile: INFile(fileURL: recording, filename: "memo.m4a", typeIdentifier: nil)
        )
        let heard = try #require(INMessage._exthostObject(fromJSON: voice.jsonObject))
        #expect(heard.audioMessageFile?.fileURL == recording && heard.audioMessageFile?.data == Data("voice".utf8))
        #expect(heard.messageType == .audio && heard.serviceName == "Chat" && heard.attachmentFiles == nil)
    }

    @Test("INMessageType has Apple's cases and raw values, unspecified first", arguments: [
        (INMessageType.unspecified, 0), (.text, 1), (.sticker, 5), (.tapbackLaughed, 11), (.mediaAudio, 18), (.paymentSent, 19), (.link, 25),
        (.reaction, 26), (.mediaAnimatedImage, 27), (.thirdPartyAttachment, 28),
    ])
    func rawValues(type: INMessageType, raw: Int) {
        #expect(type.rawValue == raw)
    }
}

/// Reads iOS 10's deprecated messaging and calling API without naming it outside a
/// deprecated declaration.
protocol IOS10Reads {
    static func groupName(of intent: INSendMessageIntent) -> String?
    static func groupNames(of intent: INSearchForMessagesIntent) -> [String]?
    static func makeSendMessage(groupName: String) -> INSendMessageIntent
    static func sentMessage(of response: INSendMessageIntentResponse) -> INMessage?
    static func setSentMessage(_ message: INMessage?, of response: INSendMessageIntentResponse)
    static func groupNamesOperator(of intent: INSearchForMessagesIntent) -> INConditionalOperator
    static func iOS10Calls(to contacts: [INPerson]) -> [(name: String, destination: INCallDestinationType?, contacts: [INPerson]?)]
}

enum IOS10ReadsImpl: IOS10Reads {
    @available(*, deprecated)
    static func groupName(of intent: INSendMessageIntent) -> String? { intent.groupName }
    @available(*, deprecated)
    static func groupNames(of intent: INSearchForMessagesIntent) -> [String]? { intent.groupNames }
    @available(*, deprecated)
    static func makeSendMessage(groupName: String) -> INSendMessageIntent {
        INSendMessageIntent(recipients: nil, content: "hi", groupName: groupName, serviceName: nil, sender: nil)
    }
    @available(*, deprecated)
    static func sentMessage(of response: INSendMessageIntentResponse) -> INMessage? { response.sentMessage }
    @available(*, deprecated)
    static func setSentMessage(_ message: INMessage?, of response: INSendMessageIntentResponse) { response.sentMessage = message }
    @available(*, deprecated)
    static func groupNamesOperator(of intent: INSearchForMessagesIntent) -> INConditionalOperator { intent.groupNamesOperator }
    @available(*, deprecated)
    static func iOS10Calls(to contacts: [INPerson]) -> [(name: String, destination: INCallDestinationType?, contacts: [INPerson]?)] {
        let voicemail = INStartAudioCallIntent(destinationType: .voicemail, contacts: contacts)
        let audio = INStartAudioCallIntent(contacts: contacts)
        let video = INStartVideoCallIntent(contacts: contacts)
        return [(type(of: voicemail).intentName, voicemail.destinationType, voicemail.contacts),
                (type(of: audio).intentName, audio.destinationType, audio.contacts),
                (type(of: video).intentName, nil, video.contacts)]
    }
}

/// What a search of the call history holds, read where its class may be
/// named: iOS 15 deprecates `INSearchCallHistoryIntent` with no replacement.
struct CallHistorySearch {
    var callType: INCallRecordType
    var recipient: INPerson?
    var callCapabilities: INCallCapabilityOptions
    var callTypes: INCallRecordTypeOptions
    var unseen: Bool?
    var hasDate: Bool
}

/// Builds what iOS 14 and 15 deprecate (the send-message initialiser
/// without attachments; four intents) without naming it outside a
/// deprecated declaration.
protocol LaterDeprecations {
    static func callHistorySearch(_ callType: INCallRecordType, recipient: INPerson?) -> CallHistorySearch
    static func callHistorySearch(callCapabilities: INCallCapabilityOptions, callTypes: INCallRecordTypeOptions, unseen: Bool?) -> CallHistorySearch
    static func responseCodeRawValues() -> (callHistorySuccess: Int, appendToPasswordProtectedNote: Int)
    static func sendMessageWithoutAttachments(to recipients: [INPerson]) -> INSendMessageIntent
}

enum LaterDeprecationsImpl: LaterDeprecations {
    @available(*, deprecated)
    static func read(_ intent: INSearchCallHistoryIntent) -> CallHistorySearch {
        CallHistorySearch(callType: intent.callType, recipient: intent.recipient, callCapabilities: intent.callCapabilities,
                          callTypes: intent.callTypes, unseen: intent.unseen, hasDate: intent.dateCreated != nil)
    }
    @available(*, deprecated)
    static func callHistorySearch(_ callType: INCallRecordType, recipient: INPerson?) -> CallHistorySearch {
        read(INSearchCallHistoryIntent(call: callType, dateCreated: nil, recipient: recipient))
    }
    @available(*, deprecated)
    static func callHistorySearch(callCapabilities: INCallCapabilityOptions, callTypes: INCallRecordTypeOptions, unseen: Bool?) -> CallHistorySearch {
        read(INSearchCallHistoryIntent(dateCreated: nil, recipient: nil, callCapabilities: callCapabilities, callTypes: callTypes, unseen: unseen))
    }
    @available(*, deprecated)
    static func responseCodeRawValues() -> (callHistorySuccess: Int, appendToPasswordProtectedNote: Int) {
        (INSearchCallHistoryIntentResponseCode.success.rawValue, INAppendToNoteIntentResponseCode.failureCannotUpdatePasswordProtectedNote.rawValue)
    }
    @available(*, deprecated)
    static func sendMessageWithoutAttachments(to recipients: [INPerson]) -> INSendMessageIntent {
        INSendMessageIntent(recipients: recipients, outgoingMessageType: .outgoingMessageText, content: "Hi",
                            speakableGroupName: INSpeakableString(spokenPhrase: "Crew"), conversationIdentifier: "c1", serviceName: "Relay", sender: nil)
    }
}
