import Intents

/// A second app's messaging extension, so that two apps handle
/// `INSendMessageIntent` and the system asks which one a request is for.
final class IntentHandler: INExtension, INSendMessageIntentHandling {
    override func handler(for intent: INIntent) -> Any { self }

    func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        ExtensionHost.log("chat sent: \(intent.content ?? "")")
        completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
    }
}

@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer {
    ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.chat.intents", app: "com.example.chat", intentsSupported: ["INSendMessageIntent"])
}
