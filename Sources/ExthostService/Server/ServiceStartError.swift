/// `exthost serve` could not start listening.
public struct ServiceStartError: Error, CustomStringConvertible {
    /// The socket's path.
    public var path: String
    /// What went wrong and what to do.
    public var reason: String

    public var description: String { "cannot serve on \(path): \(reason)" }
}
