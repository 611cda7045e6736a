/// One open session as `exthost session list` shows it: the `sessions`
/// message's entries.
public struct SessionSummary: Sendable, Equatable {
    /// The session's identifier.
    public var identifier: String
    /// The intent it runs.
    public var intent: String
    /// The question it waits on; nil while a stage runs.
    public var question: String?
    /// Seconds until it expires unanswered, while it waits.
    public var expiresInSeconds: Double?
    /// Whether a client's connection is attached (it left the session
    /// open otherwise: `exthost session continue` takes it up).
    public var attached: Bool

    public init(identifier: String, intent: String, question: String?, expiresInSeconds: Double?, attached: Bool) {
        self.identifier = identifier
        self.intent = intent
        self.question = question
        self.expiresInSeconds = expiresInSeconds
        self.attached = attached
    }

    /// The entry as the protocol (and `session list --json`) writes it.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["session": identifier, "intent": intent, "waiting": question != nil, "attached": attached]
        if let question { object["question"] = question }
        if let expiresInSeconds { object["expiresInSeconds"] = expiresInSeconds }
        return object
    }

    init?(jsonObject object: [String: Any]) {
        guard let identifier = object["session"] as? String, let intent = object["intent"] as? String else { return nil }
        self.init(identifier: identifier, intent: intent, question: object["question"] as? String,
                  expiresInSeconds: object["expiresInSeconds"] as? Double, attached: object["attached"] as? Bool ?? false)
    }
}
