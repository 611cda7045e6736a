import AppManifests
import AppWire
import DonationStore
import ExtensionLoading
import ExthostService
import Foundation
import IntentSystem
import SharedContainer

/// The socket of the service for a configuration: a client never talks to a
/// service configured differently from what it would run with itself.
///
/// Without `--socket` or `$EXTHOST_SOCKET`, the socket is
/// `exthost-<hash>.sock` in the runtime directory, where the hash (64-bit
/// FNV-1a, in hex) is taken over what configures a service: the plugin
/// folders it looks in (`--plugins`, else `$EXTHOST_PLUGIN_PATH`, `./Plugins`
/// and `Plugins/` beside the executable) and the app folders (`--apps`, else
/// `$EXTHOST_APP_PATH`, else `./Apps`), each made absolute; the data, cache
/// and shared-container folders; whether unsafe plugins are allowed,
/// donations recorded, and their commits flushed for a power cut
/// (`EXTHOST_FLUSH_DONATIONS=1`: a client that asks for it never has its
/// requests recorded by a service that does not flush). So `EXTHOST_PLUGIN_PATH=other exthost run …` (or a
/// run from another working directory, whose `./Plugins` differs) reaches a
/// service started for those folders, not one started for others. The
/// runtime directory holds the socket, so it is part of the name by place.
/// An explicit socket is used as given.
enum ServiceSocket {
    /// The socket for the service of `plugins` and `apps` (the folders
    /// given on the command line, or none for the defaults) in this
    /// process's environment.
    static func path(plugins: [String], apps: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment[ServiceConfiguration.socketVariable], !explicit.isEmpty { return explicit }
        return RuntimeDirectory.from { environment[$0] }.path + "/exthost-\(hash(of: key(plugins: plugins, apps: apps, environment: environment))).sock"
    }

    /// Whether the socket is given (`$EXTHOST_SOCKET`) rather than named
    /// after the configuration.
    static func isGiven(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment[ServiceConfiguration.socketVariable].map { !$0.isEmpty } ?? false
    }

    /// What configures a service, one line a setting.
    static func key(plugins: [String], apps: [String], environment: [String: String]) -> String {
        let pluginFolders = PluginDirectories.candidates(explicit: plugins, environment: environment).map(absolute)
        let appFolders = AppCatalog.directories(given: apps).map(absolute)
        return [
            "plugins=" + pluginFolders.joined(separator: ":"),
            "apps=" + appFolders.joined(separator: ":"),
            "data=" + absolute(StoreLocation.dataDirectory(environment: environment).path),
            "cache=" + absolute(RegistryCache.standard(environment: environment).file.path),
            "containers=" + absolute(SharedContainer.defaultBaseDirectory),
            "unsafePlugins=" + (environment[PluginFilePolicy.overrideVariable] ?? ""),
            "noDonations=" + (environment["EXTHOST_NO_DONATIONS"] == nil ? "" : "1"),
            "flushDonations=" + (SystemDonations.Configuration.flushes(environment) ? "1" : ""),
        ].joined(separator: "\n")
    }

    /// A folder as an absolute, standardised path (relative ones are taken
    /// from the working directory, as the service started here would).
    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// 64-bit FNV-1a of `text`'s UTF-8, as 16 hex digits: a name, not a
    /// secret (the runtime directory is the user's own, mode 0700).
    static func hash(of text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
