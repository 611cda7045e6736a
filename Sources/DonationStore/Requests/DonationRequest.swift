import ExthostABI
import Foundation

/// What a donation request asks of the store: ExthostABI's
/// `DonationOperation` (the `operation` of `exthost_host_api.donations`), also
/// used by apps and `exthost donations add`.
extension DonationOperation {
    /// The error code iOS gives when this operation fails.
    public var failureCode: DonationStoreError.Code {
        switch self {
        case .donateInteraction, .donateActivity, .setShortcutSuggestions, .setRelevantShortcuts, .postNotification, .siriAuthorization,
             .setVocabulary, .setUserContext, .setSuggestedMediaIntents, .setMediaPredictionMode, .focusStatus:
            .donatingInteraction
        case .deleteInteractions, .deleteActivities: .deletingInteractionWithIdentifiers
        case .deleteInteractionGroup: .deletingInteractionWithGroupIdentifier
        case .deleteAllInteractions, .deleteAllActivities: .deletingAllInteractions
        }
    }
}

/// Performs a donation request given as JSON, the form that crosses the
/// plugin ABI (see `exthost_host_api.donations` in exthost.h for the keys of
/// each operation).
public enum DonationRequest {
    /// The body of `exthost_host_api.donations` (exthost.h), for every side
    /// that offers it: the host to its extensions, an app to the SDK in its
    /// own process.
    ///
    /// - Parameters:
    ///   - operation: The raw operation.
    ///   - request: The request's JSON text; borrowed for the call.
    ///   - message: Where the reason of a failure goes, NUL-terminated and cut to `capacity`.
    ///   - store: The store, opened when first needed.
    ///   - declaredActivityTypes: An app's `NSUserActivityTypes`, or nil.
    ///   - requester: Who asks, when they may act for their own app only.
    ///   - refused: Told of every refusal, for the log.
    /// - Returns: 0, or the failure's iOS code (1901–1904).
    public static func performEntry(
        operation: Int32,
        request: UnsafePointer<CChar>?,
        message: UnsafeMutablePointer<CChar>?,
        capacity: Int,
        store: () throws(DonationStoreError) -> DonationStore,
        declaredActivityTypes: (String) -> [String]?,
        requester: DonationRequester? = nil,
        refused: (DonationStoreError) -> Void = { _ in }
    ) -> Int32 {
        do throws(DonationStoreError) {
            guard let known = DonationOperation(rawValue: operation) else {
                throw DonationStoreError(.donatingInteraction, "unknown donation operation \(operation) (known: 1–\(DonationOperation.allCases.count))")
            }
            guard let request else {
                throw DonationStoreError(known.failureCode, "the donation request is NULL")
            }
            let answer = try perform(known, json: String(cString: request), store: store, declaredActivityTypes: declaredActivityTypes,
                                     requester: requester)
            // The operations that answer do so in the buffer: Siri's status's
            // number; the Focus permission with the status it lets the app read.
            if known == .siriAuthorization { write("\(answer)", to: message, capacity: capacity) }
            if known == .focusStatus { write(try focusAnswer(answer, store: store), to: message, capacity: capacity) }
            return 0
        } catch {
            refused(error)
            // The code is the return value; the buffer gets what went wrong.
            write(error.message, to: message, capacity: capacity)
            return error.code.rawValue
        }
    }

    /// The answer of ``DonationOperation/focusStatus``: the app's Focus
    /// permission (`status`, its raw value), and the Focus when the app may read it.
    private static func focusAnswer(_ status: Int, store: () throws(DonationStoreError) -> DonationStore) throws(DonationStoreError) -> String {
        var object: [String: Any] = ["authorizationStatus": status]
        if status == AuthorizationStatus.authorized.rawValue, let focus = try store().focusStatus() {
            object["isFocused"] = focus.isFocused
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` NUL-terminated into the caller's buffer, cut to fit.
    private static func write(_ text: String, to message: UnsafeMutablePointer<CChar>?, capacity: Int) {
        guard let message, capacity > 0 else { return }
        let bytes = Array(text.utf8.prefix(capacity - 1))
        for (index, byte) in bytes.enumerated() { message[index] = CChar(bitPattern: byte) }
        message[bytes.count] = 0
    }

    /// Performs one request.
    ///
    /// - Parameters:
    ///   - operation: What to do.
    ///   - json: The request, a JSON object with at least `app`.
    ///   - store: The store.
    ///   - declaredActivityTypes: An app's `NSUserActivityTypes`, or `nil` when
    ///     no manifest declares the app.
    ///   - source: How the donation reached the system.
    /// - Returns: How many records were written or deleted; for
    ///   ``DonationOperation/siriAuthorization`` and
    ///   ``DonationOperation/focusStatus``, the app's status's raw value.
    /// - Throws: ``DonationStoreError`` with the operation's iOS code (1901–1904).
    @discardableResult
    public static func perform(_ operation: DonationOperation, json: String, store: DonationStore,
                               declaredActivityTypes: (String) -> [String]?,
                               source: Donation.Source = .donated) throws(DonationStoreError) -> Int {
        try perform(operation, json: json, store: { () throws(DonationStoreError) in store }, declaredActivityTypes: declaredActivityTypes,
                    requester: nil, source: source)
    }

    /// Donates `count` copies of one interaction or user activity (the
    /// request of ``DonationOperation/donateInteraction`` or
    /// ``DonationOperation/donateActivity``), checked once and written in
    /// one transaction: all of them or none. With more than one copy, or
    /// no `identifier` in the request, each copy gets a new identifier.
    ///
    /// - Returns: The copies' identifiers, in order.
    /// - Throws: ``DonationStoreError`` 1901.
    public static func donateCopies(_ object: [String: Any], count: Int, store: DonationStore,
                                    declaredActivityTypes: (String) -> [String]?) throws(DonationStoreError) -> [String] {
        guard let app = object["app"] as? String, !app.isEmpty else {
            throw DonationStoreError(.donatingInteraction, "the donation request names no \"app\"")
        }
        let donation: Donation
        if object["activityType"] != nil {
            donation = try activity(object, app: app, source: .donated)
            try ActivityDonationRules.check(donation.shortcut, declaredActivityTypes: declaredActivityTypes(app),
                                            requiredUserInfoKeys: (object["requiredUserInfoKeys"] as? [String]) ?? [])
        } else {
            donation = try interaction(object, app: app, source: .donated)
        }
        let identifiers = count > 1 || object["identifier"] == nil
            ? (0..<max(1, count)).map { _ in UUID().uuidString } : [donation.identifier]
        try store.donate(donation, identifiers: identifiers)
        return identifiers
    }

    /// Performs one request for `requester`, checked against its own app and
    /// definition before the store is opened.
    @discardableResult
    static func perform(_ operation: DonationOperation, json: String, store openStore: () throws(DonationStoreError) -> DonationStore,
                        declaredActivityTypes: (String) -> [String]?, requester: DonationRequester?,
                        source: Donation.Source = .donated) throws(DonationStoreError) -> Int {
        let code = operation.failureCode
        guard let data = json.data(using: .utf8),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw DonationStoreError(code, "the donation request is not a JSON object: \(json.prefix(200))")
        }
        guard let app = object["app"] as? String, !app.isEmpty else {
            throw DonationStoreError(code, "the donation request names no \"app\"")
        }
        if let requester {
            try requester.check(operation, app: app, object)
            // An interaction donated without a title is titled as the system titles its own records.
            if operation == .donateInteraction, object["title"] == nil, let intent = object["intent"] as? String {
                object["title"] = requester.titleOfInteraction(intent, (object["parameters"] as? [String: Any]) ?? [:])
            }
            // An interaction with a response is as successful as its response
            // code says, as iOS knows from the response: a failure is not
            // suggested, whatever status the extension set.
            if operation == .donateInteraction, let intent = object["intent"] as? String,
               let code = (object["responseCode"] as? NSNumber).map({ Int32(truncatingIfNeeded: $0.intValue) }),
               let status = requester.statusOfResponse(intent, code) {
                object["intentHandlingStatus"] = status
            }
        }
        let store = try openStore()
        switch operation {
        case .donateInteraction:
            try store.donate(try interaction(object, app: app, source: source))
            return 1
        case .deleteInteractions:
            return try store.deleteInteractions(app: app, identifiers: try strings(object, "identifiers", code))
        case .deleteInteractionGroup:
            guard let group = object["groupIdentifier"] as? String else {
                throw DonationStoreError(code, "deleting by group needs \"groupIdentifier\"")
            }
            return try store.deleteInteractions(app: app, groupIdentifier: group)
        case .deleteAllInteractions:
            return try store.deleteAllInteractions(app: app)
        case .donateActivity:
            let donation = try activity(object, app: app, source: source)
            try ActivityDonationRules.check(donation.shortcut, declaredActivityTypes: declaredActivityTypes(app),
                                            requiredUserInfoKeys: (object["requiredUserInfoKeys"] as? [String]) ?? [])
            try store.donate(donation)
            return 1
        case .deleteActivities:
            return try store.deleteActivities(app: app, persistentIdentifiers: try strings(object, "persistentIdentifiers", code))
        case .deleteAllActivities:
            return try store.deleteAllActivities(app: app)
        case .setShortcutSuggestions:
            let items = try relevantShortcuts(object, app: app, code)
            try store.setShortcutSuggestions(app: app, items.map(\.shortcut))
            return items.count
        case .setRelevantShortcuts:
            let items = try relevantShortcuts(object, app: app, code)
            try store.setRelevantShortcuts(app: app, items)
            return items.count
        case .postNotification:
            try store.post(try notification(object, app: app))
            return 1
        case .setVocabulary:
            guard let type = object["type"] else {
                return try store.removeAllVocabulary(app: app)
            }
            guard let number = type as? Int else {
                throw DonationStoreError(code, "the vocabulary's \"type\" must be an INVocabularyStringType number (1 contact names, 200 workout names, …), not \(type)")
            }
            // "entries" (setVocabulary(_:of:)) when given; "strings" is then
            // the same phrases, for hosts that predate entries.
            let given = object["entries"] != nil ? try vocabularyEntries(object, code)
                                                 : try strings(object, "strings", code).map { VocabularyEntry(phrase: $0) }
            // As iOS: a string over 1024 bytes in UTF-16 is dropped.
            try store.setVocabulary(app: app, type: number, entries: given.filter { $0.phrase.utf16.count * 2 <= 1024 })
            return given.count
        case .setUserContext:
            try store.setMediaUserContext(try mediaUserContext(object, app: app))
            return 1
        case .setSuggestedMediaIntents:
            let items = try relevantShortcuts(object, app: app, code)
            if let other = items.first(where: { !UpcomingMedia.intents.contains($0.shortcut.intent ?? "") }) {
                throw DonationStoreError(code, "setSuggestedMediaIntents takes media intents (\(UpcomingMedia.intents.sorted().joined(separator: ", "))), not \(other.shortcut.intent ?? "the activity \(other.shortcut.activityType ?? "")"); nothing was changed")
            }
            return try store.setSuggestedMediaIntents(app: app, items.map(\.shortcut))
        case .setMediaPredictionMode:
            guard let raw = object["predictionMode"] as? Int, let mode = MediaPredictionMode(rawValue: raw) else {
                throw DonationStoreError(code, "the request's \"predictionMode\" must be an INUpcomingMediaPredictionMode number (0 default, 1 onlyPredictSuggestedIntents), not \(object["predictionMode"] ?? "nothing")")
            }
            guard let type = object["mediaType"] as? String, !type.isEmpty else {
                throw DonationStoreError(code, "the request's \"mediaType\" must be an INMediaItemType case name (\"podcastEpisode\"), not \(object["mediaType"] ?? "nothing")")
            }
            try store.setMediaPredictionMode(mode, app: app, mediaType: type)
            return 1
        case .siriAuthorization, .focusStatus:
            // Two permissions, one rule: asking authorizes an undecided app.
            let focus = operation == .focusStatus
            var status = try focus ? store.focusAuthorization(app: app) : store.siriAuthorization(app: app)
            if object["request"] as? Bool == true, status == .notDetermined {
                status = .authorized
                try focus ? store.setFocusAuthorization(status, app: app) : store.setSiriAuthorization(status, app: app)
            }
            return status.rawValue
        }
    }

    /// A media user context: `contextType` (`INMediaUserContext`),
    /// `subscriptionStatus` (0–2), `numberOfLibraryItems` (optional, not negative).
    static func mediaUserContext(_ object: [String: Any], app: String) throws(DonationStoreError) -> MediaUserContext {
        let type = object["contextType"] as? String ?? ""
        guard type == "INMediaUserContext" else {
            throw DonationStoreError(.donatingInteraction, "the user context's \"contextType\" must be \"INMediaUserContext\" (the one INUserContext Apple has), not \"\(type)\"")
        }
        let raw = object["subscriptionStatus"] ?? 0
        guard let number = raw as? Int, let status = MediaUserContext.SubscriptionStatus(rawValue: number) else {
            throw DonationStoreError(.donatingInteraction, "the media user context's \"subscriptionStatus\" must be 0 unknown, 1 notSubscribed or 2 subscribed, not \(raw)")
        }
        var count: Int?
        if let given = object["numberOfLibraryItems"], !(given is NSNull) {
            guard let number = given as? Int, number >= 0 else {
                throw DonationStoreError(.donatingInteraction, "the media user context's \"numberOfLibraryItems\" must be a count (0 or more), not \(given)")
            }
            count = number
        }
        return MediaUserContext(app: app, subscriptionStatus: status, numberOfLibraryItems: count)
    }

    /// A notification: `identifier`, `title`, `subtitle`, `body`,
    /// `threadIdentifier`; a title or a body is needed.
    static func notification(_ object: [String: Any], app: String) throws(DonationStoreError) -> PostedNotification {
        func text(_ key: String) throws(DonationStoreError) -> String {
            guard let value = object[key] else { return "" }
            guard let text = value as? String else {
                throw DonationStoreError(.donatingInteraction, "the notification's \"\(key)\" must be text, not \(value)")
            }
            return text
        }
        let identifier = try text("identifier")
        let notification = PostedNotification(app: app, identifier: identifier.isEmpty ? UUID().uuidString : identifier,
                                              title: try text("title"), subtitle: try text("subtitle"), body: try text("body"),
                                              threadIdentifier: try text("threadIdentifier"))
        guard !notification.title.isEmpty || !notification.body.isEmpty else {
            throw DonationStoreError(.donatingInteraction, "a notification needs a title or a body (set UNMutableNotificationContent.title or .body)")
        }
        return notification
    }

    /// An interaction donation: `intent`, `parameters`, `identifier`,
    /// `groupIdentifier`, `intentHandlingStatus` (from an extension, set by
    /// its `responseCode` when it sends one), `startDate`/`endDate`
    /// (seconds since 1970 or ISO 8601), `title`, `suggestedInvocationPhrase`.
    static func interaction(_ object: [String: Any], app: String, source: Donation.Source) throws(DonationStoreError) -> Donation {
        guard let intent = object["intent"] as? String, !intent.isEmpty else {
            throw DonationStoreError(.donatingInteraction, "cannot donate an interaction without an intent (\"intent\": its name in the definition)")
        }
        let shortcut = Shortcut.intent(app: app, intent: intent, parameters: (object["parameters"] as? [String: Any]).flatMap(CanonicalJSON.render),
                                       title: object["title"] as? String,
                                       suggestedInvocationPhrase: object["suggestedInvocationPhrase"] as? String)
        let start = try date(object, "startDate", .donatingInteraction) ?? Date()
        let end = try date(object, "endDate", .donatingInteraction) ?? start
        return Donation(identifier: (object["identifier"] as? String) ?? UUID().uuidString, shortcut: shortcut,
                        groupIdentifier: object["groupIdentifier"] as? String,
                        intentHandlingStatus: (object["intentHandlingStatus"] as? String) ?? "success",
                        eligibleForPrediction: true, source: source, startDate: start, endDate: end)
    }

    /// An activity donation: `activityType`, `title`, `userInfo`,
    /// `persistentIdentifier`, `suggestedInvocationPhrase`,
    /// `eligibleForPrediction` (default true), `startDate`.
    static func activity(_ object: [String: Any], app: String, source: Donation.Source) throws(DonationStoreError) -> Donation {
        guard let type = object["activityType"] as? String, !type.isEmpty else {
            throw DonationStoreError(.donatingInteraction, "cannot donate an activity without \"activityType\"")
        }
        let shortcut = Shortcut.userActivity(app: app, activityType: type, title: object["title"] as? String,
                                             userInfo: (object["userInfo"] as? [String: Any]).flatMap(CanonicalJSON.render),
                                             persistentIdentifier: object["persistentIdentifier"] as? String,
                                             suggestedInvocationPhrase: object["suggestedInvocationPhrase"] as? String)
        let start = try date(object, "startDate", .donatingInteraction) ?? Date()
        return Donation(identifier: (object["identifier"] as? String) ?? UUID().uuidString, shortcut: shortcut,
                        eligibleForPrediction: (object["eligibleForPrediction"] as? Bool) ?? true, source: source,
                        startDate: start, endDate: start)
    }

    /// A shortcut as JSON: `{"intent": …, "parameters": …}` or `{"activityType": …, "userInfo": …}`.
    public static func shortcut(_ object: [String: Any], app: String) -> Shortcut? {
        if let intent = object["intent"] as? String {
            return .intent(app: app, intent: intent, parameters: (object["parameters"] as? [String: Any]).flatMap(CanonicalJSON.render),
                           title: object["title"] as? String, suggestedInvocationPhrase: object["suggestedInvocationPhrase"] as? String)
        }
        if let type = object["activityType"] as? String {
            return .userActivity(app: app, activityType: type, title: object["title"] as? String,
                                 userInfo: (object["userInfo"] as? [String: Any]).flatMap(CanonicalJSON.render),
                                 persistentIdentifier: object["persistentIdentifier"] as? String,
                                 suggestedInvocationPhrase: object["suggestedInvocationPhrase"] as? String)
        }
        return nil
    }

    private static func relevantShortcuts(_ object: [String: Any], app: String, _ code: DonationStoreError.Code) throws(DonationStoreError) -> [RelevantShortcut] {
        guard let list = object["shortcuts"] as? [[String: Any]] else {
            throw DonationStoreError(code, "the request needs \"shortcuts\": a list of shortcuts")
        }
        var result: [RelevantShortcut] = []
        for item in list {
            guard let shortcut = shortcut(item, app: app) else {
                throw DonationStoreError(code, "a shortcut needs \"intent\" or \"activityType\"")
            }
            result.append(RelevantShortcut(shortcut: shortcut, startDate: try date(item, "startDate", code), endDate: try date(item, "endDate", code)))
        }
        return result
    }

    /// The request's `"entries"`: objects with a `"spokenPhrase"`, and
    /// optionally `"vocabularyIdentifier"`, `"pronunciationHint"` (text)
    /// and `"alternativeSpeakableMatches"` (a list of text).
    private static func vocabularyEntries(_ object: [String: Any], _ code: DonationStoreError.Code) throws(DonationStoreError) -> [VocabularyEntry] {
        guard let list = object["entries"] as? [[String: Any]] else {
            throw DonationStoreError(code, "the vocabulary's \"entries\" must be a list of objects, each with a \"spokenPhrase\"")
        }
        var entries: [VocabularyEntry] = []
        for (index, item) in list.enumerated() {
            let place = "the vocabulary's entry \(index + 1)"
            guard let phrase = item["spokenPhrase"] as? String else {
                throw DonationStoreError(code, "\(place) has no \"spokenPhrase\" text; give each INSpeakable's phrase")
            }
            var texts: [String: String] = [:]
            for key in ["vocabularyIdentifier", "pronunciationHint"] where item[key] != nil {
                guard let text = item[key] as? String else {
                    throw DonationStoreError(code, "\(place) (\"\(phrase)\"): \"\(key)\" must be text, not \(item[key] ?? "")")
                }
                texts[key] = text
            }
            var alternatives: [String] = []
            if let given = item["alternativeSpeakableMatches"] {
                guard let list = given as? [String] else {
                    throw DonationStoreError(code, "\(place) (\"\(phrase)\"): \"alternativeSpeakableMatches\" must be a list of phrases")
                }
                alternatives = list
            }
            entries.append(VocabularyEntry(phrase: phrase, identifier: texts["vocabularyIdentifier"],
                                           pronunciationHint: texts["pronunciationHint"], alternatives: alternatives))
        }
        return entries
    }

    private static func strings(_ object: [String: Any], _ key: String, _ code: DonationStoreError.Code) throws(DonationStoreError) -> [String] {
        guard let list = object[key] as? [String] else {
            throw DonationStoreError(code, "the request needs \"\(key)\": a list of strings")
        }
        return list
    }

    /// A date as seconds since 1970 or ISO 8601 text, from the year 1 to
    /// 9999; `nil` for anything else (a year such as 5828963, infinity, text
    /// that is not a date).
    public static func date(_ value: Any?) -> Date? {
        let date: Date?
        switch value {
        case let seconds as Double:
            date = seconds.isFinite ? Date(timeIntervalSince1970: seconds) : nil
        case let seconds as Int:
            date = Date(timeIntervalSince1970: Double(seconds))
        case let text as String:
            let formatter = ISO8601DateFormatter()
            if let parsed = formatter.date(from: text) {
                date = parsed
            } else {
                formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                date = formatter.date(from: text)
            }
        default: date = nil
        }
        guard let date, dateRange.contains(date.timeIntervalSince1970) else { return nil }
        return date
    }

    /// From 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z, in seconds since 1970.
    static let dateRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// The date under `key` of a request, `nil` when there is none; throws
    /// when it is there and is not a date ``date(_:)`` reads.
    static func date(_ object: [String: Any], _ key: String, _ code: DonationStoreError.Code) throws(DonationStoreError) -> Date? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let date = date(value) else {
            throw DonationStoreError(code, "\"\(key)\" must be a date from the year 1 to 9999, as seconds since 1970 or ISO 8601 text (2026-11-21T08:00:00Z); got \(value)")
        }
        return date
    }
}
