import ArgumentParser

/// Where the service is, for a command that talks to it, and whether the
/// command may start one when none runs.
struct ServiceClientOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The service's socket (default $EXTHOST_SOCKET, else exthost-<hash>.sock in the runtime directory, the hash naming the plugin, app, data and cache folders).", valueName: "PATH"))
    var socket: String?

    @Flag(help: "Fail when no service runs there, instead of starting one in the background (`exthost serve --idle-exit 300`, logging to <socket>.log).")
    var noStart = false

    /// Whether either option was given: both belong to a request sent to the service.
    var isGiven: Bool { socket != nil || noStart }
}
