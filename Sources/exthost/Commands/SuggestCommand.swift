import ArgumentParser
import DonationStore
import Foundation

/// `exthost suggest`: the shortcuts the system would suggest now (or at a date).
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Ranks donated shortcuts for suggestion: frequency, recency, time of day.",
        discussion: """
            Each donation performed at or before the date adds 2^(-age/14 days) × (1 + cos(2π × \
            (its hour − the date's hour)/24)): frequent, recent, same-time-of-day shortcuts rank \
            first. A shortcut of the app's setShortcutSuggestions adds 0.5; a relevant shortcut \
            whose date relevance holds adds 4 (0.5 without a date relevance). Activities not \
            eligible for prediction, requests that ended in an error response (failure) and \
            deleted donations are left out. Hours are local time (TZ). \
            Ties go to the latest donation, then the shortcut's key, so the list is deterministic.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(help: "Only this app's suggestions.") var app: String?
    @Option(help: ArgumentHelp("The date to suggest for (ISO 8601, e.g. 2026-11-21T08:00:00Z); now by default.", valueName: "DATE"))
    var at: String?
    @Option(help: "How many suggestions at most.") var limit = 10
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        try NumericOption.validate(limit, "--limit", in: 1...10_000, unit: "suggestions")
    }

    func run() throws {
        try reportingDonationErrors(json: json) {
            var date = Date()
            if let at {
                guard let parsed = DonationRequest.date(at) else {
                    throw DonationCommandError.usage("--at takes an ISO 8601 date and time from the year 1 to 9999, such as 2026-11-21T08:00:00Z; got \"\(at)\"")
                }
                date = parsed
            }
            let opened = try store.open(json: json)
            let suggestions: [Suggestion]
            suggestions = Array(try opened.suggestions(app: app, at: date).prefix(max(limit, 0)))
            if json {
                Console.writeJSON(["at": ISO8601DateFormatter().string(from: date), "suggestions": suggestions.map(\.jsonObject)])
                return
            }
            if suggestions.isEmpty {
                Console.line("No suggestions\(app.map { " for \($0)" } ?? ""): nothing donated yet.")
                return
            }
            for (index, item) in suggestions.enumerated() {
                let score = String(format: "%.3f", item.score)
                Console.line("\(index + 1). \(item.shortcut.displayTitle)  — \(item.shortcut.app), score \(score), \(item.count) donation\(item.count == 1 ? "" : "s")  [\(item.shortcut.reference)]")
            }
        }
    }
}
