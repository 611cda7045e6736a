import IntentDefinition
import Testing

/// The system intents exthost defines: each domain parses, lints clean,
/// names its intents as Apple does, and merges into an app's definition.
struct SystemIntentsTests {
    @Test("every domain parses and lints clean, and every system intent is named by Apple's class name")
    func domainsAreValid() {
        let definition = SystemIntents.definition
        #expect(definition.intent(named: "INSendMessageIntent") != nil)
        #expect(IntentDefinitionLinter().lint(definition, file: "SystemIntents").isEmpty)
        for intent in definition.intents {
            #expect(intent.isSystem, "\(intent.name)")
            #expect(intent.name.hasPrefix("IN") && intent.name.hasSuffix("Intent"), "\(intent.name)")
        }
    }

    @Test("unsend and edit are messaging's, the focus status a domain of its own: an app picked for one is not picked for the other")
    func newerIntentsDomains() {
        #expect(SystemIntents.domain(of: "INUnsendMessagesIntent") == "Messaging")
        #expect(SystemIntents.domain(of: "INEditMessageIntent") == "Messaging")
        #expect(SystemIntents.domain(of: "INShareFocusStatusIntent") == "Focus status")
        #expect(SystemIntents.domain(named: "focus STATUS") == "Focus status")
        // The focus status is carried, not resolved, and only the edit's new text is resolved.
        #expect(SystemIntents.intent(named: "INShareFocusStatusIntent")?.parameters.map(\.supportsResolution) == [false])
        #expect(SystemIntents.intent(named: "INEditMessageIntent")?.parameters.filter(\.supportsResolution).map(\.name) == ["editedContent"])
        #expect(SystemIntents.definition.customType(named: "INFocusStatus")?.isPlainObject == true)
    }

    @Test("every system intent lists Apple's full code set: unspecified first, one raw value per code, each code one ABI number")
    func fullCodeSets() {
        for intent in SystemIntents.definition.intents {
            let numbered = intent.response.appleNumberedCodes
            #expect(numbered.first?.code.name == "unspecified" && numbered.first?.rawValue == 0, "\(intent.name)")
            #expect(Set(numbered.map(\.rawValue)).count == numbered.count, "\(intent.name)")
            let abi = intent.response.codes.compactMap { intent.response.abiCode(named: $0.name) }
            #expect(abi.count == numbered.count && Set(abi).count == abi.count, "\(intent.name)")
            #expect(intent.response.codes.contains { $0.name == "success" || $0.name == "continueInApp" }, "\(intent.name)")
        }
        let send = SystemIntents.intent(named: "INSendMessageIntent")?.response.codes.map(\.name)
        #expect(send?.contains("continueInApp") == false)
        let call = SystemIntents.intent(named: "INStartCallIntent")?.response.codes.map(\.name) ?? []
        #expect(!call.contains("success") && !call.contains("inProgress"))
    }

    @Test("a handler's response code is named only when the intent has it: a system intent has its enum's codes, an app's intent every system code")
    func responseCodeNamesAcrossTheABI() throws {
        let hangUp = try #require(SystemIntents.intent(named: "INHangUpCallIntent"))
        #expect(hangUp.responseCodeName(abiCode: 4) == "success")
        #expect(hangUp.responseCodeName(abiCode: 100) == "failureNoCallToHangUp")
        #expect(hangUp.responseCodeName(abiCode: 2) == nil, "INHangUpCallIntentResponseCode has no continueInApp")
        #expect(hangUp.responseCodeName(abiCode: 101) == nil)
        #expect(hangUp.responseCodeName(abiCode: 7) == nil)
        #expect(hangUp.abiResponseCodes.map(\.value) == [0, 1, 3, 4, 5, 6, 100])
        // An app's intent lists only the codes it words; Xcode's enum has every system code.
        let app = Intent(name: "Order", response: Response(codes: [ResponseCode(name: "success"), ResponseCode(name: "failureOutOfStock")]))
        #expect(app.responseCodeName(abiCode: 2) == "continueInApp")
        #expect(app.responseCodeName(abiCode: 100) == "failureOutOfStock")
        #expect(app.responseCodeName(abiCode: 99) == nil)
        #expect(app.abiResponseCodes.map(\.name) == ["unspecified", "ready", "continueInApp", "inProgress", "success", "failure", "failureRequiringAppLaunch", "failureOutOfStock"])
    }

    @Test("INSendMessageIntent resolves recipients, content, group name and message type, in Apple's order, and carries the rest")
    func sendMessageShape() throws {
        let intent = try #require(SystemIntents.intent(named: "INSendMessageIntent"))
        #expect(intent.parameters.map(\.name) == [
            "recipients", "content", "speakableGroupName", "outgoingMessageType", "conversationIdentifier", "serviceName", "sender", "attachments",
        ])
        #expect(intent.parameters.filter(\.supportsResolution).map(\.name) == ["recipients", "content", "speakableGroupName", "outgoingMessageType"])
        let recipients = try #require(intent.parameter(named: "recipients"))
        #expect(recipients.type == .person && recipients.supportsMultipleValues && recipients.resultName == "Recipient")
        #expect(recipients.unsupportedReasons.map(\.code) == [
            "noAccount", "offline", "messagingServiceNotEnabledForRecipient", "noValidHandle",
            "requestedHandleInvalid", "noHandleForLabel", "requiringInAppAuthentication",
        ])
    }

    @Test("an app's definition gains the system intents it lists, with their enums and types, and nothing else")
    func merging() {
        let app = IntentDefinition(intents: [Intent(name: "OrderTea")])
        let merged = app.addingSystemIntents(["OrderTea", "INSendMessageIntent", "INNoSuchIntent"])
        #expect(merged.intents.map(\.name) == ["OrderTea", "INSendMessageIntent"])
        #expect(merged.enumType(named: "INOutgoingMessageType") != nil)
        #expect(merged.customType(named: "INSpeakableString") != nil)
        #expect(app.addingSystemIntents(["OrderTea"]) == app)
    }

    @Test("the lists-and-notes intents of iOS 11 keep their older method names, for the parameters they had then")
    func formerNames() throws {
        let createNote = try #require(SystemIntents.intent(named: "INCreateNoteIntent"))
        #expect(createNote.formerNames == FormerHandlerNames(label: "createNote", parameters: ["title", "content", "groupName"]))
        let addTasks = try #require(SystemIntents.intent(named: "INAddTasksIntent"))
        #expect(addTasks.formerNames?.resolveLabel(of: "taskTitles") == "forAddTasks")
        #expect(addTasks.formerNames?.resolveLabel(of: "priority") == nil, "priority came in iOS 13, with today's names only")
        #expect(SystemIntents.intent(named: "INDeleteTasksIntent")?.formerNames == nil)
        for intent in SystemIntents.definition.intents {
            for former in intent.formerNames?.parameters ?? [] {
                #expect(intent.parameter(named: former.name)?.supportsResolution == true, "\(intent.name).\(former.name)")
            }
        }
    }

    @Test("iOS 10's messaging names are deprecated, with the older group-name type and the base recipients result")
    func iOS10MessagingNames() throws {
        let send = try #require(SystemIntents.intent(named: "INSendMessageIntent")?.formerNames)
        #expect(send.label == "sendMessage" && send.isDeprecated)
        #expect(send.parameter("recipients")?.answersBaseResult == true)
        #expect(send.parameter("content")?.isRename == true)
        let group = try #require(send.parameter("speakableGroupName"))
        #expect(group.methodParameterName == "groupName" && group.type == .string)
        let search = try #require(SystemIntents.intent(named: "INSearchForMessagesIntent")?.formerNames)
        #expect(search.label == "searchForMessages" && search.isDeprecated)
        #expect(search.parameter("speakableGroupNames")?.methodParameterName == "groupNames")
        #expect(search.parameter("recipients")?.isRename == true, "the search's recipients answered INPersonResolutionResult then as now")
        #expect(try #require(SystemIntents.intent(named: "INCreateNoteIntent")?.formerNames).isDeprecated == false)
    }
}
