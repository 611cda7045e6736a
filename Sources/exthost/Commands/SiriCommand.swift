import ArgumentParser
import Foundation
import DonationStore
import IntentDefinition

/// `exthost siri`: the person's Siri decision per app, as Settings keeps it
/// on iOS (INPreferences). A denied app is handed no system intent.
struct SiriCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "siri",
        abstract: "Shows or changes whether Siri may talk to an app (INPreferences).",
        discussion: """
            The system keeps, per app, what the person decided about Siri \
            (INSiriAuthorizationStatus). While an app is denied, a request for a system intent \
            (INSendMessageIntent, …) its extension or the app handles is refused before it \
            reaches them (error 1913, exit status 4); an app's own intents need no authorization, \
            as on iOS. An undecided app is served. INPreferences.requestSiriAuthorization in the \
            app authorizes an undecided app (Linux has no prompt to show); a decision made here \
            stays until changed here. Denying or resetting an app drops its INVocabulary, as iOS \
            drops it when Siri is turned off for the app; while denied, the app's vocabulary is \
            not kept, and once served again it registers it anew. `exthost siri vocabulary [APP]` \
            shows the vocabulary kept: each phrase with the app's identifier for it, its \
            pronunciation hint and its alternatives (INVocabulary.setVocabulary(_:of:)). \
            `exthost siri media [APP]` shows what media apps told the system: their \
            INMediaUserContext (subscription, library size), their INUpcomingMediaManager \
            prediction modes and suggested media intents.

            When several apps handle a system intent and a request names none, the system asks \
            which app, and remembers the one picked for the intent's domain (Messaging, Calling, \
            …): the domain's next requests go to it unasked. `exthost siri apps` lists them; \
            `exthost siri forget-app DOMAIN` (or without a domain, every one) asks again.
            """,
        subcommands: [Show.self, Authorize.self, Deny.self, Reset.self, Vocabulary.self, Media.self, Apps.self, ForgetApp.self],
        defaultSubcommand: Show.self
    )

    /// `exthost siri show [APP]`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Lists the apps with a decision, or one app's status.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The app's identifier; every decided app without it.") var app: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let opened = try store.open(json: json)
                let rows: [(app: String, status: SiriAuthorization)] = if let app {
                    [(app, try opened.siriAuthorization(app: app))]
                } else {
                    try opened.siriAuthorizations()
                }
                SiriCommand.list(rows, json: json, key: "apps", none: "No app has a Siri decision yet: every app is notDetermined, and served.",
                                 object: { ["app": $0.app, "status": $0.status.name, "value": $0.status.rawValue] }, line: { "\($0.app): \($0.status.name)" })
            }
        }
    }

    /// `exthost siri authorize APP`.
    struct Authorize: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "authorize", abstract: "Lets Siri hand the app's extension and the app system intents.")
        @OptionGroup var change: PermissionChange
        func run() throws { try change.set(.authorized, SiriCommand.record) }
    }

    /// `exthost siri deny APP`.
    struct Deny: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deny", abstract: "Refuses the app's system intents until it is authorized again; drops its vocabulary.")
        @OptionGroup var change: PermissionChange
        func run() throws { try change.set(.denied, SiriCommand.record) }
    }

    /// `exthost siri reset APP`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Forgets the decision and the app's vocabulary: the app is notDetermined again.")
        @OptionGroup var change: PermissionChange
        func run() throws { try change.set(.notDetermined, SiriCommand.record) }
    }

    /// `exthost siri vocabulary [APP]`.
    struct Vocabulary: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "vocabulary",
                                                        abstract: "Lists the INVocabulary kept per app: phrases with the app's identifiers, hints and alternatives.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The app's identifier; every app's vocabulary without it.") var app: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let rows = try store.open(json: json).vocabularyEntries(app: app)
                SiriCommand.list(rows, json: json, key: "vocabulary",
                                 none: app.map { "\($0) has no vocabulary registered." } ?? "No app has registered vocabulary.",
                                 object: Self.object, line: Self.line)
            }
        }

        /// INVocabularyStringType's case name, or the number an app gave.
        static func typeName(_ type: Int) -> String { SystemIntents.vocabularyTypeNames[type] ?? String(type) }

        static func object(_ row: (app: String, type: Int, entry: VocabularyEntry)) -> [String: Any] {
            var object: [String: Any] = ["app": row.app, "type": typeName(row.type), "typeValue": row.type,
                                         "spokenPhrase": row.entry.phrase, "alternativeSpeakableMatches": row.entry.alternatives]
            if let identifier = row.entry.identifier { object["vocabularyIdentifier"] = identifier }
            if let hint = row.entry.pronunciationHint { object["pronunciationHint"] = hint }
            return object
        }

        /// `com.example.workouts workoutActivityName: Corrida na Praça (square-run), sounds like "…", also "Square Run"`.
        static func line(_ row: (app: String, type: Int, entry: VocabularyEntry)) -> String {
            var line = "\(row.app) \(typeName(row.type)): \(row.entry.phrase)"
            if let identifier = row.entry.identifier { line += " (\(identifier))" }
            if let hint = row.entry.pronunciationHint { line += ", sounds like \"\(hint)\"" }
            if !row.entry.alternatives.isEmpty { line += ", also " + row.entry.alternatives.map { "\"\($0)\"" }.joined(separator: ", ") }
            return line
        }
    }

    /// `exthost siri media [APP]`.
    struct Media: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "media",
            abstract: "Lists what media apps told the system: INMediaUserContext, prediction modes, suggested media intents.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The app's identifier; every media app without it.") var app: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let opened = try store.open(json: json)
                let contexts = try opened.mediaUserContexts(app: app)
                let modes = try opened.mediaPredictionModes(app: app)
                let upcoming = try opened.suggestedMediaIntents(app: app)
                let apps = Set(contexts.map(\.app) + modes.map(\.app) + upcoming.map(\.app)).sorted()
                if json {
                    Console.writeJSON(["apps": apps.map { name in
                        Self.object(app: name, context: contexts.first { $0.app == name }, modes: modes.filter { $0.app == name },
                                    upcoming: upcoming.filter { $0.app == name })
                    }])
                    return
                }
                if apps.isEmpty {
                    Console.line(app.map { "\($0) has told the system nothing about its media." }
                        ?? "No media app has made an INMediaUserContext current or suggested media intents.")
                }
                for name in apps {
                    if let context = contexts.first(where: { $0.app == name }) {
                        Console.line("\(name): INMediaUserContext \(Self.describe(context))")
                    } else {
                        Console.line("\(name): no INMediaUserContext")
                    }
                    for mode in modes where mode.app == name {
                        Console.line("  prediction mode for \(mode.mediaType): \(mode.mode.name)")
                    }
                    for (index, shortcut) in upcoming.filter({ $0.app == name }).enumerated() {
                        Console.line("  upcoming \(index + 1). \(shortcut.displayTitle)  [\(shortcut.reference)]")
                    }
                }
            }
        }

        /// `subscribed, 345 library items, made current 2026-11-25T00:40:00Z`.
        static func describe(_ context: MediaUserContext) -> String {
            var parts = [context.subscriptionStatus.name]
            if let count = context.numberOfLibraryItems { parts.append("\(count) library item\(count == 1 ? "" : "s")") }
            parts.append("made current \(ISO8601DateFormatter().string(from: context.changed))")
            return parts.joined(separator: ", ")
        }

        static func object(app: String, context: MediaUserContext?, modes: [(app: String, mediaType: String, mode: MediaPredictionMode)],
                           upcoming: [Shortcut]) -> [String: Any] {
            var object: [String: Any] = [
                "app": app,
                "predictionModes": modes.map { ["mediaType": $0.mediaType, "mode": $0.mode.name, "value": $0.mode.rawValue] },
                "suggestedMediaIntents": upcoming.map(\.jsonObject),
            ]
            if let context {
                var user: [String: Any] = ["subscriptionStatus": context.subscriptionStatus.name,
                                           "subscriptionStatusValue": context.subscriptionStatus.rawValue,
                                           "changed": ISO8601DateFormatter().string(from: context.changed)]
                if let count = context.numberOfLibraryItems { user["numberOfLibraryItems"] = count }
                object["userContext"] = user
            }
            return object
        }
    }

    /// Prints `rows`: as JSON under `key`, else one line each, or `none`.
    static func list<Row>(_ rows: [Row], json: Bool, key: String, none: String, object: (Row) -> [String: Any], line: (Row) -> String) {
        if json {
            Console.writeJSON([key: rows.map(object)])
        } else if rows.isEmpty {
            Console.line(none)
        } else {
            rows.forEach { Console.line(line($0)) }
        }
    }

    /// `exthost siri apps`: the app picked per domain.
    struct Apps: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "apps", abstract: "Lists the app picked for each domain, when several apps handle it.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                SiriCommand.list(try store.open(json: json).pickedApps(), json: json, key: "domains",
                                 none: "No app picked for any domain: when several apps handle a system intent, the system asks which.",
                                 object: { ["domain": $0.domain, "app": $0.app] }, line: { "\($0.domain): \($0.app)" })
            }
        }
    }

    /// `exthost siri forget-app [DOMAIN]`.
    struct ForgetApp: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "forget-app", abstract: "Forgets the app picked for a domain, or for every domain: the system asks again.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The domain: \(SystemIntents.domains.map(\.name).joined(separator: ", ")); every domain without it.") var domain: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                var named: String?
                if let domain {
                    guard let known = SystemIntents.domain(named: domain) else {
                        throw DonationCommandError.usage("no domain is named \"\(domain)\"; give one of \(SystemIntents.domains.map(\.name).joined(separator: ", "))")
                    }
                    named = known
                }
                let forgotten = try store.open(json: json).forgetPickedApp(domain: named)
                if json {
                    Console.writeJSON(["forgotten": forgotten])
                } else {
                    Console.line(forgotten == 0 ? "No app was picked for \(named ?? "any domain")." : "Forgot the app picked for \(named ?? "\(forgotten) domain(s)").")
                }
            }
        }
    }

    /// Records Siri's decision for an app.
    static func record(_ store: DonationStore, _ status: AuthorizationStatus, _ app: String) throws(DonationStoreError) {
        try store.setSiriAuthorization(status, app: app)
    }
}
