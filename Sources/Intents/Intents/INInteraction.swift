import Foundation

/// An intent together with its response: what an app donates so that the
/// system can learn from it and suggest it again.
///
/// On exthost the system records an interaction itself after every request
/// it handled (as iOS does). Donating or deleting interactions *from inside an
/// extension* needs the system's donation store, which the plugin ABI (version
/// 1) does not reach: `donate(completion:)` and the `delete` functions call
/// their completion with an ``INIntentError`` that says so, and store nothing.
/// Apps donate through the app-process module, which talks to the store.
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

    /// Donates the interaction to the system.
    ///
    /// From inside an extension this is not available in ABI version 1:
    /// the completion is called at once, on the calling thread, with
    /// ``INIntentError/donatingInteraction``. Interactions of requests the
    /// system handled are donated by the system itself.
    ///
    /// - Parameter completion: Called with the error.
    open func donate(completion: ((Error?) -> Void)? = nil) {
        completion?(INIntentError(.donatingInteraction, "INInteraction.donate needs exthost's donation store, which an extension cannot reach in plugin ABI version 1; the system donates the interactions of the requests it handles."))
    }

    /// Deletes donated interactions by identifier.
    ///
    /// Not available from inside an extension (see ``donate(completion:)``):
    /// the completion gets ``INIntentError/deletingInteractionWithIdentifiers``.
    ///
    /// - Parameters:
    ///   - identifiers: The interactions' identifiers.
    ///   - completion: Called with the error.
    open class func delete(with identifiers: [String], completion: ((Error?) -> Void)? = nil) {
        completion?(INIntentError(.deletingInteractionWithIdentifiers, "Deleting interactions needs exthost's donation store, which an extension cannot reach in plugin ABI version 1; use `exthost donations` or the app-process module."))
    }

    /// Deletes donated interactions by group.
    ///
    /// Not available from inside an extension (see ``donate(completion:)``):
    /// the completion gets ``INIntentError/deletingInteractionWithGroupIdentifier``.
    ///
    /// - Parameters:
    ///   - groupIdentifier: The group.
    ///   - completion: Called with the error.
    open class func delete(with groupIdentifier: String, completion: ((Error?) -> Void)? = nil) {
        completion?(INIntentError(.deletingInteractionWithGroupIdentifier, "Deleting interactions needs exthost's donation store, which an extension cannot reach in plugin ABI version 1; use `exthost donations` or the app-process module."))
    }

    /// Deletes every interaction the app donated.
    ///
    /// Not available from inside an extension (see ``donate(completion:)``):
    /// the completion gets ``INIntentError/deletingAllInteractions``.
    ///
    /// - Parameter completion: Called with the error.
    open class func deleteAll(completion: ((Error?) -> Void)? = nil) {
        completion?(INIntentError(.deletingAllInteractions, "Deleting interactions needs exthost's donation store, which an extension cannot reach in plugin ABI version 1; use `exthost donations` or the app-process module."))
    }
}

/// The domain of ``INIntentError``, as on iOS.
public let INIntentErrorDomain = "IntentsErrorDomain"

/// An error of the Intents framework, with the codes iOS uses.
public struct INIntentError: Error, CustomNSError, CustomStringConvertible, Sendable {
    /// The error codes (`INIntentErrorCode` on iOS).
    public enum Code: Int, Sendable {
        /// Donating an interaction failed.
        case donatingInteraction = 1901
        /// Deleting all interactions failed.
        case deletingAllInteractions = 1902
        /// Deleting interactions by identifier failed.
        case deletingInteractionWithIdentifiers = 1903
        /// Deleting interactions by group failed.
        case deletingInteractionWithGroupIdentifier = 1904
        /// No extension handles the intent.
        case noHandlerProvidedForIntent = 2003
        /// The request timed out.
        case requestTimedOut = 3001
    }

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
    public var errorCode: Int { code.rawValue }
    /// The message as `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    /// The message, with the code.
    public var description: String { "\(message) (\(INIntentErrorDomain) \(code.rawValue))" }
}
