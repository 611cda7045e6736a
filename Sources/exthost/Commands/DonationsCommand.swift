import ExthostABI
import AppManifests
import ArgumentParser
import DonationStore
import ExtensionLoading
import IntentConversation
import IntentSystem
import Foundation

/// `exthost donations list|add|delete`: what apps donated to the system.
struct DonationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "donations",
        abstract: "Lists, adds and deletes the donations the system keeps (interactions and user activities).",
        discussion: """
            Donations come from INInteraction.donate, NSUserActivity.becomeCurrent() (of an \
            activity eligible for prediction, whose type the app declares), apps writing the \
            store, and the system itself after each request it handled. They live in \
            $EXTHOST_DATA_DIR/donations.sqlite, else $XDG_DATA_HOME/exthost/donations.sqlite, \
            else ~/.local/share/exthost/donations.sqlite (--store overrides).
            """,
        subcommands: [List.self, Add.self, Delete.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Lists donations, newest first."
        )

        @OptionGroup var store: StoreOptions
        @Option(help: "Only this app's donations.") var app: String?
        @Option(help: "List the newest N only (1 to \(DonationListing.maximumLimit)); all without it.") var limit: Int?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if let limit { try NumericOption.validate(limit, "--limit", in: 1...DonationListing.maximumLimit, unit: "donations") }
        }

        func run() throws {
            try reportingDonationErrors(json: json) { try list() }
        }

        private func list() throws {
            let opened = try store.open(json: json)
            let listing = DonationListing(try opened.donations(app: app, limit: limit))
            if json {
                Console.writeJSON(listing.jsonObject)
                return
            }
            let donations = listing.donations
            if donations.isEmpty {
                Console.line("No donations\(app.map { " from \($0)" } ?? "").")
                return
            }
            defer {
                if listing.truncated { Console.line("(the newest \(donations.count) of \(listing.total); --limit lists more)") }
            }
            let formatter = ISO8601DateFormatter()
            for donation in donations {
                var line = "\(formatter.string(from: donation.startDate))  \(donation.shortcut.app)  \(donation.shortcut.kind == .intent ? "intent  " : "activity")  \(donation.shortcut.displayTitle)"
                var details = ["id \(donation.identifier)", donation.source == .system ? "recorded by the system" : "donated"]
                if let group = donation.groupIdentifier { details.append("group \(group)") }
                if let status = donation.intentHandlingStatus { details.append(status) }
                if !donation.eligibleForPrediction { details.append("not eligible for prediction") }
                line += "  (\(details.joined(separator: ", ")))"
                Console.line(line)
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Donates as an app does: an interaction or a user activity from a JSON file.",
            discussion: """
                The file is the request of exthost_host_api.donations (exthost.h) with "app": \
                {"app": "com.example.accounts", "intent": "SyncAccounts", "parameters": {}, \
                "groupIdentifier": "sync"} donates an interaction; {"app": ..., "activityType": ..., \
                "title": ..., "userInfo": {...}, "requiredUserInfoKeys": [...]} a user activity, \
                checked against the NSUserActivityTypes of the app's manifest (--apps, \
                $EXTHOST_APP_PATH, ./Apps). --count N donates N copies with new identifiers in \
                one transaction (all of them or none), then prints a line for each.
                """
        )

        @OptionGroup var store: StoreOptions
        @Argument(help: "The donation (JSON), or - for standard input.") var file: String
        @Option(name: .customLong("apps"), help: "A folder of app manifests (repeatable).") var appDirectories: [String] = []
        @Option(help: "How many copies to donate, each with a new identifier.") var count = 1
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            guard count >= 1 else { throw ValidationError("--count must be 1 or more; got \(count)") }
            try NumericOption.validate(count, "--count", in: 1...100_000, unit: "copies")
        }

        func run() throws {
            try reportingDonationErrors(json: json) { try add() }
        }

        private func add() throws {
            let text: String
            if file == "-" {
                do {
                    text = String(decoding: try Console.readStandardInput(), as: UTF8.self)
                } catch {
                    throw DonationCommandError.usage(error.message)
                }
            } else if let data = FileManager.default.contents(atPath: file) {
                text = String(decoding: data, as: UTF8.self)
            } else {
                throw DonationCommandError.usage("\(file): cannot be read")
            }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
                throw DonationCommandError.usage("\(file): not a JSON object")
            }
            let opened = try store.open(json: json)
            let apps = AppCatalog(directories: AppCatalog.directories(given: appDirectories))
            let identifiers = try DonationRequest.donateCopies(object, count: count, store: opened,
                                                               declaredActivityTypes: { apps.declaredActivityTypes(app: $0) })
            if count > 1 && !json {
                // Written once the transaction committed: every line is stored.
                Console.write(Data(identifiers.enumerated().map { "donated \($0.offset + 1) \($0.element)\n" }.joined().utf8))
            }
            if json {
                Console.writeJSON(["donated": identifiers])
            } else if count <= 1 {
                Console.line("Donated \(identifiers.first ?? "?").")
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Deletes donations: by identifier, group, persistent identifier, or all of an app's.",
            discussion: "With --app, deletes as the app would (INInteraction.delete, deleteSavedUserActivities); without, deletes the identifiers whatever their app."
        )

        @OptionGroup var store: StoreOptions
        @Option(help: "The app whose donations are deleted.") var app: String?
        @Option(name: .customLong("identifier"), help: "A donation's identifier (repeatable).") var identifiers: [String] = []
        @Option(help: "Deletes the app's interactions of this group.") var group: String?
        @Option(name: .customLong("persistent-identifier"), help: "Deletes the app's activities with this persistent identifier (repeatable).") var persistentIdentifiers: [String] = []
        @Flag(help: "Deletes every donation of the app.") var all = false
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            _ = try deletion()
        }

        private func deletion() throws(ValidationError) -> DonationDeletion {
            do {
                return try DonationDeletion(app: app, identifiers: identifiers, group: group, persistentIdentifiers: persistentIdentifiers, all: all,
                                            names: ("--identifier", "--group", "--persistent-identifier", "--all", "--app"))
            } catch {
                throw ValidationError(error.message)
            }
        }

        func run() throws {
            try reportingDonationErrors(json: json) { try delete() }
        }

        private func delete() throws {
            let opened = try store.open(json: json)
            let deleted = try opened.delete(try deletion())
            if json {
                Console.writeJSON(["deleted": deleted])
            } else {
                Console.line("Deleted \(deleted) donation\(deleted == 1 ? "" : "s").")
            }
        }
    }
}

/// `--store`: the donation store file, for every donation command.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The donation store (default: $EXTHOST_DATA_DIR, $XDG_DATA_HOME/exthost or ~/.local/share/exthost, then donations.sqlite).", valueName: "FILE"))
    var store: String?

    /// Opens the store, or ends the command with the store's error; the
    /// requests answered earlier that opening it could not record are
    /// warnings (standard error), as their own commands have ended.
    func open(json: Bool) throws(DonationStoreError) -> DonationStore {
        let opened = try DonationStore(path: store ?? StoreLocation.defaultPath())
        for problem in opened.notRecordedAtOpen { Console.warning(problem.description) }
        return opened
    }
}

/// How a donation command fails: exit status 2 for bad input, 4 for the
/// store (the message carries the iOS number), 1 for a refused phrase.
enum DonationCommandError: Error, CustomStringConvertible {
    case usage(String)
    case store(DonationStoreError)

    var description: String {
        switch self {
        case .usage(let message): message
        case .store(let error): "\(error.message) (IntentsErrorDomain \(error.code.rawValue))"
        }
    }
}

/// Runs a donation command's body, printing its error (JSON with `--json`)
/// and exiting with the documented status. The store's errors
/// (`DonationStoreError`) are reported as ``DonationCommandError/store(_:)``.
func reportingDonationErrors(json: Bool, _ body: () throws -> Void) throws {
    let error: DonationCommandError
    do {
        try body()
        return
    } catch let failure as DonationCommandError {
        error = failure
    } catch let stored as DonationStoreError {
        error = .store(stored)
    }
    let status: ExitStatus
    let iosError: IntentsError?
    switch error {
    case .usage:
        status = .badInput
        iosError = nil
    case .store(let stored):
        status = stored.code == .phraseConflict || stored.code == .notFound ? .failure : .systemError
        iosError = stored
    }
    Console.failure(error.description, json: json ? Console.errorObject(error.description, error: iosError) : nil)
    throw ExitCode(status)
}
