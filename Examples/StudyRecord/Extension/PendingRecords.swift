import Intents

/// Records kept while offline: appended to `pending-records.jsonl` in the
/// shared container, which the app sends when it next launches online.
enum PendingRecords {
    static func keep(_ record: StudyRecord) {
        guard let container = ExtensionContainer.open() else {
            ExtensionHost.log("offline, and no shared container to keep the record in", level: .error)
            return
        }
        do {
            try container.keep(record)
        } catch {
            ExtensionHost.log("cannot keep the record: \(error)", level: .error)
        }
    }
}
