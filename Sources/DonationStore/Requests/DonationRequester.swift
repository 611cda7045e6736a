import ExthostABI

/// Who sends a donation request when they may act for their own app only:
/// an extension through `exthost_host_api.donations`. A request in another
/// app's name, or an interaction that does not fit the requester's intents,
/// is refused before the store is opened, so the store is untouched.
///
/// Another app of the same app group is another app all the same: as on
/// iOS, where an app's donations are its own (`INInteraction.donate` and
/// `delete` act for the calling app alone) and an app group shares a
/// container, not donations. The refusal then says so.
public struct DonationRequester: Sendable {
    /// Who asks, for messages: the extension's identifier.
    public var name: String
    /// The only app whose donations the requester may change.
    public var app: String
    /// What is wrong with an interaction of `intent` with `parameters` (JSON
    /// values), or nil when it fits the requester's definition.
    public var problemWithInteraction: @Sendable (_ intent: String, _ parameters: [String: Any]) -> String?
    /// The title the requester's definition gives an interaction of
    /// `intent` with `parameters`, for one donated without a title.
    public var titleOfInteraction: @Sendable (_ intent: String, _ parameters: [String: Any]) -> String?
    /// The handling status the requester's definition gives a response
    /// `code` of `intent` (`"failure"` for an error template), or nil.
    public var statusOfResponse: @Sendable (_ intent: String, _ code: Int32) -> String?
    /// The app group an app's manifest declares (`appGroup`), or nil: what a
    /// refusal says when the requester's app and the app it named share one.
    public var appGroupOfApp: @Sendable (_ app: String) -> String?

    public init(name: String, app: String, problemWithInteraction: @escaping @Sendable (String, [String: Any]) -> String?,
                titleOfInteraction: @escaping @Sendable (String, [String: Any]) -> String? = { _, _ in nil },
                statusOfResponse: @escaping @Sendable (String, Int32) -> String? = { _, _ in nil },
                appGroupOfApp: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.name = name
        self.app = app
        self.problemWithInteraction = problemWithInteraction
        self.titleOfInteraction = titleOfInteraction
        self.statusOfResponse = statusOfResponse
        self.appGroupOfApp = appGroupOfApp
    }

    /// Refuses a request the requester may not make.
    ///
    /// - Throws: ``DonationStoreError`` with the operation's iOS code.
    func check(_ operation: DonationOperation, app requested: String, _ object: [String: Any]) throws(DonationStoreError) {
        guard requested == app else {
            var message = "\(name) belongs to \(app) and asked to change the donations of \(requested); an extension donates and deletes for its own app only"
            if let group = appGroupOfApp(app), group == appGroupOfApp(requested) {
                message += " (\(app) and \(requested) share the app group \(group), which shares a container, not donations)"
            }
            throw DonationStoreError(operation.failureCode, message)
        }
        if operation == .donateInteraction, let intent = object["intent"] as? String,
           let problem = problemWithInteraction(intent, (object["parameters"] as? [String: Any]) ?? [:]) {
            throw DonationStoreError(operation.failureCode, "\(name) donated an interaction that does not fit its definition: \(problem)")
        }
    }
}
