/// A user activity as it travels between the system and an app.
///
/// This is the wire form of `NSUserActivity`. The SDK's `NSUserActivity`
/// (module `Intents`) converts to and from it at one point:
///
/// ```swift
/// // In the SDK, once it depends on AppWire:
/// extension NSUserActivity {
///     public convenience init(payload: UserActivityPayload)   // app side, on delivery
///     public var payload: UserActivityPayload { get }          // host side, before continueInApp
/// }
/// ```
///
/// `userInfo` holds JSON values only: on iOS it holds property-list values,
/// which all have a JSON form (dates as ISO 8601 strings, data as base64).
public struct UserActivityPayload: Codable, Hashable, Sendable {
    /// The reverse-DNS type the app declares in `NSUserActivityTypes`, or an
    /// intent's class name (e.g. `PostStudyRecordIntent`) for an activity the
    /// system made.
    public var activityType: String
    /// A title a person reads, e.g. in a shortcut list.
    public var title: String?
    /// What the app needs to restore the activity.
    public var userInfo: [String: WireValue]
    /// The keys of `userInfo` the app needs; empty means all of them.
    public var requiredUserInfoKeys: [String]
    /// The identifier donations and deletions refer to.
    public var persistentIdentifier: String?
    /// A web page showing the same content (`NSUserActivity.webpageURL`), as text.
    public var webpageURL: String?
    /// The intent and response this activity continues, when the system
    /// hands it to the app for an intent's response: the response's own
    /// activity, or the one the system made when the response carried none.
    public var interaction: InteractionPayload?

    public init(
        activityType: String,
        title: String? = nil,
        userInfo: [String: WireValue] = [:],
        requiredUserInfoKeys: [String] = [],
        persistentIdentifier: String? = nil,
        webpageURL: String? = nil,
        interaction: InteractionPayload? = nil
    ) {
        self.webpageURL = webpageURL
        self.activityType = activityType
        self.title = title
        self.userInfo = userInfo
        self.requiredUserInfoKeys = requiredUserInfoKeys
        self.persistentIdentifier = persistentIdentifier
        self.interaction = interaction
    }

    /// The activity the system makes for an interaction whose response asked to
    /// continue in the app but carried no user activity: its type is the
    /// intent's class name and it carries the interaction.
    ///
    /// The interaction is also in `userInfo` under
    /// ``UserActivityPayload/interactionUserInfoKey``, so an app that only looks
    /// at `userInfo` finds it.
    ///
    /// - Parameter interaction: The intent and the response that asked for the app.
    /// - Returns: An activity whose type is the intent's class name:
    ///   `interaction.intentName`, with `Intent` added when an app named the
    ///   intent as its definition does (`ShowDirections` → `ShowDirectionsIntent`).
    public static func made(for interaction: InteractionPayload) -> UserActivityPayload {
        let name = interaction.intentName
        return UserActivityPayload(
            activityType: name.hasSuffix("Intent") ? name : name + "Intent",
            title: nil,
            userInfo: [interactionUserInfoKey: interaction.wireValue],
            interaction: interaction
        )
    }

    /// The `userInfo` key under which a system-made activity carries its interaction.
    public static let interactionUserInfoKey = "exthost.interaction"

    private enum CodingKeys: String, CodingKey {
        case activityType, title, userInfo, requiredUserInfoKeys, persistentIdentifier, webpageURL, interaction
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activityType = try container.decode(String.self, forKey: .activityType)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        userInfo = try container.decodeIfPresent([String: WireValue].self, forKey: .userInfo) ?? [:]
        requiredUserInfoKeys = try container.decodeIfPresent([String].self, forKey: .requiredUserInfoKeys) ?? []
        persistentIdentifier = try container.decodeIfPresent(String.self, forKey: .persistentIdentifier)
        webpageURL = try container.decodeIfPresent(String.self, forKey: .webpageURL)
        interaction = try container.decodeIfPresent(InteractionPayload.self, forKey: .interaction)
    }
}
