#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A system call that failed: which call, on what, and the `errno` it set.
///
/// The one error type of ``Posix``: every module that reaches the system
/// through it reports failures the same way, e.g.
/// `open /run/user/1000/exthost/app.lock: Permission denied (errno 13)`.
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call, as its manual page names it: `open`, `flock`, `posix_spawn`.
    package var call: String
    /// The file, socket path or program the call was about, when there is one.
    package var path: String?
    /// The `errno` value (for `posix_spawn`, the error it returned).
    package var errno: Int32

    package init(call: String, path: String? = nil, errno: Int32) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    /// `strerror(errno)`: "No such file or directory".
    package var reason: String { String(cString: strerror(errno)) }

    package var description: String {
        let subject = path.map { "\(call) \($0)" } ?? call
        return "\(subject): \(reason) (errno \(errno))"
    }
}
