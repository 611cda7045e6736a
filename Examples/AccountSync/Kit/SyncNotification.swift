import Foundation

/// A local notification: what the person sees when a sync has finished.
public struct SyncNotification: Codable, Hashable, Sendable {
    public var title: String
    public var body: String
    public var finishedAt: Date

    public init(title: String, body: String, finishedAt: Date) {
        self.title = title
        self.body = body
        self.finishedAt = finishedAt
    }
}
