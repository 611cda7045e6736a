/// Why an intent definition could not be loaded: what failed, where, and what to do.
///
/// The message names the file and the element, in the file's own terms: for a
/// property list `INIntents[0] (OrderSoup) › INIntentParameters[2] (options)`,
/// for the JSON form `intents[0] (OrderSoup) › parameters[2] (options)`.
public struct IntentDefinitionError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure this is, for callers that branch on it.
    public enum Kind: String, Sendable, Equatable {
        /// The file could not be read at all.
        case unreadableFile
        /// The content is neither a property list nor JSON.
        case notAPropertyList
        /// The JSON is not well-formed.
        case invalidJSON
        /// The property list or JSON is not an intent definition (no `INIntents` / `intents`).
        case notAnIntentDefinition
        /// A required key is absent.
        case missingKey
        /// A key holds a value of the wrong type.
        case wrongValueType
        /// A key holds a value outside the accepted set (e.g. a prompt type).
        case unknownValue
        /// A parameter, property or response parameter has a type exthost does not know.
        case unknownParameterType
        /// A reference to an enum, custom type or parent parameter that does not exist.
        case danglingReference
        /// The JSON form has a key the model does not have.
        case unknownKey
        /// The model cannot be written in the requested form.
        case cannotEncode
        /// A `.strings` table of the definition's translations is malformed.
        case malformedStrings
    }

    /// The kind of failure.
    public var kind: Kind
    /// The file, as given by the caller (usually its last path component).
    public var file: String
    /// The element, e.g. `INIntents[0] (OrderSoup) › INIntentParameters[2] (options)`; empty for the whole file.
    public var element: String
    /// What is wrong and what to do about it.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - file: The file the definition came from.
    ///   - element: The element path inside the file; empty for the whole file.
    ///   - message: What is wrong and what to do.
    public init(_ kind: Kind, file: String, element: String = "", message: String) {
        self.kind = kind
        self.file = file
        self.element = element
        self.message = message
    }

    /// `file: element: message`.
    public var description: String {
        [file, element, message].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
