import ExthostABI
import IntentConversation

extension IntentsError {
    /// The `error` member of a command's JSON: the iOS number, its name and the message.
    var jsonObject: [String: Any] {
        ["code": code.rawValue, "name": code.name, "message": message]
    }
}
