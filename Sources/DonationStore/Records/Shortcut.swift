import Foundation

/// Something the user can run again (`INShortcut`): an intent with its
/// parameter values, or a user activity that opens a screen of the app.
///
/// Two donations are the same shortcut when their ``key`` is equal: the same
/// app and intent with the same parameter values, or the same app and
/// activity type with the same persistent identifier (or, without one, the
/// same title and `userInfo`).
public struct Shortcut: Codable, Hashable, Sendable {
    /// What runs.
    public enum Kind: String, Codable, Sendable {
        /// An intent, run through its extension (or the app, for in-app intents).
        case intent
        /// A user activity, continued in the app.
        case userActivity
    }

    public var kind: Kind
    /// The app the shortcut belongs to.
    public var app: String
    /// The intent's name as in its definition (`PostStudyRecord`), for intents.
    public var intent: String?
    /// The parameter values as a JSON object (canonical text), for intents.
    public var parameters: String?
    /// The activity type, for user activities.
    public var activityType: String?
    /// What the user sees.
    public var title: String?
    /// The activity's `userInfo` as a JSON object (canonical text).
    public var userInfo: String?
    /// The activity's persistent identifier.
    public var persistentIdentifier: String?
    /// The phrase the app suggests for "Add to Siri".
    public var suggestedInvocationPhrase: String?

    /// An intent shortcut.
    public static func intent(app: String, intent: String, parameters: String? = nil, title: String? = nil,
                              suggestedInvocationPhrase: String? = nil) -> Shortcut {
        Shortcut(kind: .intent, app: app, intent: intent, parameters: CanonicalJSON.object(parameters),
                 activityType: nil, title: title, userInfo: nil, persistentIdentifier: nil,
                 suggestedInvocationPhrase: suggestedInvocationPhrase)
    }

    /// An intent shortcut whose parameters are already the canonical text
    /// (``CanonicalJSON/render(_:)``'s, or the same bytes written
    /// otherwise): stored as given, not read and written again.
    public static func intent(app: String, intent: String, canonicalParameters: String?, title: String? = nil) -> Shortcut {
        Shortcut(kind: .intent, app: app, intent: intent, parameters: canonicalParameters,
                 activityType: nil, title: title, userInfo: nil, persistentIdentifier: nil, suggestedInvocationPhrase: nil)
    }

    /// A user-activity shortcut.
    public static func userActivity(app: String, activityType: String, title: String? = nil, userInfo: String? = nil,
                                    persistentIdentifier: String? = nil, suggestedInvocationPhrase: String? = nil) -> Shortcut {
        Shortcut(kind: .userActivity, app: app, intent: nil, parameters: nil, activityType: activityType, title: title,
                 userInfo: CanonicalJSON.object(userInfo), persistentIdentifier: persistentIdentifier,
                 suggestedInvocationPhrase: suggestedInvocationPhrase)
    }

    /// What makes two donations the same shortcut.
    public var key: String {
        switch kind {
        case .intent:
            return "intent|\(app)|\(intent ?? "")|\(parameters ?? "{}")"
        case .userActivity:
            if let persistentIdentifier { return "activity|\(app)|\(activityType ?? "")|id:\(persistentIdentifier)" }
            return "activity|\(app)|\(activityType ?? "")|\(title ?? "")|\(userInfo ?? "{}")"
        }
    }

    /// A short, stable reference for the command line: 8 hex digits of the
    /// FNV-1a hash of ``key``.
    public var reference: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(8))
    }

    /// A name for people: the title, else the intent's or activity's name
    /// with its parameter values.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        switch kind {
        case .intent:
            let values = CanonicalJSON.dictionary(parameters)
            if values.isEmpty { return intent ?? "?" }
            let list = values.keys.sorted().map { "\($0): \(CanonicalJSON.display(values[$0]!))" }.joined(separator: ", ")
            return "\(intent ?? "?") (\(list))"
        case .userActivity:
            return activityType ?? "?"
        }
    }

    /// The shortcut as JSON, for `--json` output.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["kind": kind.rawValue, "app": app, "title": displayTitle, "key": key, "reference": reference]
        if let intent { object["intent"] = intent }
        if let parameters { object["parameters"] = CanonicalJSON.dictionary(parameters) }
        if let activityType { object["activityType"] = activityType }
        if let userInfo { object["userInfo"] = CanonicalJSON.dictionary(userInfo) }
        if let persistentIdentifier { object["persistentIdentifier"] = persistentIdentifier }
        if let suggestedInvocationPhrase { object["suggestedInvocationPhrase"] = suggestedInvocationPhrase }
        return object
    }
}

/// JSON object text in one canonical form (sorted keys, no spaces), so that
/// equal values give equal shortcut keys.
public enum CanonicalJSON {
    /// The canonical text of a JSON object, or `nil` for nothing, `{}` or not an object.
    public static func object(_ text: String?) -> String? {
        render(dictionary(text))
    }

    /// The canonical text of a dictionary (`nil` when empty).
    public static func render(_ value: [String: Any]) -> String? {
        guard !value.isEmpty,
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The object the text holds, or an empty one.
    public static func dictionary(_ text: String?) -> [String: Any] {
        guard let text, let data = text.data(using: .utf8),
              let value = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return value
    }

    /// A value as people read it: an object's display string, a list joined.
    static func display(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            return (object["displayString"] as? String) ?? (object["identifier"] as? String) ?? "…"
        case let list as [Any]:
            return list.map(display).joined(separator: ", ")
        case let string as String:
            return string
        default:
            return "\(value)"
        }
    }
}
