/// A client could not talk to the service.
public struct ServiceClientError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// Nothing listens at the socket.
        case notRunning
        /// A service started for the client did not come up.
        case startFailed
        /// The service closed the connection, or a read or write failed.
        case connectionLost
        /// The service sent something the client cannot read.
        case badReply
    }

    public var kind: Kind
    /// The socket's path.
    public var socketPath: String
    /// What failed and what to do.
    public var message: String

    public var description: String { message }
}
