import DonationStore
import ExtensionLoading
import IntentDefinition
import RequestWire

/// What `exthost shortcuts list` prints, in-process or answered by the
/// service's `shortcuts` message: each app's shortcuts
/// (``AvailableShortcuts``) and the voice shortcuts, the object `--json`
/// prints and the lines for people.
public enum ShortcutListing {
    /// The listing.
    ///
    /// - Parameters:
    ///   - app: Only this app's shortcuts, when given.
    ///   - phrasesOnly: Only the voice shortcuts (`--phrases`).
    ///   - languages: The languages intents' titles are in (each
    ///     definition's base texts for a language it lacks).
    /// - Returns: The object `--json` prints (`shortcuts` left out with
    ///   `phrasesOnly`) and the lines; exit status 0.
    /// - Throws: ``DonationStoreError`` when the store cannot be read.
    public static func render(store: DonationStore, app: String?, registry: @autoclosure () -> ExtensionRegistry,
                              phrasesOnly: Bool, languages: LanguagePreference) throws(DonationStoreError) -> RenderedConversation {
        let voice = try store.voiceShortcuts().filter { app == nil || $0.shortcut.app == app }
        let available = phrasesOnly ? [] : try AvailableShortcuts.list(store: store, app: app, registry: registry(), languages: languages)
        var report: [String: Any] = ["voiceShortcuts": voice.map(\.jsonObject)]
        if !phrasesOnly { report["shortcuts"] = available.map(\.jsonObject) }
        var lines: [String] = []
        if !phrasesOnly {
            if available.isEmpty { lines.append("No shortcuts: nothing donated and no extension installed.") }
            var currentApp: String?
            for item in available {
                if item.shortcut.app != currentApp {
                    currentApp = item.shortcut.app
                    lines.append("\(item.shortcut.app):")
                }
                lines.append("  \(item.shortcut.reference)  \(item.shortcut.kind == .intent ? "intent  " : "activity")  \(item.shortcut.displayTitle)  (\(item.origin))")
            }
        }
        if voice.isEmpty {
            lines.append("No voice shortcuts.")
        } else {
            lines.append("Voice shortcuts:")
            for item in voice {
                lines.append("  \"\(item.invocationPhrase)\"  →  \(item.shortcut.app): \(item.shortcut.displayTitle)  (id \(item.identifier))")
            }
        }
        return RenderedConversation(report: report, lines: lines, exitStatus: 0)
    }
}
