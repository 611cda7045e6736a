#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// inotify: being told when files in a directory are written, moved or
/// removed, without looking.
extension Posix {
    /// What a watch reports: a file written and closed (`IN_CLOSE_WRITE`),
    /// moved in or out (`IN_MOVED_TO`, `IN_MOVED_FROM`), created or deleted
    /// (a folder created, a file removed), its permissions changed
    /// (`IN_ATTRIB`), and the watched directory itself gone.
    ///
    /// A file being copied in raises `IN_CREATE` and `IN_MODIFY` before the
    /// copy ends; only `IN_CLOSE_WRITE` and `IN_MOVED_TO` say it is whole,
    /// so `IN_MODIFY` is not asked for.
    package static let inotifyChanges: UInt32 = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    /// A new inotify instance (close-on-exec).
    package static func inotifyOpen() throws(SystemCallError) -> Int32 {
        try syscall("inotify_init1") { inotify_init1(Int32(IN_CLOEXEC)) }
    }

    /// Watches the directory at `path` for ``inotifyChanges``: the watch's
    /// descriptor (the same one again for a directory already watched).
    package static func inotifyWatch(_ fd: Int32, directory path: String) throws(SystemCallError) -> Int32 {
        try syscall("inotify_add_watch", path: path) { inotify_add_watch(fd, path, inotifyChanges | UInt32(IN_ONLYDIR)) }
    }

    /// Reads the events waiting on `fd` (blocks until one is there): for
    /// each, the watch it came from and the name of the file it is about
    /// (empty for the directory itself).
    package static func inotifyRead(_ fd: Int32) throws(SystemCallError) -> [(watch: Int32, name: String, mask: UInt32)] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemCallError) in try read(fd, into: bytes) }
        }.get()
        var events: [(watch: Int32, name: String, mask: UInt32)] = []
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = bytes[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
                events.append((watch, String(decoding: nameBytes, as: UTF8.self), mask))
                offset += header + length
            }
        }
        return events
    }
}
