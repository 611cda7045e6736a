import ExthostABI
import IntentConversation

extension ConversationEngine {
    /// Prepares a conversation for `intent` with the extension that handles it.
    ///
    /// - Parameters:
    ///   - loaded: The extension, already loaded.
    ///   - intent: The intent's name.
    ///   - values: The values the request came with.
    ///   - prompter: Who answers questions.
    ///   - options: Deadlines.
    ///   - watchdog: Notices a method that never returns.
    /// - Throws: `IntentsError` 2004 when the extension's definition has no such intent.
    public convenience init(
        extension loaded: LoadedExtension,
        intent intentName: String,
        values: [String: IntentValue],
        prompter: ConversationPrompter,
        options: Options = Options(),
        watchdog: StageWatchdog? = nil
    ) throws(IntentsError) {
        try self.init(endpoint: .plugin(loaded), intent: intentName, values: values, prompter: prompter, options: options, watchdog: watchdog)
    }
}
