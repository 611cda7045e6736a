import IntentConversation
import Foundation
import IntentDefinition

/// The intent definition a plugin embeds in its descriptor, in exthost's
/// JSON form.
enum EmbeddedDefinition {
    /// Parses the embedded JSON text.
    ///
    /// - Throws: `IntentDefinitionError` naming the element at fault.
    static func decode(_ text: String) throws -> IntentDefinition {
        try IntentDefinitionFile.parseJSON(Data(text.utf8), file: "embedded definition")
    }
}
