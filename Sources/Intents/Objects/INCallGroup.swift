/// The details of a group call the app handles (iOS 14.5): the name the
/// person gave the group and the app's identifier for it. Apple's public
/// intents take no `INCallGroup` parameter; an app creates and compares
/// them, as on iOS.
open class INCallGroup: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The name the person gave the group call, if any.
    public let groupName: String?
    /// The app's identifier that tells this group from others, if any.
    public let groupId: String?

    /// A call group with its name and identifier, either of which may be `nil`.
    public init(groupName: String?, groupId: String?) {
        self.groupName = groupName
        self.groupId = groupId
    }

    public static func == (lhs: INCallGroup, rhs: INCallGroup) -> Bool {
        lhs.groupName == rhs.groupName && lhs.groupId == rhs.groupId
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(groupName)
        hasher.combine(groupId)
    }

    public var description: String {
        "<INCallGroup groupName: \(groupName ?? "nil"), groupId: \(groupId ?? "nil")>"
    }
}
