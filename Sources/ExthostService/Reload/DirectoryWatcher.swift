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
/// A folder that does not exist when the watcher starts is not watched
/// (inotify watches only what exists); it is watched from the first change
/// in another watched folder on, as are subfolders created meanwhile when
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
    ///   - logger: Where a folder that cannot be watched is told.
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
        watcher.watchFolders(fd, logger: logger)
        let thread = Thread {
            watcher.run(fd, logger: logger, onChange: onChange)
        }
        thread.name = "exthost.watch"
        thread.start()
    }

    /// Adds a watch for each folder (and subfolder) that exists now.
    private func watchFolders(_ fd: Int32, logger: Logger) {
        for directory in directories {
            guard (try? Posix.inotifyWatch(fd, directory: directory)) != nil else {
                logger.debug("not watched (it does not exist yet)", metadata: ["folder": "\(directory)"])
                continue
            }
            guard subfolders, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names {
                _ = try? Posix.inotifyWatch(fd, directory: directory + "/" + name)
            }
        }
    }

    private func run(_ fd: Int32, logger: Logger, onChange: @Sendable (Set<String>) -> Void) {
        while true {
            do {
                var names = Set(try Posix.inotifyRead(fd).map(\.name))
                // One change is whatever comes until a quiet period.
                while try Posix.pollReadable(fd, milliseconds: quietMilliseconds) {
                    names.formUnion(try Posix.inotifyRead(fd).map(\.name))
                }
                // Folders created or re-created meanwhile are watched from now on.
                watchFolders(fd, logger: logger)
                onChange(names)
            } catch {
                logger.error("watching folders failed; changes are no longer noticed", metadata: ["error": "\(error)"])
                return
            }
        }
    }
}
