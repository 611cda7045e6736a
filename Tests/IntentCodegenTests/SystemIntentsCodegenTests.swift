import IntentCodegen
import Testing

/// The SDK's system-intent classes: the generator gives them Apple's names
/// and signatures (the SDK's build compiles this same text).
struct SystemIntentsCodegenTests {
    static let text: String = try! IntentCodegen.generateSystemIntents().contents

    @Test("INSendMessageIntent's classes carry Apple's names and signatures", arguments: [
        "public class INSendMessageIntent: INIntent",
        "public protocol INSendMessageIntentHandling: AnyObject {",
        "func resolveRecipients(for intent: INSendMessageIntent, with completion: @escaping ([INSendMessageRecipientResolutionResult]) -> Void)",
        "func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult]",
        "func resolveContent(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void)",
        "func resolveSpeakableGroupName(for intent: INSendMessageIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void)",
        "func resolveOutgoingMessageType(for intent: INSendMessageIntent, with completion: @escaping (INOutgoingMessageTypeResolutionResult) -> Void)",
        "func confirm(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void)",
        "func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse",
        "public enum INSendMessageIntentResponseCode: Int, Sendable, _ExthostResponseCode {",
        "case failureMessageServiceNotAvailable = 6",
        "public class INSendMessageRecipientResolutionResult: INPersonResolutionResult",
        "public class func unsupported(forReason reason: INSendMessageRecipientUnsupportedReason) -> Self {",
        "case requiringInAppAuthentication = 7",
        "public var serviceName: String?",
        "public enum SystemIntentDefinition: GeneratedIntentDefinition {",
        "import CExthost",
        "public protocol INSetMessageAttributeIntentHandling: AnyObject {",
        "func resolveAttribute(for intent: INSetMessageAttributeIntent, with completion: @escaping (INMessageAttributeResolutionResult) -> Void)",
        "public var identifiers: [String]?",
        "case failureMessageNotFound = 6",
        "public protocol INSearchForMessagesIntentHandling: AnyObject {",
        "func resolveSenders(for intent: INSearchForMessagesIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void)",
        "func resolveSpeakableGroupNames(for intent: INSearchForMessagesIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void)",
        "func resolveDateTimeRange(for intent: INSearchForMessagesIntent, with completion: @escaping (INDateComponentsRangeResolutionResult) -> Void)",
        "func resolveDateCreated(for intent: INSearchCallHistoryIntent, with completion: @escaping (INDateComponentsRangeResolutionResult) -> Void)",
        "func resolveDateTime(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INDateComponentsRangeResolutionResult) -> Void)",
        "public var messages: [INMessage]?",
        "case failureMessageTooManyResults",
        "public struct INCallRecordTypeOptions: OptionSet, Hashable, Sendable, _ExthostOptionSet {",
        "public static let missed = INCallRecordTypeOptions(rawValue: 2)",
        "public var callDuration: Double?",
        "public var unseen: Bool?",
        "public var numberOfCalls: Int?",
        #"callDuration = (properties["callDuration"] as? NSNumber)?.doubleValue"#,
        "public enum INConditionalOperator: Int, Sendable, CaseIterable {",
        "public var sendersOperator: INConditionalOperator = .all",
        "public static let voicemail = INCallRecordTypeOptions(rawValue: 16)",
        "public static let videoCall = INCallCapabilityOptions(rawValue: 2)",
        "public static let played = INMessageAttributeOptions(rawValue: 16)",
        "public static let scheduledRecurring = INTemporalEventTriggerTypeOptions(rawValue: 4)",
        "public class func success(with resolvedCallRecordTypeOptions: INCallRecordTypeOptions = []) -> Self {",
        "public class func confirmationRequired(with temporalEventTriggerTypeOptionsToConfirm: INTemporalEventTriggerTypeOptions = []) -> Self {",
        "func resolveCallTypes(for intent: INSearchCallHistoryIntent, with completion: @escaping (INCallRecordTypeOptionsResolutionResult) -> Void)",
        "func resolveAttributes(for intent: INSearchForMessagesIntent, with completion: @escaping (INMessageAttributeOptionsResolutionResult) -> Void)",
        "func resolveTemporalEventTriggerTypes(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INTemporalEventTriggerTypeOptionsResolutionResult) -> Void)",
        "func resolveLocation(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INPlacemarkResolutionResult) -> Void)",
        "func resolveLocationSearchType(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INLocationSearchTypeResolutionResult) -> Void)",
        "func resolveDateSearchType(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INDateSearchTypeResolutionResult) -> Void)",
        "public var callTypes: INCallRecordTypeOptions = []",
        "public var callCapabilities: INCallCapabilityOptions = []",
        "public var attributes: INMessageAttributeOptions = []",
        "public var temporalEventTriggerTypes: INTemporalEventTriggerTypeOptions = []",
        "public var callRecordFilter: INCallRecordFilter?",
        "public class INCallRecordFilter: INObject, @unchecked Sendable {",
        "public var tasks: [INTask] = []",
        #"public var title: INSpeakableString = INSpeakableString(identifier: nil, display: "")"#,
        #"properties["tasks"] = tasks.map { $0.jsonObject }"#,
        "public enum INMessageType: Int, Sendable, CaseIterable {",
        "case unspecified = 0",
        "public class INStartCallCallRecordToCallBackResolutionResult: INCallRecordResolutionResult, @unchecked Sendable {",
        "case noMatchingCall = 1",
        "func resolveCallRecordToCallBack(for intent: INStartCallIntent, with completion: @escaping (INCallRecordResolutionResult) -> Void)",
        // iOS 11's deprecated selectors by the names later SDKs give them, beside today's.
        #"@available(*, deprecated, message: "resolveTargetTaskListForAddTasks:withCompletion: is deprecated. Use resolveTargetTaskListForAddTasks:completion: instead")"#,
        "func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INTaskListResolutionResult) -> Void)",
        "func resolveTargetTaskList(for intent: INAddTasksIntent) async -> INTaskListResolutionResult",
        "func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INAddTasksTargetTaskListResolutionResult) -> Void)",
        "func resolveTemporalEventTrigger(for intent: INSetTaskAttributeIntent) async -> INTemporalEventTriggerResolutionResult",
        "func resolveTemporalEventTrigger(forAddTasks intent: INAddTasksIntent, with completion: @escaping (INTemporalEventTriggerResolutionResult) -> Void)",
        "public var messageType: INMessageType = .unspecified",
        #"if messageType != .unspecified { properties["messageType"] = String(describing: messageType) }"#,
        // Apple's plain NSObjects: no identifier, read-only properties, nonnull ones non-optional.
        "public class INDateComponentsRange: NSObject, @unchecked Sendable, _ExthostPlainObject {",
        "public internal(set) var recurrenceRule: INRecurrenceRule?",
        "public class INDateComponentsRangeResolutionResult: TypedResolutionResult<INDateComponentsRange>, @unchecked Sendable {}",
        "public class INRecurrenceRule: NSObject, @unchecked Sendable, _ExthostPlainObject {",
        "public internal(set) var interval: Int = 0",
        "public internal(set) var frequency: INRecurrenceFrequency = .unknown",
        "public internal(set) var weeklyRecurrenceDays: INDayOfWeekOptions = []",
        "public static let sunday = INDayOfWeekOptions(rawValue: 64)",
        "case yearly = 6",
        "public internal(set) var dateComponentsRange: INDateComponentsRange = INDateComponentsRange()",
        #"public internal(set) var placemark: CLPlacemark = CLPlacemark(identifier: nil, display: "")"#,
        // Apple's Swift overlay refines INMediaDestinationReference into the enum INMediaDestination.
        "public class INMediaDestinationReference: NSObject, @unchecked Sendable, _ExthostPlainObject {",
        "public class INMediaDestinationResolutionResult: TypedResolutionResult<INMediaDestination>, @unchecked Sendable {}",
        "public var mediaDestination: INMediaDestination?",
        "intent.mediaDestination = _Codecs.referenceConvertible(INMediaDestination.self).decodeField(fields[2])",
        "public class INAddMediaMediaDestinationResolutionResult: INMediaDestinationResolutionResult, @unchecked Sendable {",
        "intent.temporalEventTrigger = _Codecs.plainObject(INTemporalEventTrigger.self).decodeField(fields[3])",
    ])
    func appleNames(line: String) {
        #expect(Self.text.contains(line))
    }

    @Test("only the later SDK's names of iOS 11's list selector are deprecated: iOS 11's own name is not, as the intent's other iOS 11 names are not")
    func laterNamesAloneDeprecated() {
        let lines = Self.text.split(separator: "\n")
        func declarations(_ text: String) -> [Int] { lines.indices.filter { lines[$0].contains(text) } }
        let older = declarations("func resolveTargetTaskList(forAddTasks intent: INAddTasksIntent, with completion: @escaping (INTaskListResolutionResult) -> Void)")
        let later = declarations("func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INTaskListResolutionResult) -> Void)")
        // The protocol's requirement and its default, each.
        #expect(older.count == 2 && later.count == 2)
        for index in older { #expect(!lines[index - 1].contains("deprecated"), "\(lines[index - 1])") }
        for index in later { #expect(lines[index - 1].contains("resolveTargetTaskListForAddTasks:withCompletion: is deprecated"), "\(lines[index - 1])") }
    }

    @Test("parameters Apple does not resolve have no resolve method, and the SDK does not import itself")
    func noExtraMethods() {
        #expect(!Self.text.contains("resolveServiceName"))
        #expect(!Self.text.contains("resolveSearchTerms"))
        #expect(!Self.text.contains("resolveSender(for"))
        #expect(!Self.text.contains("resolveConversationIdentifier"))
        #expect(!Self.text.contains("import Intents"))
        #expect(!Self.text.contains("resolveCallCapabilities"))
        #expect(!Self.text.contains("resolveCallRecordFilter"))
    }

    @Test("an option set's result has no disambiguation and its struct no unknown member, as Apple's have none")
    func optionSetsAsApplesAre() throws {
        let start = try #require(Self.text.range(of: "public struct INCallRecordTypeOptions:"))
        let end = try #require(Self.text.range(of: "public convenience init(enumResolutionResult", range: start.upperBound..<Self.text.endIndex))
        let block = Self.text[start.lowerBound..<end.lowerBound]
        #expect(!block.contains("unknown"))
        #expect(!block.contains("disambiguation"))
    }
}
