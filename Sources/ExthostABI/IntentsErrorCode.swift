/// Error numbers as the Intents framework numbers them (`INIntentErrorCode`):
/// `exthost_error_code`.
///
/// The one list of them: the SDK's `INIntentError.Code`, the donation
/// store's errors and the host's are all this type, so a failure reads the
/// same wherever it is reported, and like the same failure on iOS.
public enum IntentsErrorCode: Int32, CaseIterable, Codable, Sendable {
    /// Donating an interaction or activity failed.
    case donatingInteraction = 1901
    /// Deleting all interactions failed.
    case deletingAllInteractions = 1902
    /// Deleting interactions by identifier failed.
    case deletingInteractionWithIdentifiers = 1903
    /// Deleting interactions by group failed.
    case deletingInteractionWithGroupIdentifier = 1904
    /// A voice shortcut's phrase clashes with another one (exthost's own).
    case phraseConflict = 1910
    /// No such voice shortcut or donation (exthost's own).
    case notFound = 1911
    /// The donation store cannot be opened or is not a store (exthost's own).
    case storeUnavailable = 1912
    /// The person denied (or restricted) Siri for the app that handles a
    /// system intent (`exthost siri deny`; exthost's own).
    case siriNotAuthorized = 1913
    /// The person denied (or restricted) the Focus for the app an
    /// `INShareFocusStatusIntent` is for (`exthost focus deny`; exthost's own).
    case focusNotAuthorized = 1914
    /// Two or more extensions claim the intent.
    case intentSupportedByMultipleExtensions = 2001
    /// The intent is restricted while locked but the extension does not support it.
    case restrictedIntentsNotSupportedByExtension = 2002
    /// `handler(for:)` gave no handler for the intent.
    case noHandlerProvidedForIntent = 2003
    /// No extension or app knows an intent of that name.
    case invalidIntentName = 2004
    /// No app is available to continue the request.
    case noAppAvailable = 2005
    /// A stage did not complete before its deadline.
    case requestTimedOut = 3001
    /// The extension did not finish launching before the deadline.
    case extensionLaunchingTimeout = 5000
    /// The extension failed to start.
    case extensionBringUpFailed = 5001

    /// The constant's name, e.g. `INIntentErrorRequestTimedOut` (as Apple
    /// names it), or `ExthostErrorPhraseConflict` for exthost's own codes.
    public var name: String {
        switch self {
        case .donatingInteraction: "INIntentErrorDonatingInteraction"
        case .deletingAllInteractions: "INIntentErrorDeletingAllInteractions"
        case .deletingInteractionWithIdentifiers: "INIntentErrorDeletingInteractionWithIdentifiers"
        case .deletingInteractionWithGroupIdentifier: "INIntentErrorDeletingInteractionWithGroupIdentifier"
        case .phraseConflict: "ExthostErrorPhraseConflict"
        case .notFound: "ExthostErrorNotFound"
        case .storeUnavailable: "ExthostErrorStoreUnavailable"
        case .siriNotAuthorized: "ExthostErrorSiriNotAuthorized"
        case .focusNotAuthorized: "ExthostErrorFocusNotAuthorized"
        case .intentSupportedByMultipleExtensions: "INIntentErrorIntentSupportedByMultipleExtension"
        case .restrictedIntentsNotSupportedByExtension: "INIntentErrorRestrictedIntentsNotSupportedByExtension"
        case .noHandlerProvidedForIntent: "INIntentErrorNoHandlerProvidedForIntent"
        case .invalidIntentName: "INIntentErrorInvalidIntentName"
        case .noAppAvailable: "INIntentErrorNoAppAvailable"
        case .requestTimedOut: "INIntentErrorRequestTimedOut"
        case .extensionLaunchingTimeout: "INIntentErrorExtensionLaunchingTimeout"
        case .extensionBringUpFailed: "INIntentErrorExtensionBringUpFailed"
        }
    }
}
