import AppProcess
import Foundation
import Intents

/// User activities between the app wire and the SDK's `NSUserActivity`.
enum UserActivities {
    /// The activity an app's delegate receives: `userInfo` as property-list
    /// values, and the intent and response it continues as typed
    /// `interaction` (when the app's definitions or the system intents have
    /// the intent's class). The system's own copy of the interaction in
    /// `userInfo` is left out: `interaction` carries it.
    static func activity(_ payload: UserActivityPayload, classes: _InAppIntentClasses) -> NSUserActivity {
        let activity = NSUserActivity(activityType: payload.activityType)
        activity.title = payload.title
        var info = payload.userInfo
        if payload.interaction != nil { info[UserActivityPayload.interactionUserInfoKey] = nil }
        if !info.isEmpty {
            activity.userInfo = Dictionary(uniqueKeysWithValues: info.map { (AnyHashable($0.key), $0.value.foundationObject) })
        }
        if !payload.requiredUserInfoKeys.isEmpty { activity.requiredUserInfoKeys = Set(payload.requiredUserInfoKeys) }
        activity.persistentIdentifier = payload.persistentIdentifier
        activity.webpageURL = payload.webpageURL.flatMap(URL.init(string:))
        if let interaction = payload.interaction,
           let intent = classes.intent(named: interaction.intentName, identifier: nil,
                                       parameters: interaction.parameters.mapValues(\.foundationObject)) {
            let response = classes.response(intentNamed: interaction.intentName, code: Int32(interaction.responseCode),
                                            properties: interaction.responseProperties.mapValues(\.foundationObject))
            activity._exthostSetInteraction(INInteraction(intent: intent, response: response))
        }
        return activity
    }

    /// A response's activity as it goes back to the system.
    static func payload(_ activity: NSUserActivity) -> UserActivityPayload {
        var info: [String: WireValue] = [:]
        if let text = activity.userInfoJSON,
           let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            info = object.mapValues(WireValue.init(foundationObject:))
        }
        return UserActivityPayload(
            activityType: activity.activityType,
            title: activity.title,
            userInfo: info,
            requiredUserInfoKeys: (activity.requiredUserInfoKeys ?? []).sorted(),
            persistentIdentifier: activity.persistentIdentifier,
            webpageURL: activity.webpageURL?.absoluteString
        )
    }
}
