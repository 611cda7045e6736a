/// A problem in the JSON form found while decoding, with where it happened.
///
/// Thrown from the model's `init(from:)`; `JSONFormReader` turns it into an
/// `IntentDefinitionError` with the element named.
struct JSONFormIssue: Error {
    let kind: IntentDefinitionError.Kind
    let codingPath: [any CodingKey]
    let message: String
}
