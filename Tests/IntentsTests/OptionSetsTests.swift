import Foundation
import Intents
import Testing

/// The system's option sets as iOS code uses them (Apple's `NS_OPTIONS`
/// types: `OptionSet` structs with Apple's member names and bits), the
/// initialisers they complete, and their trip across the ABI inside a
/// custom type.
struct OptionSetsTests {
    @Test("the option sets have Apple's names and bits, and combine as OptionSets do")
    func appleBits() {
        #expect(INCallRecordTypeOptions.outgoing.rawValue == 1 && INCallRecordTypeOptions.missed.rawValue == 2)
        #expect(INCallRecordTypeOptions.voicemail.rawValue == 16 && INCallRecordTypeOptions.onHold.rawValue == 128)
        #expect(INCallCapabilityOptions([.audioCall, .videoCall]).rawValue == 3)
        #expect(INMessageAttributeOptions.played.rawValue == 16 && INMessageAttributeOptions.unflagged.rawValue == 8)
        #expect(INTemporalEventTriggerTypeOptions.scheduledRecurring.rawValue == 4)
        var types: INCallRecordTypeOptions = [.missed]
        types.insert(.voicemail)
        #expect(types.contains(.voicemail) && !types.contains(.received))
        #expect(types._exthostNames == ["missed", "voicemail"])
    }

    @Test("INCallRecordFilter's call types cross the ABI as option names and come back as the same set")
    func filterRoundTrip() throws {
        let filter = INCallRecordFilter(
            participants: [INPerson(identifier: "ana", display: "Ana Lima")],
            callTypes: [.missed, .voicemail], callCapability: .videoCall
        )
        let properties = filter._exthostProperties()
        #expect(properties["callTypes"] as? [String] == ["missed", "voicemail"])
        let copy = try #require(INCallRecordFilter._exthostObject(fromJSON: filter.jsonObject))
        #expect(copy.callTypes == [.missed, .voicemail] && copy.callCapability == .videoCall)
        #expect(copy.participants?.map(\.displayName) == ["Ana Lima"] && copy.displayString == "Ana Lima")

        let none = INCallRecordFilter(participants: nil, callTypes: [], callCapability: .unknown)
        #expect(none._exthostProperties()["callTypes"] == nil)
        #expect(INCallRecordFilter._exthostObject(fromJSON: none.jsonObject)?.callTypes == [])
    }

    @Test("Apple's initialisers the option sets unblock: starting a call back (iOS 14), searching calls and the notebook")
    func initialisers() {
        let filter = INCallRecordFilter(participants: nil, callTypes: .missed, callCapability: .audioCall)
        let call = INStartCallIntent(
            callRecordFilter: filter, callRecordToCallBack: nil, audioRoute: .unknown,
            destinationType: .callBack, contacts: nil, callCapability: .audioCall
        )
        #expect(call.callRecordFilter?.callTypes == .missed && call.destinationType == .callBack)

        // Deprecated in iOS 15 (no replacement): built through a deprecated helper.
        let deprecations: any LaterDeprecations.Type = LaterDeprecationsImpl.self
        let search = deprecations.callHistorySearch(callCapabilities: .videoCall, callTypes: [.missed, .received], unseen: true)
        #expect(search.callTypes == [.missed, .received] && search.callCapabilities == .videoCall && search.unseen == true)

        let notebook = INSearchForNotebookItemsIntent(
            title: INSpeakableString(spokenPhrase: "Groceries"), content: nil, itemType: .task, status: .notCompleted,
            location: nil, locationSearchType: .byLocationTrigger, dateTime: nil, dateSearchType: .byDueDate,
            temporalEventTriggerTypes: [.scheduledNonRecurring, .scheduledRecurring], taskPriority: .flagged,
            notebookItemIdentifier: "list-1"
        )
        #expect(notebook.temporalEventTriggerTypes == [.scheduledNonRecurring, .scheduledRecurring])
        #expect(notebook.locationSearchType == .byLocationTrigger && notebook.dateSearchType == .byDueDate)
        #expect(notebook.taskPriority == .flagged && notebook.notebookItemIdentifier == "list-1")
    }

    @Test("an option set's resolution result takes the set, defaulting to none, as Apple's does")
    func resolutionResult() {
        let result = INCallRecordTypeOptionsResolutionResult.success(with: [.missed, .voicemail])
        #expect(result.resolvedValue == 18)
        #expect(INTemporalEventTriggerTypeOptionsResolutionResult.success().resolvedValue == 0)
        #expect(INMessageAttributeOptionsResolutionResult.confirmationRequired(with: .unread).resolvedValue == 2)
    }
}

/// Apple's nonnull properties of the notebook's items: Swift sees them
/// non-optional, as handlers written for iOS read them.
struct NonnullPropertiesTests {
    @Test("INTask.title, INNote.title and contents, INTaskList.title and tasks are non-optional, and cross the ABI")
    func readWithoutUnwrapping() throws {
        let task = INTask(title: INSpeakableString(spokenPhrase: "Call Ana"), status: .notCompleted, taskType: .completable,
                          spatialEventTrigger: nil, temporalEventTrigger: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "t1")
        let list = INTaskList(title: INSpeakableString(spokenPhrase: "Errands"), tasks: [task], groupName: nil,
                              createdDateComponents: nil, modifiedDateComponents: nil, identifier: "l1")
        let copy = try #require(INTaskList._exthostObject(fromJSON: list.jsonObject))
        #expect(copy.title.spokenPhrase == "Errands")
        #expect(copy.tasks.map(\.title.spokenPhrase) == ["Call Ana"])

        let note = INNote(title: INSpeakableString(spokenPhrase: "Groceries"), contents: [INTextNoteContent(text: "figs")], groupName: nil,
                          createdDateComponents: nil, modifiedDateComponents: nil, identifier: "n1")
        #expect(INNote._exthostObject(fromJSON: note.jsonObject)?.contents.map { ($0 as? INTextNoteContent)?.text } == ["figs"], "the content comes back as the text subclass")
    }

    @Test("an item given without them (an intent file's object with no properties) has an empty list and a blank title")
    func blankWhenMissing() throws {
        let bare = try #require(INTaskList._exthostObject(fromJSON: ["identifier": "l2", "displayString": "Chores"]))
        #expect(bare.tasks.isEmpty)
        #expect(bare.title.spokenPhrase == "")
    }
}

/// `INCallRecord`'s initialisers after iOS 11, as a VoIP app's call
/// history handler builds its records.
struct CallRecordInitialisersTests {
    @Test("iOS 13's numberOfCalls and iOS 14.5's participants and blocked caller ID survive the trip across the ABI")
    func laterInitialisers() throws {
        let ana = INPerson(identifier: "ana", display: "Ana Lima")
        let record = INCallRecord(
            identifier: "call-7", dateCreated: Date(timeIntervalSince1970: 1_767_254_400), callRecordType: .missed, callCapability: .audioCall,
            callDuration: nil, unseen: true, participants: [ana], numberOfCalls: 3, isCallerIdBlocked: true
        )
        #expect(record.displayString == "Ana Lima")
        let copy = try #require(INCallRecord._exthostObject(fromJSON: record.jsonObject))
        #expect(copy.participants?.map(\.displayName) == ["Ana Lima"])
        #expect(copy.numberOfCalls == 3 && copy.isCallerIdBlocked == true)
        #expect(copy.callRecordType == .missed && copy.dateCreated == Date(timeIntervalSince1970: 1_767_254_400))

        let grouped = INCallRecord(identifier: "call-8", dateCreated: nil, callRecordType: .outgoing, callCapability: .videoCall,
                                   callDuration: 60, unseen: nil, numberOfCalls: 2)
        #expect(grouped.numberOfCalls == 2 && grouped.participants == nil && grouped.displayString == "call-8")
        let plain = INCallRecord(identifier: "call-9", dateCreated: nil, callRecordType: .received, callCapability: .audioCall,
                                 callDuration: nil, unseen: false)
        #expect(plain.caller == nil && plain.numberOfCalls == nil)
    }
}
