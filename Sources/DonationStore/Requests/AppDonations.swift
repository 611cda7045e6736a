import ExthostABI
import AppManifests
import Foundation

/// Donations from an app process: apps are executables of their own and
/// write the system's store directly, through the same requests and rules as
/// the host applies to its extensions' donations. A Linux addition.
///
/// Why apps write the store themselves instead of asking the host: there is
/// no resident system process to ask (`exthost` runs per command), and the
/// store is made for several writers at once (see ``DonationStore``).
public struct AppDonations: Sendable {
    /// The app donating.
    public let app: String
    /// The store written.
    public let store: DonationStore
    /// The folders the app's manifest is found in (see `AppCatalog`), read
    /// again at each donation, so a manifest changed meanwhile counts.
    public let appDirectories: [String]

    /// Opens the store for an app.
    ///
    /// - Parameters:
    ///   - app: The app's identifier.
    ///   - storePath: The store file (``StoreLocation`` by default).
    ///   - appDirectories: Where the app's manifest is; by default
    ///     `$EXTHOST_APP_PATH`, else `Apps/` in the working directory.
    public init(app: String, storePath: String = StoreLocation.defaultPath(),
                appDirectories: [String] = AppCatalog.defaultDirectories) throws(DonationStoreError) {
        self.app = app
        self.store = try DonationStore(path: storePath)
        self.appDirectories = appDirectories
    }

    /// The `NSUserActivityTypes` of an app in ``appDirectories``, or `nil`
    /// when no manifest there has its identifier.
    public func declaredActivityTypes(app identifier: String) -> [String]? {
        Self.declaredActivityTypes(app: identifier, in: appDirectories)
    }

    /// The `NSUserActivityTypes` of an app in `directories` (the default
    /// ones when empty), or `nil` when no manifest there has its identifier.
    public static func declaredActivityTypes(app identifier: String, in directories: [String]) -> [String]? {
        AppCatalog(directories: AppCatalog.directories(given: directories)).declaredActivityTypes(app: identifier)
    }

    /// Performs a request (the JSON of `exthost_host_api.donations`; `app` is set to this app).
    @discardableResult
    public func perform(_ operation: DonationOperation, _ request: [String: Any]) throws(DonationStoreError) -> Int {
        var request = request
        request["app"] = app
        guard let text = CanonicalJSON.render(request) else {
            throw DonationStoreError(operation.failureCode, "the request cannot be written as JSON")
        }
        return try DonationRequest.perform(operation, json: text, store: store,
                                           declaredActivityTypes: { declaredActivityTypes(app: $0) })
    }

    /// `NSUserActivity.becomeCurrent()` of an activity eligible for prediction.
    ///
    /// - Throws: 1901 when the type is not declared, a required key is
    ///   missing, or the store fails.
    public func donateActivity(type: String, title: String? = nil, userInfo: [String: Any] = [:], requiredUserInfoKeys: [String] = [],
                               persistentIdentifier: String? = nil, suggestedInvocationPhrase: String? = nil) throws(DonationStoreError) {
        var request: [String: Any] = ["activityType": type, "userInfo": userInfo, "requiredUserInfoKeys": requiredUserInfoKeys]
        if let title { request["title"] = title }
        if let persistentIdentifier { request["persistentIdentifier"] = persistentIdentifier }
        if let suggestedInvocationPhrase { request["suggestedInvocationPhrase"] = suggestedInvocationPhrase }
        try perform(.donateActivity, request)
    }
}
