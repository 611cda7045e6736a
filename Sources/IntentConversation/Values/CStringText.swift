/// Text that crosses the plugin ABI, where every string is NUL-terminated:
/// a NUL inside it would cut it short there, so the host refuses it where
/// the text comes in (an intent file, an answer), naming where it is.
package enum CStringText {
    /// Why the text cannot cross, or `nil` when it can.
    ///
    /// - Parameter text: Text a person or a script wrote.
    /// - Returns: The words that follow what holds the text ("parameter 'tags' of LogWorkout …").
    package static func refusal(_ text: String) -> String? {
        guard text.utf8.contains(0) else { return nil }
        return "cannot hold a NUL character (\\u0000): text crosses to the extension as a C string and would be cut short there"
    }
}
