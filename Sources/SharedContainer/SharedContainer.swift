import Foundation

/// The folder an app and its extensions share (an app group), and the queues in it.
///
/// Both sides open the same container by the group's name:
///
/// ```swift
/// // In the extension, while the app is not running:
/// try SharedContainer(appGroup: "group.com.example.studyrecord")
///     .queue(named: "pending-records").append(record)
/// // In the app, at launch:
/// let pending = try SharedContainer(appGroup: "group.com.example.studyrecord")
///     .queue(named: "pending-records").drain(as: StudyRecord.self)
/// ```
///
/// Where containers live, in order: the `baseDirectory` given,
/// `$EXTHOST_SHARED_CONTAINERS`, `$XDG_DATA_HOME/exthost/AppGroups`,
/// `~/.local/share/exthost/AppGroups`. The system passes its choice to the apps
/// it launches in `EXTHOST_SHARED_CONTAINERS`.
///
/// This module depends on Foundation only, so the SDK, extensions and apps can
/// all link it.
public struct SharedContainer: Hashable, Sendable {
    /// The app group, e.g. `group.com.example.studyrecord`.
    public let appGroup: String
    /// The container's folder.
    public let url: URL

    /// Opens (creating if needed) the container of `appGroup`.
    ///
    /// - Parameters:
    ///   - appGroup: The group's name, as in the app's manifest (`appGroup`).
    ///   - baseDirectory: The folder holding every group's container; nil for the default.
    /// - Throws: ``SharedContainerError`` when the name is not usable as a
    ///   folder name or the folder cannot be made.
    public init(appGroup: String, baseDirectory: String? = nil) throws {
        guard !appGroup.isEmpty, !appGroup.contains("/"), appGroup != ".", appGroup != ".." else {
            throw SharedContainerError(path: appGroup, problem: "an app group's name must be a non-empty folder name without '/'")
        }
        let base = baseDirectory ?? SharedContainer.defaultBaseDirectory
        self.appGroup = appGroup
        self.url = URL(fileURLWithPath: base).appendingPathComponent(appGroup, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw SharedContainerError(path: url.path, problem: "cannot create the container: \(error.localizedDescription)")
        }
    }

    /// The folder of `appGroup`'s container, made when missing: what the
    /// system gives an extension and its app; nil for no group, and for a
    /// name or folder that cannot be a container.
    ///
    /// - Parameters:
    ///   - appGroup: The group, as an app's manifest declares it.
    ///   - baseDirectory: The folder holding every group's container; nil for the default.
    public static func path(appGroup: String?, baseDirectory: String?) -> String? {
        guard let appGroup, !appGroup.isEmpty else { return nil }
        return (try? SharedContainer(appGroup: appGroup, baseDirectory: baseDirectory))?.url.path
    }

    /// The folder holding every app group's container, from the environment.
    public static var defaultBaseDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["EXTHOST_SHARED_CONTAINERS"], !explicit.isEmpty { return explicit }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/exthost/AppGroups" }
        return NSHomeDirectory() + "/.local/share/exthost/AppGroups"
    }

    /// The queue stored in `<name>.jsonl` in this container.
    public func queue(named name: String) -> SharedQueue {
        SharedQueue(path: url.appendingPathComponent(name + ".jsonl").path)
    }

    /// Replaces the file `name` with `data` at once (write to a temporary file,
    /// then rename): a reader sees the old or the new contents, never a mix.
    /// The last writer wins; use a ``SharedQueue`` when no write may be lost.
    public func write(_ data: Data, toFileNamed name: String) throws {
        try data.write(to: url.appendingPathComponent(name), options: .atomic)
    }

    /// The contents of the file `name`, or nil when it does not exist.
    public func contents(ofFileNamed name: String) -> Data? {
        FileManager.default.contents(atPath: url.appendingPathComponent(name).path)
    }
}

/// A shared container or queue that could not be used.
public struct SharedContainerError: Error, CustomStringConvertible {
    /// The file or folder concerned.
    public let path: String
    public let problem: String

    public var description: String { "\(path): \(problem)" }
}
