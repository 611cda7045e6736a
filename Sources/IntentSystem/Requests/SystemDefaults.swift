import IntentConversation
import IntentDefinition

/// What Siri takes for a system intent's parameter the person did not
/// mention, where Apple documents a default: a message whose type is not
/// said is text (`INSendMessageIntent.outgoingMessageType` is
/// `.outgoingMessageText`). A domain's definition gives it as the
/// parameter's `defaultValue`; the system sets it before the extension sees
/// the request, so the extension's resolve method reads it as on iOS. An
/// app's own intents are left as they are: Xcode's default value is what
/// Shortcuts offers, not a value the request comes with.
enum SystemDefaults {
    /// `values` with each of the system intent's documented defaults added
    /// where the request gave none.
    ///
    /// - Parameters:
    ///   - values: The request's values, by parameter name.
    ///   - intent: The intent (only system intents have defaults).
    ///   - definition: The definition describing the intent's types.
    static func filling(_ values: [String: IntentValue], intent: Intent, definition: IntentDefinition) -> [String: IntentValue] {
        guard intent.isSystem else { return values }
        var filled = values
        let reader = IntentValueReader(definition: definition, intent: intent)
        for parameter in intent.parameters where filled[parameter.name] == nil {
            // A default that does not read is a bug in a domain's
            // definition, which SystemIntentsTests catches.
            guard let text = parameter.metadata.defaultValue, let value = try? reader.read(json: text, for: parameter) else { continue }
            filled[parameter.name] = value
        }
        return filled
    }
}
