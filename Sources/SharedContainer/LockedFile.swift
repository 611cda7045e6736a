#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// A file held under `flock` for the length of one call. Every system call of
/// this module is here.
struct LockedFile {
    enum Mode {
        /// `O_APPEND`, exclusive lock.
        case append
        /// Read only, shared lock.
        case read
        /// Read and write, exclusive lock.
        case drain
    }

    let path: String
    let descriptor: Int32

    static func withLock<R>(path: String, mode: Mode, _ body: (LockedFile) throws -> R) throws -> R {
        let flags: Int32
        switch mode {
        case .append: flags = O_WRONLY | O_APPEND | O_CREAT
        case .read: flags = O_RDONLY | O_CREAT
        case .drain: flags = O_RDWR | O_CREAT
        }
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        let operation = mode == .read ? LOCK_SH : LOCK_EX
        while flock(descriptor, operation) != 0 {
            if errno != EINTR { throw failure("flock", path) }
        }
        defer { _ = flock(descriptor, LOCK_UN) }
        return try body(LockedFile(path: path, descriptor: descriptor))
    }

    func write(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw LockedFile.failure("write", path)
                }
                offset += written
            }
        }
    }

    func readAll() throws -> Data {
        guard lseek(descriptor, 0, SEEK_SET) >= 0 else { throw LockedFile.failure("lseek", path) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LockedFile.failure("read", path)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
        }
    }

    func truncate() throws {
        guard ftruncate(descriptor, 0) == 0 else { throw LockedFile.failure("ftruncate", path) }
    }

    private static func failure(_ call: String, _ path: String) -> SharedContainerError {
        SharedContainerError(path: path, problem: "\(call) failed: \(String(cString: strerror(errno)))")
    }
}
