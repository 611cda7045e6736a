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
            record.refuseClaim(because: why, logger: logger)
        }
        return record
    }

    /// Makes this loaded record a failed one whose claim to its app is
    /// refused for `why` (tried again on every scan), keeping what it would
    /// have served and as whom, and logs it.
    mutating func refuseClaim(because why: String, logger: Logger) {
        guard let manifest else { return }
        self.manifest = nil
        appClaim = nil
        error = "error \(IntentsErrorCode.extensionBringUpFailed.rawValue): \(why)"
        failure = .appClaim
        remember(wouldServe: manifest.intentsSupported + manifest.intentsRestrictedWhileLocked, as: ExtensionIdentity(manifest))
        logger.warning("refused a plugin's claim to its app: \(why)",
                       metadata: ["extension": "\(manifest.identifier)", "app": "\(manifest.app)", "plugin": "\(path)"])
    }
}

extension [PluginRecord] {
    /// These records with disputed claims judged: when two or more plugins
    /// claim one app and no manifest of that app is installed, nothing
    /// corroborates any of them (on iOS an extension sits in its app's
    /// bundle, so the question never arises), and taking the first would let
    /// a forger win by its file's name. They are judged as a manifest
    /// without `extensions` judges: a claim stands (unverified) only when
    /// the extension's identifier begins with the app's and a dot, as iOS
    /// requires of an extension's bundle identifier; the others are refused.
    /// When none passes, none is loaded. Checked on every scan, so
    /// installing the app's manifest (naming its extensions) settles it.
    func refusingDisputedClaims(logger: Logger) -> [PluginRecord] {
        var claimants: [String: [Int]] = [:]
        for (index, record) in enumerated() where record.appClaim == .unverified {
            guard let app = record.manifest?.app else { continue }
            claimants[app, default: []].append(index)
        }
        var records = self
        for (app, indices) in claimants.sorted(by: { $0.key < $1.key }) where indices.count > 1 {
            let named = indices.map { "\(self[$0].manifest!.identifier) (\(self[$0].path))" }
            for index in indices {
                let identifier = self[index].manifest!.identifier
                guard !identifier.hasPrefix(app + ".") else { continue }
                let others = zip(indices, named).filter { $0.0 != index }.map(\.1).joined(separator: ", ")
                records[index].refuseClaim(
                    because: "extension \(identifier) claims app \(app), as does \(others), and no manifest of \(app) is installed to say which is its: of plugins that dispute an app, only those whose identifiers begin with \"\(app).\" are taken as its (as iOS requires of an extension's bundle identifier), and \(identifier) does not. Install \(app)'s manifest naming its extensions in \"extensions\", or remove the plugins that are not \(app)'s.",
                    logger: logger)
            }
        }
        return records
    }
}
