import CExthostPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Posix {
    /// The identity of a file on disk, as `stat` reports it.
    package struct FileIdentity: Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64
        package var size: Int64
        /// Modification time in nanoseconds since the epoch.
        package var modified: Int64
        package var isRegularFile: Bool
        /// The owner's user id.
        package var owner: UInt32
        /// The permission bits (`st_mode & 07777`).
        package var permissions: UInt32

        /// Whether users other than the owner and its group may write it.
        /// What says whether the file's bytes may have changed: the same
        /// file (device, inode) with the same size and modification time.
        /// A `chmod` or `chown` changes the identity, not the version.
        package struct Version: Hashable, Sendable {
            package var device: UInt64
            package var inode: UInt64
            package var size: Int64
            package var modified: Int64
        }

        /// The file's version (see ``Version``).
        package var version: Version { Version(device: device, inode: inode, size: size, modified: modified) }

        package var isWritableByOthers: Bool { permissions & UInt32(S_IWOTH) != 0 }
        /// Whether the file's group may write it.
        package var isWritableByGroup: Bool { permissions & UInt32(S_IWGRP) != 0 }
    }

    /// `stat(2)` of a path.
    package static func fileIdentity(_ path: String) throws(SystemCallError) -> FileIdentity {
        var info = stat()
        try syscall("stat", path: path) { stat(path, &info) }
        return FileIdentity(
            device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino),
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG,
            owner: UInt32(info.st_uid),
            permissions: UInt32(info.st_mode & 0o7777)
        )
    }

    /// `realpath(3)`: the absolute path with links resolved.
    package static func realPath(_ path: String) throws(SystemCallError) -> String {
        guard let resolved = Glibc.realpath(path, nil) else {
            throw SystemCallError(call: "realpath", path: path, errno: Glibc.errno)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path of the running executable (`/proc/self/exe`).
    package static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return buffer.withUnsafeBufferPointer { pointer in
            String(decoding: UnsafeRawBufferPointer(start: pointer.baseAddress, count: count), as: UTF8.self)
        }
    }

    /// The file where the service socket resolved from this process's raw
    /// inputs (working directory, executable folder, the `EXTHOST_*`,
    /// `XDG_*`, `HOME` and `TMPDIR` variables) is recorded for the `exthost`
    /// front (`cexthostposix_front_index_path`, which the front calls too).
    /// Nil when the working directory or the executable cannot be read.
    package static func frontIndexPath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard cexthostposix_front_index_path(&buffer, buffer.count) == 0 else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `fd` is a terminal (a person may be reading or typing there).
    package static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// Whether `path` names a file this process may execute.
    package static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// `open(2)`, always with `O_CLOEXEC`: no descriptor leaks into a child.
    package static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemCallError) -> Int32 {
        try syscall("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
    }

    /// `close(2)`. Not retried: on Linux the descriptor is gone even when
    /// close reports `EINTR`.
    package static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// `unlink(2)`, ignoring a file that is already gone.
    package static func unlink(_ path: String) {
        _ = Glibc.unlink(path)
    }

    /// `mkdir(2)`; a directory that already exists is not an error.
    package static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(SystemCallError) {
        if mkdir(path, mode) < 0 && Glibc.errno != EEXIST {
            throw SystemCallError(call: "mkdir", path: path, errno: Glibc.errno)
        }
    }

    /// `flock(2)`, waiting for the lock: exclusive, or shared when `shared`.
    package static func lock(_ fd: Int32, shared: Bool = false, path: String? = nil) throws(SystemCallError) {
        try syscall("flock", path: path) { flock(fd, shared ? LOCK_SH : LOCK_EX) }
    }

    /// `flock(2)` without waiting: whether the exclusive lock was taken
    /// (false when another open file description holds one).
    package static func tryLock(_ fd: Int32, path: String? = nil) throws(SystemCallError) -> Bool {
        while flock(fd, LOCK_EX | LOCK_NB) < 0 {
            let code = Glibc.errno
            if code == EWOULDBLOCK { return false }
            if code != EINTR { throw SystemCallError(call: "flock", path: path, errno: code) }
        }
        return true
    }

    /// Whether the file open on `fd` still has a name (`fstat`'s link
    /// count): false once it was unlinked, by this process or another.
    package static func isLinked(_ fd: Int32) -> Bool {
        var status = stat()
        return fstat(fd, &status) == 0 && status.st_nlink > 0
    }

    /// `rename(2)`: `from` takes the name `to`, atomically.
    package static func rename(_ from: String, to: String) throws(SystemCallError) {
        try syscall("rename", path: from) { Glibc.rename(from, to) }
    }

    /// Releases a `flock`.
    package static func unlock(_ fd: Int32) {
        _ = flock(fd, LOCK_UN)
    }

    /// Runs `body` with `path` open and locked (exclusive, or shared when
    /// `shared`), then unlocks and closes it.
    package static func withLockedFile<R>(
        _ path: String,
        flags: Int32,
        shared: Bool = false,
        _ body: (Int32) throws -> R
    ) throws -> R {
        let fd = try open(path, flags: flags)
        defer { close(fd) }
        try lock(fd, shared: shared, path: path)
        defer { unlock(fd) }
        return try body(fd)
    }

    /// `read(2)` into `buffer`: the number of bytes read, 0 at the end.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String? = nil) throws(SystemCallError) -> Int {
        try syscall("read", path: path) { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Reads from `fd` until the end of the file.
    package static func readToEnd(_ fd: Int32, path: String? = nil) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try read(fd, into: buffer, path: path) }
            }.get()
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Reads a whole file, regular or not: a FIFO or a pipe (`<(…)`) is
    /// read to its end as a regular file is.
    package static func readFile(_ path: String) throws(SystemCallError) -> [UInt8] {
        let fd = try open(path, flags: O_RDONLY)
        defer { close(fd) }
        return try readToEnd(fd, path: path)
    }

    /// Reads up to `count` bytes from the start of a file.
    package static func readPrefix(_ path: String, count: Int) throws(SystemCallError) -> [UInt8] {
        let fd = try open(path, flags: O_RDONLY)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let more = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in
                    try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[got...]), path: path)
                }
            }.get()
            if more == 0 { break }
            got += more
        }
        return Array(bytes.prefix(got))
    }

    /// Writes all of `bytes` to `fd`, however many calls it takes.
    package static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String? = nil) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            offset += try syscall("write", path: path) {
                Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            }
        }
    }

    /// Moves `fd` back to its start.
    package static func rewind(_ fd: Int32, path: String? = nil) throws(SystemCallError) {
        try syscall("lseek", path: path) { lseek(fd, 0, SEEK_SET) }
    }

    /// Empties the file open on `fd`.
    package static func truncate(_ fd: Int32, path: String? = nil) throws(SystemCallError) {
        try syscall("ftruncate", path: path) { ftruncate(fd, 0) }
    }
}

// MARK: - Descriptors

extension Posix {
    /// Whether `fd` is an open descriptor (`fcntl(F_GETFD)` does not fail
    /// with `EBADF`): a process may be started with a standard stream closed.
    package static func isOpen(_ fd: Int32) -> Bool {
        fcntl(fd, F_GETFD) != -1 || Glibc.errno != EBADF
    }

    /// A new descriptor for what `fd` is open on, the lowest free one from 3
    /// up, closed on exec (`fcntl(F_DUPFD_CLOEXEC)`).
    package static func duplicate(_ fd: Int32) throws(SystemCallError) -> Int32 {
        try syscall("fcntl F_DUPFD_CLOEXEC") { fcntl(fd, F_DUPFD_CLOEXEC, 3) }
    }

    /// Makes `target` a descriptor for what `fd` is open on (`dup2`).
    package static func duplicate(_ fd: Int32, onto target: Int32) throws(SystemCallError) {
        try syscall("dup2") { dup2(fd, target) }
    }

    /// Opens `/dev/null` for reading and writing on `fd`, which is closed,
    /// inherited by children as a standard stream is.
    package static func openNullDevice(on fd: Int32) throws(SystemCallError) {
        let null = try syscall("open", path: "/dev/null") { Glibc.open("/dev/null", O_RDWR) }
        if null != fd {
            try duplicate(null, onto: fd)
            close(null)
        }
    }

    /// A pipe, both ends closed on exec: (read end, write end).
    package static func pipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try syscall("pipe2") { cexthostposix_pipe_cloexec(&ends) }
        return (ends[0], ends[1])
    }
}
