import ExthostPosix
import Foundation
import Logging

/// Watches folders with inotify and says, after a short quiet period, that
/// something in them changed: the service's hot reload.
///
/// A file being copied in raises several events before the copy ends; only
/// a file closed after writing (`IN_CLOSE_WRITE`) or moved in whole
/// (`IN_MOVED_TO`) is complete, and events are gathered until none has
/// come for ``quietMilliseconds``, so one copy is one change.
///
/// inotify watches only what exists: for a folder that does not exist yet,
/// its nearest existing parent is watched, and once the missing folder (or
/// the next folder on its way) is created there, it is watched and counts
/// as a change. Subfolders created meanwhile are watched too when
/// ``subfolders`` is set (app folders hold `Name/app.json`).
///
/// The watcher's thread runs until the process ends.
public final class DirectoryWatcher: Sendable {
    /// The folders watched.
    public let directories: [String]
    /// Whether subfolders one level down are watched too.
    public let subfolders: Bool
    /// How long events are gathered into one change.
    public let quietMilliseconds: Int32

    /// Starts watching; `onChange` is called on the watcher's thread with
    /// the names of the files that changed, after each quiet period.
    ///
    /// - Parameters:
    ///   - directories: The folders to watch.
    ///   - subfolders: Watch each folder's subfolders too.
    ///   - quietMilliseconds: Events are gathered until none has come for this long.
    ///   - logger: Where a failure to read the watch is told.
    ///   - onChange: Told the names that changed.
    package init(
        directories: [String],
        subfolders: Bool = false,
        quietMilliseconds: Int32 = 150,
        logger: Logger,
        onChange: @escaping @Sendable (_ names: Set<String>) -> Void
    ) throws(SystemCallError) {
        self.directories = directories
        self.subfolders = subfolders
        self.quietMilliseconds = quietMilliseconds
        let fd = try Posix.inotifyOpen()
        let watcher = self
        let awaited = watcher.watchFolders(fd)
        let thread = Thread {
            watcher.run(fd, awaiting: awaited, logger: logger, onChange: onChange)
        }
        thread.name = "exthost.watch"
        thread.start()
    }

    /// Adds a watch for each folder (and subfolder) that exists now, and for
    /// the nearest existing parent of each that does not.
    ///
    /// - Returns: For each parent watched, the names whose creation there
    ///   is awaited.
    private func watchFolders(_ fd: Int32) -> [Int32: Set<String>] {
        var awaited: [Int32: Set<String>] = [:]
        var watched: Set<Int32> = []
        for directory in directories {
            guard let watch = try? Posix.inotifyWatch(fd, directory: directory) else {
                var missing = URL(fileURLWithPath: directory).standardized
                while missing.path != "/" {
                    let parent = missing.deletingLastPathComponent()
                    if let watch = try? Posix.inotifyWatch(fd, directory: parent.path) {
                        awaited[watch, default: []].insert(missing.lastPathComponent)
                        break
                    }
                    missing = parent
                }
                continue
            }
            watched.insert(watch)
            guard subfolders, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names {
                if let watch = try? Posix.inotifyWatch(fd, directory: directory + "/" + name) { watched.insert(watch) }
            }
        }
        // A parent that is itself watched reports every change anyway.
        return awaited.filter { !watched.contains($0.key) }
    }

    /// Whether any of `events` is about a watched folder, rather than
    /// another file in a parent watched only for a folder to appear.
    private static func matter(_ events: [(watch: Int32, name: String, mask: UInt32)], awaiting: [Int32: Set<String>]) -> Bool {
        events.contains { event in
            guard let names = awaiting[event.watch] else { return true }
            return names.contains(event.name)
        }
    }

    private func run(_ fd: Int32, awaiting: [Int32: Set<String>], logger: Logger, onChange: @Sendable (Set<String>) -> Void) {
        var awaiting = awaiting
        while true {
            do {
                var events = try Posix.inotifyRead(fd)
                // One change is whatever comes until a quiet period.
                while try Posix.pollReadable(fd, until: Posix.deadline(after: Double(quietMilliseconds) / 1000)) {
                    events += try Posix.inotifyRead(fd)
                }
                guard Self.matter(events, awaiting: awaiting) else { continue }
                // Folders created or re-created meanwhile are watched from now on.
                awaiting = watchFolders(fd)
                onChange(Set(events.map(\.name)))
            } catch {
                logger.error("watching folders failed; changes are no longer noticed", metadata: ["error": "\(error)"])
                return
            }
        }
    }
}
