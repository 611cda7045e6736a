import Foundation
import IntentDefinition

/// The intent definition a plugin embeds in its descriptor, in exthost's
/// JSON form.
enum EmbeddedDefinition {
    /// Parses the embedded JSON text.
    static func decode(_ text: String) throws -> IntentDefinition {
        try JSONDecoder().decode(IntentDefinition.self, from: Data(text.utf8))
    }
}
