#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every system call the host makes goes through here, so errno and dlerror
/// handling live in one place.
enum Posix {
    /// The identity of a file on disk, as `stat` reports it.
    struct FileIdentity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        /// Modification time in nanoseconds since the epoch.
        var modified: Int64
        var isRegularFile: Bool
    }

    /// A failed system call: what was called, on what, and why.
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var path: String
        var reason: String

        var description: String { "\(call) \(path): \(reason)" }
    }

    /// The reason text of the current errno.
    static func errnoText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// `stat(2)` of a path.
    static func fileIdentity(_ path: String) throws(Failure) -> FileIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Failure(call: "stat", path: path, reason: errnoText())
        }
        return FileIdentity(
            device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino),
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG
        )
    }

    /// `realpath(3)`: the absolute path with links resolved.
    static func realPath(_ path: String) throws(Failure) -> String {
        guard let resolved = Glibc.realpath(path, nil) else {
            throw Failure(call: "realpath", path: path, reason: errnoText())
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads up to `count` bytes from the start of a file.
    static func readPrefix(_ path: String, count: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(call: "open", path: path, reason: errnoText()) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, count) }
        guard got >= 0 else { throw Failure(call: "read", path: path, reason: errnoText()) }
        return Array(bytes.prefix(got))
    }

    /// `dlopen(path, RTLD_NOW | RTLD_LOCAL)`. Returns the handle or dlerror's text.
    static func dlopenNowLocal(_ path: String) -> Result<UnsafeMutableRawPointer, DynamicLinkerError> {
        _ = dlerror()
        if let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) {
            return .success(handle)
        }
        return .failure(DynamicLinkerError(message: lastDynamicLinkerError()))
    }

    /// `dlsym(handle, name)`.
    static func dlsym(_ handle: UnsafeMutableRawPointer, _ name: String) -> UnsafeMutableRawPointer? {
        _ = dlerror()
        return Glibc.dlsym(handle, name)
    }

    /// The text of the last dynamic-linker error.
    static func lastDynamicLinkerError() -> String {
        guard let text = dlerror() else { return "unknown dynamic linker error" }
        return String(cString: text)
    }

    /// A dynamic-linker error message, as `dlerror` gave it.
    struct DynamicLinkerError: Error {
        var message: String
    }

    /// `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds.
    @inline(__always)
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The path of the running executable.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return buffer.withUnsafeBufferPointer { pointer in
            String(decoding: UnsafeRawBufferPointer(start: pointer.baseAddress, count: count), as: UTF8.self)
        }
    }

    /// Ends the process at once, without running atexit handlers or Swift
    /// deinitialisers: how a stuck extension is unloaded.
    static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }
}
