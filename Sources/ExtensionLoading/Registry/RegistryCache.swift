import IntentConversation
import ExthostPosix
import Foundation

/// The registry cache: what each plugin file said about itself when it was
/// last probed, so that `exthost list` and `exthost run` need not load
/// unchanged plugins again.
///
/// Kept as JSON in `$EXTHOST_CACHE_DIR`, else `$XDG_CACHE_HOME/exthost`, else
/// `~/.cache/exthost`. Written to a temporary file and renamed, so readers
/// never see half a file.
public struct RegistryCache: Sendable {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    /// The cache for this process's environment.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> RegistryCache {
        let directory: String
        if let explicit = environment["EXTHOST_CACHE_DIR"], !explicit.isEmpty {
            directory = explicit
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            directory = xdg + "/exthost"
        } else {
            directory = (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/exthost"
        }
        return RegistryCache(file: URL(fileURLWithPath: directory).appendingPathComponent("registry.json"))
    }

    /// The records, by path; empty when there is no cache or it is unreadable.
    public func read() -> [String: PluginRecord] {
        guard let data = try? Data(contentsOf: file),
              let records = try? JSONDecoder().decode([PluginRecord].self, from: data) else { return [:] }
        return Dictionary(records.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Replaces the cache with `records`. A cache that cannot be written is
    /// not an error: it only costs a reload next time.
    public func write(_ records: [PluginRecord]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(records.sorted { $0.path < $1.path }) else { return }
        let directory = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".registry.\(Posix.processID).\(UInt64.random(in: 0...UInt64.max)).json")
        do {
            try data.write(to: temporary)
            if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }
}
