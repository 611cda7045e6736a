import ExthostPosix
import Foundation

/// Who may have written a plugin's code before exthost runs it, as sshd's
/// StrictModes judges `authorized_keys` and PostgreSQL its data directory.
///
/// The rule, checked on the plugin file (links resolved) and the directory
/// that holds it, before anything of the plugin is read:
/// - for every user: neither may be writable by every user (`o+w`), since
///   anyone could then replace the code exthost runs;
/// - when exthost runs as root, also: both must be owned by root and not
///   writable by their group, since root would run code another user wrote.
///
/// For development (a plugin in a shared scratch folder),
/// `EXTHOST_ALLOW_UNSAFE_PLUGINS=1` turns the check off.
public enum PluginFilePolicy {
    /// The environment variable that turns the check off when it is `1`.
    public static let overrideVariable = "EXTHOST_ALLOW_UNSAFE_PLUGINS"

    /// What makes the plugin at `path` unsafe to load, or nil when it is not.
    ///
    /// - Parameters:
    ///   - path: The plugin file, links resolved.
    ///   - identity: Its `stat`, when the caller has just taken it (a
    ///     scan); else it is taken here.
    ///   - effectiveUserID: Who would load it (0 for root).
    /// - Returns: A message saying what is wrong and what to do.
    package static func problem(path: String, identity: Posix.FileIdentity? = nil,
                                effectiveUserID: UInt32 = Posix.effectiveUserID) -> String? {
        if Posix.environment(overrideVariable) == "1" { return nil }
        let advice = "or set \(overrideVariable)=1 while developing"
        let checked: [(subject: String, file: String, known: Posix.FileIdentity?)] = [
            ("the plugin", path, identity), ("its directory", (path as NSString).deletingLastPathComponent, nil),
        ]
        for (subject, file, known) in checked {
            guard let identity = known ?? (try? Posix.fileIdentity(file)) else { continue }
            let mode = String(identity.permissions, radix: 8)
            if identity.isWritableByOthers {
                return "\(subject) \(file) is writable by every user (mode \(mode)): anyone could replace the code exthost runs. Remove the write permission (chmod o-w \(file)), \(advice)"
            }
            guard effectiveUserID == 0 else { continue }
            if identity.owner != 0 {
                return "\(subject) \(file) is owned by user \(identity.owner), and exthost runs as root: root loads only plugins root owns (chown root \(file)), \(advice)"
            }
            if identity.isWritableByGroup {
                return "\(subject) \(file) is writable by its group (mode \(mode)), and exthost runs as root: remove the write permission (chmod g-w \(file)), \(advice)"
            }
        }
        return nil
    }
}
