/// A coding key for any string, so decoders can list and reject unknown keys.
struct JSONKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A problem in the JSON form found while decoding, with where it happened.
///
/// Thrown from the model's `init(from:)`; `JSONFormReader` turns it into an
/// `IntentDefinitionError` with the element named.
struct JSONFormIssue: Error {
    let kind: IntentDefinitionError.Kind
    let codingPath: [any CodingKey]
    let message: String
}
