import CExthostPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Posix {
    /// A new Unix-domain stream socket, close-on-exec.
    package static func unixStreamSocket() throws(SystemCallError) -> Int32 {
        try syscall("socket") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
    }

    /// A connected pair of Unix-domain stream sockets, both close-on-exec.
    package static func socketPair() throws(SystemCallError) -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try syscall("socketpair") { cexthostposix_socketpair_cloexec(&ends) }
        return (ends[0], ends[1])
    }

    /// `shutdown(fd, SHUT_WR)`: the peer reads end-of-file while this side
    /// can still read what the peer sends; a socket already gone is not an
    /// error.
    package static func shutDownWriting(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Calls `body` with a `sockaddr_un` for `path`; nil when the path is too long.
    private static func withUnixAddress<R>(
        _ path: String,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> R
    ) -> R? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumSocketPathLength else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// The longest socket path the platform takes.
    package static let maximumSocketPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// `connect(2)` to the socket at `path`.
    package static func connect(_ fd: Int32, path: String) throws(SystemCallError) {
        guard let result = withUnixAddress(path, { Glibc.connect(fd, $0, $1) }) else {
            throw SystemCallError(call: "connect", path: path, errno: ENAMETOOLONG)
        }
        if result < 0 { throw SystemCallError(call: "connect", path: path, errno: Glibc.errno) }
    }

    /// `bind(2)` to `path`.
    package static func bind(_ fd: Int32, path: String) throws(SystemCallError) {
        guard let result = withUnixAddress(path, { Glibc.bind(fd, $0, $1) }) else {
            throw SystemCallError(call: "bind", path: path, errno: ENAMETOOLONG)
        }
        if result < 0 { throw SystemCallError(call: "bind", path: path, errno: Glibc.errno) }
    }

    /// `listen(2)`.
    package static func listen(_ fd: Int32, backlog: Int32 = 16) throws(SystemCallError) {
        try syscall("listen") { Glibc.listen(fd, backlog) }
    }

    /// `accept4(2)`: the connection, close-on-exec.
    package static func accept(_ fd: Int32) throws(SystemCallError) -> Int32 {
        try syscall("accept") { cexthostposix_accept_cloexec(fd) }
    }

    /// Sends all of `bytes`, without SIGPIPE when the peer has gone.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            offset += try syscall("send") {
                Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
        }
    }

    /// `recv(2)` with `MSG_DONTWAIT`: what has arrived, without waiting;
    /// nil when nothing has, 0 at the end.
    package static func receiveWaiting(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int? {
        let count = Glibc.recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
        if count >= 0 { return count }
        let error = Glibc.errno
        if error == EAGAIN || error == EWOULDBLOCK { return nil }
        throw SystemCallError(call: "recv", errno: error)
    }

    /// The process at the other end of a connected Unix-domain socket.
    package static func peerProcessID(_ fd: Int32) -> Int32? {
        let pid = cexthostposix_peer_pid(fd)
        return pid > 0 ? pid : nil
    }
}
