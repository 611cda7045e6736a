/// What the donation store refuses or fails with, numbered as iOS numbers
/// `INIntentErrorCode` where iOS has a number.
///
/// The message says what failed and what to do.
public struct DonationStoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The error's number.
    public enum Code: Int32, Sendable {
        /// Donating an interaction or activity failed (`INIntentErrorCode.donatingInteraction`).
        case donatingInteraction = 1901
        /// Deleting everything failed (`deletingAllInteractions`).
        case deletingAllInteractions = 1902
        /// Deleting by identifiers failed (`deletingInteractionWithIdentifiers`).
        case deletingInteractionWithIdentifiers = 1903
        /// Deleting by group failed (`deletingInteractionWithGroupIdentifier`).
        case deletingInteractionWithGroupIdentifier = 1904
        /// The voice shortcut's phrase clashes with another one (a Linux addition).
        case phraseConflict = 1910
        /// No such voice shortcut or donation (a Linux addition).
        case notFound = 1911
        /// The store file cannot be opened or is not a store (a Linux addition).
        case storeUnavailable = 1912

        /// The code's name, for JSON output.
        public var name: String {
            switch self {
            case .donatingInteraction: "donatingInteraction"
            case .deletingAllInteractions: "deletingAllInteractions"
            case .deletingInteractionWithIdentifiers: "deletingInteractionWithIdentifiers"
            case .deletingInteractionWithGroupIdentifier: "deletingInteractionWithGroupIdentifier"
            case .phraseConflict: "phraseConflict"
            case .notFound: "notFound"
            case .storeUnavailable: "storeUnavailable"
            }
        }
    }

    /// The number.
    public var code: Code
    /// What failed, and what to do.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) (IntentsErrorDomain \(code.rawValue))" }
}
