import Logging

/// What the lines logged on behalf of one piece of work carry, wherever in
/// the code they are logged: the session of an HTTP API conversation
/// (`session`), the conversation of a Rasa request (`sender_id`).
///
/// The metadata is bound to the thread (or task) that runs the work, for
/// as long as ``with(_:_:)`` runs its body; a handler that reads
/// ``metadataProvider`` adds it to every line logged meanwhile on that
/// thread, through any `Logger`. Lines logged on other threads (a process's
/// output read by a thread of its own) do not carry it.
///
/// exthost's own processes install the provider with
/// ``StandardErrorLogHandler/bootstrap(environment:)``; an application that
/// embeds the service and brings its own handler passes
/// ``metadataProvider`` to `LoggingSystem.bootstrap(_:metadataProvider:)`.
public enum LogContext {
    @TaskLocal static var current: Logger.Metadata = [:]

    /// The metadata bound now on this thread or task.
    public static var metadata: Logger.Metadata { current }

    /// Runs `body` with `metadata` added to what is bound now (the new
    /// values win): every line logged meanwhile on this thread carries it.
    ///
    /// - Parameters:
    ///   - metadata: E.g. `["session": "\(identifier)"]`.
    ///   - body: The work; it runs on the calling thread.
    /// - Returns: What `body` returns.
    public static func with<Result>(_ metadata: Logger.Metadata, _ body: () -> Result) -> Result {
        $current.withValue(current.merging(metadata) { $1 }, operation: body)
    }

    /// The provider of the bound metadata, for `LoggingSystem.bootstrap`.
    public static let metadataProvider = Logger.MetadataProvider { current }
}
