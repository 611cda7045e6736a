import ExthostABI
import Logging

/// Whether a plugin's claim to its app is corroborated. A plugin writes its
/// own descriptor, app included; on iOS the containing app is fixed by the
/// bundle the extension sits in. Here an installed app's manifest is that
/// bundle: it names its extensions (or, naming none, admits those whose
/// identifiers it prefixes), and a claim it does not admit is refused at load.
public enum AppClaim: String, Codable, Sendable {
    /// The app's manifest is installed and admits the extension.
    case verified
    /// No manifest of the app is installed: the claim stands, uncorroborated.
    case unverified
}

/// What the app folders say of one extension's claim to its app.
public enum AppClaimVerdict: Equatable, Sendable {
    case verified
    case unverified
    /// The app's manifest is installed and does not admit the extension; why.
    case refused(String)
}

/// Checks each claim against the installed apps (built from their
/// manifests by the caller, which knows where apps are).
public typealias AppClaimCheck = @Sendable (ExtensionIdentity) -> AppClaimVerdict

extension PluginRecord {
    /// This record with its app claim checked: a loaded plugin whose claim
    /// is refused becomes a failed one (5001 with the cause on a request
    /// for its intents), keeping what it would have served and as whom.
    func checkingAppClaim(_ check: AppClaimCheck, logger: Logger) -> PluginRecord {
        guard let manifest else { return self }
        var record = self
        switch check(ExtensionIdentity(manifest)) {
        case .verified:
            record.appClaim = .verified
        case .unverified:
            record.appClaim = .unverified
        case .refused(let why):
            record.manifest = nil
            record.appClaim = nil
            record.error = "error \(IntentsErrorCode.extensionBringUpFailed.rawValue): \(why)"
            record.failure = .appClaim
            record.remember(wouldServe: manifest.intentsSupported + manifest.intentsRestrictedWhileLocked, as: ExtensionIdentity(manifest))
            logger.warning("refused a plugin's claim to its app: \(why)",
                           metadata: ["extension": "\(manifest.identifier)", "app": "\(manifest.app)", "plugin": "\(path)"])
        }
        return record
    }
}
