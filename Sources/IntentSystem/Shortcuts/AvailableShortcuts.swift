import DonationStore
import ExthostABI
import ExtensionLoading
import Foundation
import IntentConversation
import IntentDefinition
import RequestWire

/// What went wrong naming or setting up a shortcut.
public enum ShortcutProblem: Error, CustomStringConvertible {
    /// The request names no shortcut, or values its definition refuses
    /// (`exthost shortcuts add`: exit 2).
    case request(String)
    /// The system's own error: no extension runs the intent, it could not be
    /// started, the store refused.
    case system(IntentsError)

    public var description: String {
        switch self {
        case .request(let message): message
        case .system(let error): error.description
        }
    }
}

/// The shortcuts an app offers, as the Shortcuts app lists them: one per
/// distinct donation, then its suggested media intents
/// (`INUpcomingMediaManager`), then each intent its extensions handle (what
/// `exthost shortcuts list` prints and the HTTP API's `GET /v1/shortcuts`
/// answers), and a shortcut named by its reference or described.
public enum AvailableShortcuts {
    public struct Item: Sendable {
        public var shortcut: Shortcut
        /// `donated 3×, last …`, or `intent of com.example.intents`.
        public var origin: String
        public var count: Int

        public var jsonObject: [String: Any] {
            var object = shortcut.jsonObject
            object["origin"] = origin
            object["donations"] = count
            return object
        }
    }

    /// Each app's shortcuts (or `app`'s), donated ones first within an app;
    /// an intent's shortcut is titled in the first of `languages` its
    /// definition has texts in, else in its base texts (a donated one keeps
    /// the title it was donated with).
    public static func list(store: DonationStore, app: String?, registry: ExtensionRegistry,
                            languages: LanguagePreference = .base) throws(DonationStoreError) -> [Item] {
        var items: [Item] = []
        var seen = Set<String>()
        let formatter = ISO8601DateFormatter()
        for entry in try store.donatedShortcuts(app: app) {
            seen.insert(entry.shortcut.key)
            items.append(Item(shortcut: entry.shortcut, origin: "donated \(entry.count)×, last \(formatter.string(from: entry.lastPerformed))", count: entry.count))
        }
        // A media app's upcoming media (INUpcomingMediaManager), in its order:
        // suggested before they are ever played, so they can be given a phrase.
        for shortcut in try store.suggestedMediaIntents(app: app) where seen.insert(shortcut.key).inserted {
            items.append(Item(shortcut: shortcut, origin: "suggested media intent", count: 0))
        }
        for record in registry.extensions {
            guard let manifest = record.manifest, app == nil || manifest.app == app else { continue }
            // A deprecated intent is not offered for new shortcuts; donated
            // ones (above) and existing shortcuts still run it.
            for intent in manifest.intentsSupported where !record.deprecatedIntents.contains(intent) {
                let shortcut = Shortcut.intent(app: manifest.app, intent: intent, title: record.intentTitle(intent, languages: languages))
                guard seen.insert(shortcut.key).inserted else { continue }
                items.append(Item(shortcut: shortcut, origin: "intent of \(manifest.identifier)", count: 0))
            }
        }
        return items.sorted { ($0.shortcut.app, $0.count == 0 ? 1 : 0) < ($1.shortcut.app, $1.count == 0 ? 1 : 0) }
    }

    /// The shortcut a request names: by `reference` (a prefix of one
    /// listed shortcut's), else an intent of `app` (set up by
    /// `intentShortcut`, which checks it by its handler's definition), else
    /// an activity type of `app` (the donated activity of that type, if any,
    /// with its title and userInfo).
    /// How a request names its fields, for messages: the command line's
    /// options or an HTTP body's keys.
    public struct FieldNames: Sendable {
        public var reference, app, intent, activityType: String

        public static let commandLine = FieldNames(reference: "--shortcut REF", app: "--app", intent: "--intent", activityType: "--activity-type")
        public static let json = FieldNames(reference: #""shortcut" (a reference)"#, app: #""app""#, intent: #""intent""#, activityType: #""activityType""#)
    }

    public static func resolve(reference: String?, app: String?, intent: String?, activityType: String?, names: FieldNames = .commandLine,
                               store: DonationStore, registry: () -> ExtensionRegistry,
                               intentShortcut: (_ app: String, _ intent: String) throws(ShortcutProblem) -> Shortcut) throws(ShortcutProblem) -> Shortcut {
        if let reference {
            let listed: [Item]
            do {
                listed = try list(store: store, app: app, registry: registry())
            } catch {
                throw .system(error)
            }
            let matches = listed.filter { $0.shortcut.reference.hasPrefix(reference.lowercased()) }
            guard matches.count == 1 else {
                throw .request(matches.isEmpty
                    ? "no shortcut \(reference); `exthost shortcuts list` shows their references"
                    : "\(reference) names \(matches.count) shortcuts; give more digits")
            }
            return matches[0].shortcut
        }
        guard let app else { throw .request("name the shortcut: \(names.reference), or \(names.app) with \(names.intent) or \(names.activityType)") }
        if let intent { return try intentShortcut(app, intent) }
        if let activityType {
            let donated = (try? store.donatedShortcuts(app: app))?.first { $0.shortcut.activityType == activityType }
            return donated?.shortcut ?? .userActivity(app: app, activityType: activityType)
        }
        throw .request("name the shortcut: \(names.intent) or \(names.activityType) with \(names.app)")
    }
}

/// An intent shortcut being set up, as the Shortcuts app's editor does: its
/// values are checked by the definition of the extension (or the app's
/// in-app handler) that runs the intent, with the messages `exthost run`
/// gives, and it is titled from that definition. The caller finds and
/// starts the handler (``IntentRunner/withHandler(for:_:)``).
public struct IntentShortcutDraft: Sendable {
    public let request: IntentRequest
    /// The values as given, in canonical form (as `say` reads them again).
    public let parameters: String?

    /// - Parameters:
    ///   - app: The app whose intent it is.
    ///   - intent: The intent's name.
    ///   - parameters: Its values, a JSON object as in an intent file.
    /// - Throws: ``ShortcutProblem/request(_:)`` for parameters that are not a JSON object.
    ///   - source: Where the values come from, in messages.
    public init(app: String, intent: String, parameters: String?, source: String = "--parameters") throws(ShortcutProblem) {
        var object: [String: Any] = ["intent": intent, "app": app]
        if let parameters {
            guard let values = (try? JSONSerialization.jsonObject(with: Data(parameters.utf8))) as? [String: Any] else {
                throw .request("\(source) must be a JSON object, as an intent file's \"parameters\" (e.g. {\"duration\": 30}); got \(parameters)")
            }
            object["parameters"] = values
        }
        self.parameters = parameters.flatMap(CanonicalJSON.object)
        guard let data = try? JSONSerialization.data(withJSONObject: object) else {
            throw .request("\(source) cannot be read as JSON")
        }
        do {
            request = try IntentRequest.parse(data, source: source)
        } catch {
            throw .request(error.message)
        }
    }

    /// The intent as the handler's definition has it, and the values read by it.
    public func checked(by endpoint: IntentHandlerEndpoint) throws(ShortcutProblem) -> (Intent, [String: IntentValue]) {
        guard let intent = endpoint.definition.intent(named: request.intent) else {
            throw .system(IntentsError(.invalidIntentName, "\(endpoint.label) claims \(request.intent) but its definition does not define it"))
        }
        do {
            return (intent, try request.values(for: intent, in: endpoint.definition))
        } catch {
            throw .request(error.message)
        }
    }

    /// The shortcut: the intent with its values, titled by the handler's
    /// definition; a deprecated intent is refused, and so is a value for a
    /// deprecated parameter (``Parameter/deprecated``). A system intent is
    /// deprecated by Apple's SDK, which may say it has no replacement
    /// (``Intent/deprecationMessage``).
    public func shortcut(by endpoint: IntentHandlerEndpoint) throws(ShortcutProblem) -> Shortcut {
        let (intent, values) = try checked(by: endpoint)
        let origin = intent.isSystem ? "in Apple's SDK" : "in the definition of \(endpoint.label)"
        guard !intent.deprecated else {
            let instead = intent.deprecationMessage.map { " (\($0)); run it with exthost run" } ?? "; use the intent that replaces it"
            throw .request("\(intent.name) is deprecated \(origin): it is not offered for new shortcuts "
                + "(shortcuts made before still run it, and so does exthost run)\(instead)")
        }
        if let parameter = intent.parameters.first(where: { $0.deprecated != nil && values[$0.name] != nil }) {
            let instead = parameter.deprecated?.renamed.map { "give \($0) instead" } ?? "leave it out"
            throw .request("\(intent.name).\(parameter.name) is deprecated \(origin)"
                + (parameter.deprecated?.message.map { " (\($0))" } ?? "")
                + ": a new shortcut cannot set it (shortcuts made before still do, and so does exthost run); \(instead)")
        }
        return .intent(app: request.app ?? endpoint.appIdentifier, intent: request.intent, parameters: parameters,
                       title: ShortcutTitle.of(intent, values: values, in: endpoint.definition))
    }

    /// The shortcut, its handler found and started by `runner` (in an
    /// extension process when the runner has them).
    public func shortcut(with runner: IntentRunner) throws(ShortcutProblem) -> Shortcut {
        let outcome: Result<Shortcut, ShortcutProblem>
        do {
            outcome = try runner.withHandler(for: request) { endpoint in Result { () throws(ShortcutProblem) in try shortcut(by: endpoint) } }
        } catch {
            throw Self.problem(error)
        }
        return try outcome.get()
    }

    /// A runner's failure as a shortcut's problem.
    public static func problem(_ failure: IntentRunner.Failure) -> ShortcutProblem {
        switch failure {
        case .request(let problem): .request(problem.message)
        case .system(let problem): .system(problem)
        case .deviceLocked(let message): .request(message)
        }
    }
}
