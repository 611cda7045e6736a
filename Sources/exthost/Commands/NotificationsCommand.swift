import ArgumentParser
import DonationStore
import ExthostPosix
import Foundation

/// `exthost notifications`: the notifications apps and their extensions
/// posted (`UNUserNotificationCenter.add`), and, with `--follow`, each new
/// one as it is posted.
struct NotificationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "Shows the notifications apps and extensions posted; --follow prints new ones as they arrive.",
        discussion: """
            An extension's work often ends when the person has moved on (a sync finished in \
            handle), so what it posts with UNUserNotificationCenter.add goes into the system's \
            notification log at once, in its app's name, where this command reads it. \
            A line is: the time it was posted, the app, then title — subtitle: body. \
            With --follow the command prints the newest --limit, then every notification \
            posted after it, as it arrives, until it is interrupted (Ctrl-C); with --json it \
            prints one JSON object a line. A notification posted again with the same \
            identifier replaces the earlier one and is printed again.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(help: "Only this app's notifications.") var app: String?
    @Option(help: "How many of the newest to show.") var limit = 20
    @Flag(help: "Keep running and print each new notification as it is posted.") var follow = false
    @Flag(help: "Print JSON (with --follow, one object a line).") var json = false

    /// How often `--follow` looks for new notifications, in milliseconds.
    static let followInterval = 200

    func validate() throws {
        try NumericOption.validate(limit, "--limit", in: 0...100_000, unit: "notifications")
    }

    func run() throws {
        try reportingDonationErrors(json: json) {
            let opened = try store.open(json: json)
            let logged = try opened.notifications(app: app)
            let newest = Array(logged.suffix(limit))
            guard follow else {
                if json {
                    Console.writeJSON(["notifications": newest.map(\.jsonObject)])
                } else if newest.isEmpty {
                    Console.line("No notifications\(app.map { " from \($0)" } ?? "") yet.")
                } else {
                    newest.forEach { Console.line(Self.line($0)) }
                }
                return
            }
            newest.forEach(show)
            // Everything logged so far is shown (or left out by --limit);
            // from here on, only what arrives.
            var seen = logged.last?.sequence ?? 0
            while true {
                Posix.sleep(milliseconds: Self.followInterval)
                for notification in try opened.notifications(app: app, after: seen) {
                    show(notification)
                    seen = max(seen, notification.sequence ?? seen)
                }
            }
        }
    }

    /// Prints one notification as `--follow` does: a line, or a line of JSON.
    private func show(_ notification: PostedNotification) {
        if json {
            let text = (try? JSONSerialization.data(withJSONObject: notification.jsonObject, options: [.sortedKeys, .withoutEscapingSlashes]))
            Console.write((text ?? Data("{}".utf8)) + Data("\n".utf8))
        } else {
            Console.line(Self.line(notification))
        }
    }

    /// `2026-11-24T05:30:12Z  com.example.accountsync  Sync finished: 2 new transactions`.
    static func line(_ notification: PostedNotification) -> String {
        "\(ISO8601DateFormatter().string(from: notification.postedAt))  \(notification.app)  \(notification.summary)"
    }
}
