import ExthostABI
import Foundation

/// What an app tells Siri about the person, to be replaced by the next
/// context of the same type (`INUserContext`, iOS 13). Apple's one
/// subclass is ``INMediaUserContext``.
open class INUserContext: NSObject, @unchecked Sendable {
    override public init() {
        super.init()
    }

    /// Sends the context to the system, replacing the app's earlier one of
    /// the same type. Call it when the app becomes active or the person's
    /// subscription or library changes, as on iOS. There is no error to
    /// report (Apple's method returns nothing); a failure goes to the
    /// host's log.
    open func becomeCurrent() {
        guard let request = contextRequest else {
            ExtensionHost.log("INUserContext: \(type(of: self)) is not a context the system keeps; make an INMediaUserContext", level: .error)
            return
        }
        if let failure = ExtensionHost.donations(.setUserContext, request) {
            ExtensionHost.log("INUserContext: could not make the \(type(of: self)) current (\(failure.code)): \(failure.message)", level: .error)
        }
    }

    /// The request that makes the context current, without `app`; `nil`
    /// for a context the system does not keep.
    var contextRequest: [String: Any]? { nil }
}

/// What a media app tells Siri about the person: whether they subscribe,
/// and how big their library is (`INMediaUserContext`, iOS 13).
///
/// On iOS, Siri weighs it when a media request names no app, preferring
/// an app the person subscribes to or keeps a library in. exthost keeps
/// each app's latest context (`exthost siri media` shows it) and, when
/// several apps handle a media intent and the request names none, lists
/// them in that order when it asks which app (README, "System intents").
///
/// ```swift
/// let context = INMediaUserContext()
/// context.numberOfLibraryItems = 345
/// context.subscriptionStatus = .subscribed
/// context.becomeCurrent()
/// ```
open class INMediaUserContext: INUserContext, @unchecked Sendable {
    /// Whether the person pays for the app's catalogue
    /// (`INMediaUserContext.SubscriptionStatus`, Apple's cases and raw values).
    public enum SubscriptionStatus: Int, Sendable {
        case unknown = 0
        case notSubscribed = 1
        case subscribed = 2
    }

    /// The person's subscription; `.unknown` until set.
    open var subscriptionStatus: SubscriptionStatus = .unknown

    /// How many items the person has in the app's library; `nil` when
    /// the app does not say.
    public final var numberOfLibraryItems: Int?

    override public init() {
        super.init()
    }

    override var contextRequest: [String: Any]? {
        var request: [String: Any] = ["contextType": "INMediaUserContext", "subscriptionStatus": subscriptionStatus.rawValue]
        if let numberOfLibraryItems { request["numberOfLibraryItems"] = numberOfLibraryItems }
        return request
    }
}

/// Apple's Objective-C name of ``INMediaUserContext/SubscriptionStatus``.
public typealias INMediaUserContextSubscriptionStatus = INMediaUserContext.SubscriptionStatus

/// How Siri predicts an app's media intents (`INUpcomingMediaPredictionMode`,
/// Apple's cases and raw values).
public enum INUpcomingMediaPredictionMode: Int, Sendable {
    /// Donated and suggested media intents.
    case `default` = 0
    /// Only the intents of ``INUpcomingMediaManager/setSuggestedMediaIntents(_:)``:
    /// a podcast app's new episodes rather than what was already heard.
    case onlyPredictSuggestedIntents = 1
}

/// The media an app suggests before the person has played it — a
/// podcast's new episodes, the next TV episode (`INUpcomingMediaManager`).
///
/// The system keeps each app's list; `exthost suggest` ranks its intents
/// with the app's other suggestions (the first of the list highest), and a
/// suggested intent can be given a phrase (`exthost shortcuts add`) and run.
open class INUpcomingMediaManager: NSObject, @unchecked Sendable {
    private static let instance = INUpcomingMediaManager()

    /// The app's manager; use it rather than making one, as on iOS.
    open class var shared: INUpcomingMediaManager { instance }

    /// Replaces the app's suggested media intents, most important first;
    /// an empty set removes them. Each must be a media intent
    /// (`INPlayMediaIntent`, `INAddMediaIntent`, `INSearchForMediaIntent`,
    /// `INUpdateMediaAffinityIntent`): otherwise the system keeps the
    /// earlier list, and the host's log says why.
    ///
    /// - Parameter intents: The intents, in order of importance.
    open func setSuggestedMediaIntents(_ intents: NSOrderedSet) {
        var shortcuts: [[String: Any]] = []
        for item in intents.array {
            guard let intent = item as? INIntent else {
                ExtensionHost.log("INUpcomingMediaManager: \(item) is not an intent; setSuggestedMediaIntents(_:) takes media intents, and nothing was changed", level: .error)
                return
            }
            shortcuts.append(INShortcut.intent(intent).donationObject)
        }
        send(.setSuggestedMediaIntents, ["shortcuts": shortcuts], "set the suggested media intents")
    }

    /// Sets how Siri predicts the app's media intents of `type`: with
    /// `.onlyPredictSuggestedIntents`, `exthost suggest` leaves out the
    /// app's donated media intents of that type and keeps its suggested ones.
    ///
    /// - Parameters:
    ///   - mode: The prediction mode.
    ///   - type: The media type it is for.
    open func setPredictionMode(_ mode: INUpcomingMediaPredictionMode, for type: INMediaItemType) {
        send(.setMediaPredictionMode, ["predictionMode": mode.rawValue, "mediaType": String(describing: type)],
             "set the prediction mode of \(type)")
    }

    private func send(_ operation: DonationOperation, _ request: [String: Any], _ what: String) {
        if let failure = ExtensionHost.donations(operation, request) {
            ExtensionHost.log("INUpcomingMediaManager: could not \(what) (\(failure.code)): \(failure.message)", level: .error)
        }
    }
}
