import IntentConversation
import ExthostPosix
import Foundation
import IntentDefinition

/// A request to run an intent: what `exthost run intent.json` reads.
///
/// ```json
/// {
///   "intent": "OrderSoup",
///   "app": "com.example.soupchef",
///   "extension": "com.example.soupchef.intents",
///   "parameters": { "soup": "Tomato", "quantity": 2 },
///   "answers": { "options": ["Croutons"], "confirm": "yes" }
/// }
/// ```
/// Only `intent` is required. `parameters` are the values the request comes
/// with; `answers` answer the questions the conversation asks, by parameter
/// name (or `confirm` for the intent's confirmation), each a value or a list
/// used in order.
public struct IntentRequest: Sendable {
    public var intent: String
    public var app: String?
    public var extensionIdentifier: String?
    public var identifier: String?
    /// The parameter values as JSON text, by name (checked against the
    /// definition by `values(for:in:)`).
    public var parameterJSON: [String: String]
    /// Parameter values already read from JSON, by name: for a caller that
    /// holds them as objects (the Rasa webhook's slots), so they are not
    /// written as JSON text only to be read again. Read by
    /// ``values(for:in:)`` with ``parameterJSON``; a name in both takes
    /// this value.
    public var parameterObjects = ParameterObjects([:])
    /// Names among ``parameterObjects`` that the intent need not define: a
    /// value whose name is no parameter is left out instead of refused (a
    /// Rasa tracker's slots, which one domain shares among its forms).
    public var parametersIfDefined: Set<String> = []
    /// Names among ``parameterObjects`` whose value may be no value of
    /// the parameter's type: such a value is left out instead of refused (a
    /// value the Rasa webhook took from a message, which may say anything).
    public var parametersIfValid: Set<String> = []
    public var answers: [String: [String]]
    /// The language the request is spoken in (`"ja"`, `"ja_JP.UTF-8"`):
    /// prompts and responses are said in it when the definition has it.
    public var locale: String?
    /// Says responses in their concise form (`INIntentResponseCodeConciseFormatString`)
    /// where the definition gives one, as Siri does on a device without a
    /// screen: the intent file's `"concise": true`, or `--concise`.
    public var concise = false
    /// Where it was read from, for messages.
    public var source: String

    public init(intent: String, app: String? = nil, extensionIdentifier: String? = nil, identifier: String? = nil,
                parameterJSON: [String: String] = [:], answers: [String: [String]] = [:], source: String = "request") {
        self.intent = intent
        self.app = app
        self.extensionIdentifier = extensionIdentifier
        self.identifier = identifier
        self.parameterJSON = parameterJSON
        self.answers = answers
        self.source = source
    }

    /// Reads an intent file.
    ///
    /// - Throws: `IntentRequestError` naming the file and what is wrong.
    public static func load(from url: URL) throws(IntentRequestError) -> IntentRequest {
        let data: Data
        do {
            data = Data(try Posix.readFile(url.path))
        } catch {
            throw IntentRequestError(source: url.path, message: "cannot read the file: \(error.reason)")
        }
        return try parse(data, source: url.path)
    }

    /// Parses the JSON of an intent file.
    ///
    /// Read by ``ProtocolLineReader`` (the values `JSONSerialization` gives,
    /// without its first use in the process on `exthost run`'s path); what
    /// it leaves (a malformed file, another encoding, a number it does not
    /// read exactly) is read by `JSONSerialization`, whose errors the
    /// messages quote.
    public static func parse(_ data: Data, source: String) throws(IntentRequestError) -> IntentRequest {
        if let object = ProtocolLineReader.object(data) { return try parse(object: object, source: source) }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw IntentRequestError(source: source, message: "not valid JSON (\(describe(error))). An intent file is a JSON object like {\"intent\": \"OrderSoup\", \"parameters\": {…}}.")
        }
        guard let object = json as? [String: Any] else {
            throw IntentRequestError(source: source, message: "the top level must be a JSON object with an \"intent\" key")
        }
        return try parse(object: object, source: source)
    }

    /// Reads an intent file's object already read as JSON (a `run`
    /// message's `request`), with the checks ``parse(_:source:)`` makes.
    ///
    /// - Throws: ``IntentRequestError`` naming the key that is wrong.
    public static func parse(object: [String: Any], source: String) throws(IntentRequestError) -> IntentRequest {
        let known: Set<String> = ["intent", "app", "extension", "identifier", "locale", "concise", "parameters", "answers"]
        if let unknown = object.keys.filter({ !known.contains($0) }).sorted().first {
            throw IntentRequestError(source: source, message: "unknown key \"\(unknown)\"; the keys are \(known.sorted().joined(separator: ", "))")
        }
        guard let intent = object["intent"] as? String, !intent.isEmpty else {
            throw IntentRequestError(source: source, message: "\"intent\" is missing or not text: name the intent to run, e.g. \"intent\": \"OrderSoup\"")
        }
        func refuseNUL(_ text: String, _ what: String) throws(IntentRequestError) {
            if let refusal = CStringText.refusal(text) { throw IntentRequestError(source: source, message: "\(what) \(refusal)") }
        }
        try refuseNUL(intent, "\"intent\"")
        func text(_ key: String) throws(IntentRequestError) -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String else {
                throw IntentRequestError(source: source, message: "\"\(key)\" must be text")
            }
            try refuseNUL(text, "\"\(key)\"")
            return text
        }
        var request = IntentRequest(intent: intent, source: source)
        request.app = try text("app")
        request.extensionIdentifier = try text("extension")
        request.identifier = try text("identifier")
        request.locale = try text("locale")
        if let concise = object["concise"] {
            guard let flag = concise as? NSNumber, flag.isBoolean else {
                throw IntentRequestError(source: source, message: "\"concise\" must be true or false")
            }
            request.concise = flag.boolValue
        }
        if let parameters = object["parameters"] {
            guard let fields = parameters as? [String: Any] else {
                throw IntentRequestError(source: source, message: "\"parameters\" must be an object of parameter name to value")
            }
            for (name, value) in fields {
                // Written as JSONSerialization writes it, without its bridging.
                var text: [UInt8] = []
                ProtocolLineWriter.append([value], to: &text)
                request.parameterJSON[name] = String(decoding: text, as: UTF8.self)
            }
        }
        if let answers = object["answers"] {
            guard let fields = answers as? [String: Any] else {
                throw IntentRequestError(source: source, message: "\"answers\" must be an object of parameter name to answer (or list of answers)")
            }
            for (name, value) in fields {
                let items = (value as? [Any]) ?? [value]
                for case let text as String in items { try refuseNUL(text, "the answer for \"\(name)\"") }
                request.answers[name] = items.map { item in
                    if let text = item as? String { return text }
                    if let number = item as? NSNumber { return number.stringValue }
                    let data = (try? JSONSerialization.data(withJSONObject: item, options: [.fragmentsAllowed])) ?? Data()
                    return String(decoding: data, as: UTF8.self)
                }
            }
        }
        return request
    }

    /// Parameter values as `JSONSerialization` gives them (`NSNumber`,
    /// `String`, `NSNull`, arrays and dictionaries of them).
    public struct ParameterObjects: @unchecked Sendable {
        // Unchecked: the values are immutable Foundation values, never
        // changed after the request is made.
        public let values: [String: Any]

        public init(_ values: [String: Any]) {
            self.values = values
        }
    }

    /// The request's parameter values, typed by the intent's definition.
    ///
    /// - Throws: `IntentRequestError` for an unknown parameter or a value of
    ///   the wrong type.
    public func values(for intent: Intent, in definition: IntentDefinition) throws(IntentRequestError) -> [String: IntentValue] {
        let reader = IntentValueReader(definition: definition, intent: intent)
        var values: [String: IntentValue] = [:]
        let objects = parameterObjects.values
        var given: [(name: String, json: Any?)] = objects.map { ($0.key, $0.value) }
        for (name, text) in parameterJSON where objects[name] == nil {
            given.append((name, Self.list(text)?.first))
        }
        for (name, json) in given.sorted(by: { $0.name < $1.name }) {
            guard let parameter = intent.parameter(named: name) else {
                if parametersIfDefined.contains(name), objects[name] != nil { continue }
                let names = intent.parameters.map(\.name).joined(separator: ", ")
                throw IntentRequestError(source: source, message: "\(intent.name) has no parameter \"\(name)\"; its parameters are \(names.isEmpty ? "none" : names)")
            }
            guard let json, !(json is NSNull) else { continue }
            do {
                values[name] = try reader.read(json: json, for: parameter)
            } catch {
                if parametersIfValid.contains(name), objects[name] != nil { continue }
                throw IntentRequestError(source: source, message: error.description)
            }
        }
        return values
    }

    /// A parameter's value, kept as the JSON text of a one-element list, read back.
    static func list(_ text: String) -> [Any]? {
        ProtocolLineReader.array(text) ?? (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? [Any]
    }

    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}

/// An intent file or request that cannot be used, and why.
public struct IntentRequestError: Error, CustomStringConvertible, Sendable {
    public var source: String
    public var message: String

    public init(source: String, message: String) {
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(message)" }
}
