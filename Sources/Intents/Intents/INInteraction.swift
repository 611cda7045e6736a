import ExthostABI
import CExthost
import Foundation

/// An intent together with its response: what an app donates so that the
/// system can learn from it and suggest it again.
///
/// Donations go to the system's donation store through the host
/// (`exthost_host_api.donations`, exthost.h); an extension links neither the
/// store nor SQLite. The system also records every request it handled by
/// itself, as iOS does. The completions are called before the call returns,
/// on the calling thread, once the store has committed (or refused) the
/// request.
open class INInteraction: @unchecked Sendable {
    /// The intent.
    public let intent: INIntent
    /// The response, or `nil` when the intent was not handled (yet).
    public let intentResponse: INIntentResponse?
    /// A unique identifier, by default a new UUID; set it to delete the
    /// donation later with `delete(with:completion:)`.
    public var identifier: String
    /// A group the donation belongs to, to delete related donations together.
    public var groupIdentifier: String?
    /// When the interaction took place; by default, its creation instant.
    public var dateInterval: DateInterval?
    /// How far handling got.
    public var intentHandlingStatus: INIntentHandlingStatus

    /// Creates an interaction.
    ///
    /// - Parameters:
    ///   - intent: The intent.
    ///   - response: Its response, or `nil`.
    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        self.intentResponse = response
        self.identifier = UUID().uuidString
        self.dateInterval = DateInterval(start: Date(), duration: 0)
        self.intentHandlingStatus = response == nil ? .unspecified : .success
    }

    /// Donates the interaction to the system: the intent with its parameter
    /// values becomes a shortcut the system can suggest and the user can
    /// give a phrase. A donation with the identifier of an earlier one
    /// replaces it.
    ///
    /// - Parameter completion: Called with `nil`, or an ``INIntentError``
    ///   ``INIntentError/Code/donatingInteraction`` (1901) saying why.
    open func donate(completion: ((Error?) -> Void)? = nil) {
        var request: [String: Any] = [
            "intent": type(of: intent).intentName,
            "identifier": identifier,
            "intentHandlingStatus": intentHandlingStatus.name,
            "parameters": IntentParameters.jsonObject(of: intent),
        ]
        if let groupIdentifier { request["groupIdentifier"] = groupIdentifier }
        // The host tells a failed response from a successful one by its code.
        if let intentResponse { request["responseCode"] = Int(intentResponse._exthostCode) }
        if let dateInterval {
            request["startDate"] = dateInterval.start.timeIntervalSince1970
            request["endDate"] = dateInterval.end.timeIntervalSince1970
        }
        if let phrase = intent.suggestedInvocationPhrase { request["suggestedInvocationPhrase"] = phrase }
        // Sent whether or not there is a completion (`completion?(…)` would skip it).
        let error = Self.send(.donateInteraction, request, .donatingInteraction, "Error donating interaction")
        completion?(error)
    }

    /// Deletes the app's donated interactions with these identifiers.
    ///
    /// - Parameters:
    ///   - identifiers: The interactions' identifiers.
    ///   - completion: Called with `nil`, or ``INIntentError/Code/deletingInteractionWithIdentifiers`` (1903).
    open class func delete(with identifiers: [String], completion: ((Error?) -> Void)? = nil) {
        let error = send(.deleteInteractions, ["identifiers": identifiers],
                         .deletingInteractionWithIdentifiers, "Error deleting interactions with identifiers")
        completion?(error)
    }

    /// Deletes the app's donated interactions of a group.
    ///
    /// - Parameters:
    ///   - groupIdentifier: The group.
    ///   - completion: Called with `nil`, or ``INIntentError/Code/deletingInteractionWithGroupIdentifier`` (1904).
    open class func delete(with groupIdentifier: String, completion: ((Error?) -> Void)? = nil) {
        let error = send(.deleteInteractionGroup, ["groupIdentifier": groupIdentifier],
                         .deletingInteractionWithGroupIdentifier, "Error deleting interactions with group identifier")
        completion?(error)
    }

    /// Deletes every interaction the app donated.
    ///
    /// - Parameter completion: Called with `nil`, or ``INIntentError/Code/deletingAllInteractions`` (1902).
    open class func deleteAll(completion: ((Error?) -> Void)? = nil) {
        let error = send(.deleteAllInteractions, [:], .deletingAllInteractions, "Error deleting all interactions")
        completion?(error)
    }

    /// Sends a request through the host; the error iOS would give, with the system's reason.
    static func send(_ operation: DonationOperation, _ request: [String: Any], _ code: INIntentError.Code, _ summary: String) -> INIntentError? {
        guard let failure = ExtensionHost.donations(operation, request) else { return nil }
        let code = INIntentError.Code(rawValue: failure.code) ?? code
        return INIntentError(code, "\(summary): \(failure.message)")
    }
}

extension INIntentHandlingStatus {
    /// The status's name, as the donation store keeps it.
    var name: String {
        switch self {
        case .unspecified: "unspecified"
        case .ready: "ready"
        case .inProgress: "inProgress"
        case .success: "success"
        case .failure: "failure"
        case .deferredToApplication: "deferredToApplication"
        case .userConfirmationRequired: "userConfirmationRequired"
        }
    }
}

/// The domain of ``INIntentError``, as on iOS.
public let INIntentErrorDomain = "IntentsErrorDomain"

/// An error of the Intents framework, with the codes iOS uses.
public struct INIntentError: Error, CustomNSError, CustomStringConvertible, Sendable {
    /// The error codes (`INIntentErrorCode` on iOS): the ABI's one list.
    public typealias Code = IntentsErrorCode

    /// What went wrong.
    public let code: Code
    /// What went wrong and what to do, for people.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The code.
    ///   - message: What went wrong and what to do.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `INIntentErrorDomain`.
    public static var errorDomain: String { INIntentErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { Int(code.rawValue) }
    /// The message as `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    /// The message, with the code.
    public var description: String { "\(message) (\(INIntentErrorDomain) \(code.rawValue))" }
}
