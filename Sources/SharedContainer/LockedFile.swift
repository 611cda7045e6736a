import ExthostPosix
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file held under `flock` for the length of one call, so that an app and
/// its extensions can share it from separate processes.
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
        do {
            return try Posix.withLockedFile(path, flags: flags, shared: mode == .read) { descriptor in
                try body(LockedFile(path: path, descriptor: descriptor))
            }
        } catch let error as SystemCallError {
            throw SharedContainerError(path: path, problem: "\(error.call) failed: \(error.reason)")
        }
    }

    func write(_ data: Data) throws {
        try mapFailure {
            try data.withUnsafeBytes { bytes in try Posix.write(descriptor, bytes, path: path) }
        }
    }

    func readAll() throws -> Data {
        try mapFailure {
            try Posix.rewind(descriptor, path: path)
            return Data(try Posix.readToEnd(descriptor, path: path))
        }
    }

    func truncate() throws {
        try mapFailure { try Posix.truncate(descriptor, path: path) }
    }

    private func mapFailure<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as SystemCallError {
            throw SharedContainerError(path: path, problem: "\(error.call) failed: \(error.reason)")
        }
    }
}
