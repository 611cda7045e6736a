import ExthostPosix
/// A socket that accepts connections.
public final class UnixListener: @unchecked Sendable {
    public let path: String
    private let fileDescriptor: Int32

    /// Listens at `path`, replacing a socket file left there by a process
    /// that is gone.
    package init(path: String) throws(SystemCallError) {
        self.path = path
        Posix.unlink(path)
        let fd = try Posix.unixStreamSocket()
        do {
            try Posix.bind(fd, path: path)
            try Posix.listen(fd)
        } catch {
            Posix.close(fd)
            throw error
        }
        fileDescriptor = fd
    }

    /// Waits for the next connection.
    public func accept() throws -> UnixSocket {
        UnixSocket(fileDescriptor: try Posix.accept(fileDescriptor))
    }

    /// Stops listening and removes the socket file.
    public func close() {
        Posix.close(fileDescriptor)
        Posix.unlink(path)
    }
}
