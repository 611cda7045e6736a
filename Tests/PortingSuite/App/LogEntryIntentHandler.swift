import Intents

/// The entries logged so far (the app's model).
final class Journal {
    private(set) var entries: [String] = []

    func add(_ summary: String) -> Bool {
        guard !entries.contains(summary) else { return false }
        entries.append(summary)
        return true
    }
}

/// Log Entry, handled in the app: a plain `NSObject` implementing the
/// generated `LogEntryIntentHandling`, as iOS 14 apps return from
/// `application(_:handlerFor:)`. Each method answers what no default
/// would: an `async` resolve, a multiple-value resolve, a reason of the
/// definition, custom response codes and properties.
class LogEntryIntentHandler: NSObject, LogEntryIntentHandling {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func resolveMood(for intent: LogEntryIntent) async -> MoodResolutionResult {
        intent.mood == .unknown ? .needsValue() : .success(with: intent.mood)
    }

    func resolveTags(for intent: LogEntryIntent, with completion: @escaping ([INStringResolutionResult]) -> Void) {
        // Tags are kept capitalised, once each.
        var seen: [String] = []
        for tag in intent.tags ?? [] where !seen.contains(tag.capitalized) {
            seen.append(tag.capitalized)
        }
        completion(seen.map { INStringResolutionResult.success(with: $0) })
    }

    func resolveMinutes(for intent: LogEntryIntent, with completion: @escaping (LogEntryMinutesResolutionResult) -> Void) {
        guard let minutes = intent.minutes?.intValue else {
            completion(.needsValue())
            return
        }
        completion(minutes > 1440 ? .unsupported(forReason: .longerThanADay) : .success(with: minutes))
    }

    func handle(intent: LogEntryIntent, completion: @escaping (LogEntryIntentResponse) -> Void) {
        let tags = intent.tags ?? []
        let summary = "\(intent.mood) for \(intent.minutes?.intValue ?? 0) minutes" + (tags.isEmpty ? "" : " (\(tags.joined(separator: ", ")))")
        let response: LogEntryIntentResponse
        if tags.contains("Later") {
            // Left for the app to finish, with no activity: the system makes one carrying the interaction.
            response = LogEntryIntentResponse(code: .continueInApp, userActivity: nil)
        } else if tags.contains("Open") {
            let activity = NSUserActivity(activityType: "com.example.journal.entry")
            activity.title = summary
            activity.userInfo = ["entry": "e\(journal.entries.count + 1)"]
            activity.webpageURL = URL(string: "https://journal.example.com/entries/e\(journal.entries.count + 1)")
            response = LogEntryIntentResponse(code: .continueInApp, userActivity: activity)
        } else {
            response = journal.add(summary) ? .success(summary: summary) : .duplicate(summary: summary)
        }
        response.mood = intent.mood
        response.tagCount = NSNumber(value: tags.count)
        completion(response)
    }
}
