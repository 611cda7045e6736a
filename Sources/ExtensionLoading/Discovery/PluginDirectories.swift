import IntentConversation
import ExthostPosix
import Foundation

/// Where extension plugins are looked for.
///
/// In order: the directories given with `--plugins`; else those of
/// `EXTHOST_PLUGIN_PATH` (colon-separated), then `Plugins/` in the working
/// directory, then `Plugins/` beside the executable (and one level up, for
/// an executable inside a build folder). Directories that do not exist are
/// passed over; the same directory reached twice is read once.
public struct PluginDirectories: Sendable {
    public var directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// The directories for this process.
    ///
    /// - Parameters:
    ///   - explicit: Directories given on the command line; when not empty,
    ///     only these are used.
    ///   - environment: The process environment.
    public static func resolve(explicit: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> PluginDirectories {
        let candidates = candidates(explicit: explicit, environment: environment)
        var seen = Set<String>()
        var result: [String] = []
        for candidate in candidates {
            guard let real = try? Posix.realPath(candidate), !seen.contains(real) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            seen.insert(real)
            result.append(real)
        }
        return PluginDirectories(directories: result)
    }

    /// The directories looked in, in order, whether they exist yet or not:
    /// `explicit` when not empty, else `$EXTHOST_PLUGIN_PATH`, `./Plugins`
    /// and `Plugins/` beside the executable. ``resolve(explicit:environment:)``
    /// keeps those that exist; a watcher waits for the others.
    public static func candidates(explicit: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if !explicit.isEmpty { return explicit }
        var candidates: [String] = []
        if let path = environment["EXTHOST_PLUGIN_PATH"] {
            candidates += path.split(separator: ":").map(String.init)
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/Plugins")
        if let executable = Posix.executablePath() {
            let folder = (executable as NSString).deletingLastPathComponent
            candidates.append(folder + "/Plugins")
        }
        return candidates
    }

    /// The `.so` files in the directories, sorted by name within each.
    public func pluginPaths() -> [String] {
        var paths: [String] = []
        var seen = Set<String>()
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() where name.hasSuffix(".so") {
                let path = directory + "/" + name
                let key = (try? Posix.realPath(path)) ?? path
                if seen.insert(key).inserted { paths.append(path) }
            }
        }
        return paths
    }
}
