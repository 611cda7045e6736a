import ExthostABI
import CExthost
import Foundation

/// The identifier of a saved user activity, to delete it later.
public typealias NSUserActivityPersistentIdentifier = String

/// An activity of the app that can be continued later: what a response hands
/// to the app, and what the app donates for prediction.
///
/// Foundation on Linux has no `NSUserActivity`; this one has the same names.
/// Persistence belongs to the system side of exthost: `becomeCurrent()` of
/// an activity eligible for prediction donates it to the system's store
/// through the host (`exthost_host_api.donations`), which refuses a type the
/// app does not declare in `NSUserActivityTypes` or a `userInfo` missing a
/// `requiredUserInfoKeys` key; `deleteSavedUserActivities` deletes from it.
open class NSUserActivity: @unchecked Sendable {
    /// The persistent identifier type.
    public typealias PersistentIdentifier = NSUserActivityPersistentIdentifier

    /// The activity's type, one of the app's `NSUserActivityTypes`.
    public let activityType: String
    /// A title shown to the user.
    open var title: String?
    /// The app's state, as a dictionary of property-list values. It crosses
    /// to the host as a JSON object: keys become strings, dates ISO 8601
    /// text, URLs their absolute string.
    open var userInfo: [AnyHashable: Any]?
    /// The keys of `userInfo` the app needs to restore the activity.
    open var requiredUserInfoKeys: Set<String>?
    /// An identifier to delete the activity later.
    open var persistentIdentifier: PersistentIdentifier?
    /// Whether the system may suggest the activity again.
    open var isEligibleForPrediction = false
    /// Whether the activity is searchable.
    open var isEligibleForSearch = false
    /// Whether the activity can be continued on another device.
    open var isEligibleForHandoff = true
    /// A phrase suggested when the user adds the activity as a voice shortcut.
    open var suggestedInvocationPhrase: String?
    /// Keywords for search.
    open var keywords: Set<String> = []
    /// A web page showing the same content.
    open var webpageURL: URL?
    /// The intent and response the activity continues, when the system
    /// hands the app an activity for an intent's response (`continueInApp`,
    /// `failureRequiringAppLaunch`); nil otherwise.
    public internal(set) var interaction: INInteraction?
    /// Whether the activity is still valid (`invalidate()` clears it).
    public private(set) var isValid = true

    /// Creates an activity of a type.
    ///
    /// - Parameter activityType: One of the app's `NSUserActivityTypes`.
    public init(activityType: String) {
        self.activityType = activityType
    }

    /// Adds entries to `userInfo`.
    ///
    /// - Parameter otherDictionary: The entries; they replace existing ones.
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var info = userInfo ?? [:]
        for (key, value) in otherDictionary { info[key] = value }
        userInfo = info
    }

    /// Sets the interaction an activity delivered to an app continues. For
    /// the app process's runtime, which makes the activity.
    public func _exthostSetInteraction(_ interaction: INInteraction?) {
        self.interaction = interaction
    }

    /// Makes the activity current and, when it is eligible for prediction,
    /// donates it to the system (as iOS does).
    ///
    /// A refused donation (a type missing from the app's
    /// `NSUserActivityTypes`, a `requiredUserInfoKeys` key missing from
    /// `userInfo`) is logged through the host as an error; use
    /// ``becomeCurrent(completion:)`` to receive it.
    open func becomeCurrent() {
        becomeCurrent { error in
            if let error { ExtensionHost.log("becomeCurrent() of \(self.activityType): \(error)", level: .error) }
        }
    }

    /// `becomeCurrent()`, telling whether the donation was taken. A Linux
    /// addition.
    ///
    /// - Parameter completion: Called before the call returns: `nil` when
    ///   the activity was donated or is not eligible for prediction (then
    ///   nothing is donated), else an ``INIntentError`` 1901 saying why.
    open func becomeCurrent(completion: (Error?) -> Void) {
        NSUserActivity.currentActivity.withLock { $0 = self }
        guard isEligibleForPrediction else {
            completion(nil)
            return
        }
        var request: [String: Any] = [
            "activityType": activityType,
            "userInfo": userInfo.map(PropertyListJSON.object(from:)) ?? [:],
            "requiredUserInfoKeys": (requiredUserInfoKeys ?? []).sorted(),
        ]
        if let title { request["title"] = title }
        if let persistentIdentifier { request["persistentIdentifier"] = persistentIdentifier }
        if let suggestedInvocationPhrase { request["suggestedInvocationPhrase"] = suggestedInvocationPhrase }
        completion(INInteraction.send(.donateActivity, request, .donatingInteraction, "Error donating user activity"))
    }

    /// Stops being the current activity, if it is.
    open func resignCurrent() {
        NSUserActivity.currentActivity.withLock { current in
            if current === self { current = nil }
        }
    }

    /// Invalidates the activity: it stops being current.
    open func invalidate() {
        resignCurrent()
        isValid = false
    }

    /// The activity that last called `becomeCurrent()` in this process.
    public static var current: NSUserActivity? {
        currentActivity.withLock { $0 }
    }

    private static let currentActivity = Locked<NSUserActivity?>(nil)

    /// Deletes the app's saved activities with these persistent identifiers.
    ///
    /// A failure is logged through the host (iOS reports none).
    ///
    /// - Parameters:
    ///   - persistentIdentifiers: The activities' identifiers.
    ///   - handler: Called when done, before the call returns.
    open class func deleteSavedUserActivities(
        withPersistentIdentifiers persistentIdentifiers: [PersistentIdentifier],
        completionHandler handler: @escaping () -> Void
    ) {
        if let error = INInteraction.send(.deleteActivities, ["persistentIdentifiers": persistentIdentifiers],
                                          .deletingInteractionWithIdentifiers, "Error deleting saved user activities") {
            ExtensionHost.log(error.description, level: .error)
        }
        handler()
    }

    /// Deletes every saved activity of the app.
    ///
    /// A failure is logged through the host (iOS reports none).
    ///
    /// - Parameter handler: Called when done, before the call returns.
    open class func deleteAllSavedUserActivities(completionHandler handler: @escaping () -> Void) {
        if let error = INInteraction.send(.deleteAllActivities, [:], .deletingAllInteractions,
                                          "Error deleting all saved user activities") {
            ExtensionHost.log(error.description, level: .error)
        }
        handler()
    }

    /// `userInfo` as the JSON object text that crosses the plugin ABI, or
    /// `nil` when it is empty.
    public var userInfoJSON: String? {
        guard let userInfo, !userInfo.isEmpty else { return nil }
        let object = PropertyListJSON.object(from: userInfo)
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

extension NSUserActivity: Hashable {
    /// Activities are equal when they are the same object, as `NSObject`s are.
    public static func == (lhs: NSUserActivity, rhs: NSUserActivity) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
