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
    ])
    func appleNames(line: String) {
        #expect(Self.text.contains(line))
    }

    @Test("parameters Apple does not resolve have no resolve method, and the SDK does not import itself")
    func noExtraMethods() {
        #expect(!Self.text.contains("resolveServiceName"))
        #expect(!Self.text.contains("resolveSearchTerms"))
        #expect(!Self.text.contains("resolveSender(for"))
        #expect(!Self.text.contains("resolveConversationIdentifier"))
        #expect(!Self.text.contains("import Intents"))
    }
}
