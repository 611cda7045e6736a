import AppHandoff
import ArgumentParser
import ExtensionLoading
import ExthostPosix
import ExthostService
import Foundation
import IntentSystem
import Logging
import ServiceLifecycle

/// `exthost serve`: the system as a long-running process.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Runs the system as a service: conversations as sessions over a Unix socket.",
        discussion: """
            Listens on --socket (default $EXTHOST_SOCKET, else exthost.sock in the runtime \
            directory: $EXTHOST_RUNTIME_DIR, $XDG_RUNTIME_DIR/exthost or /tmp/exthost-<uid>) \
            and serves `exthost run --service` and any client of the protocol in \
            docs/service-protocol.md, many at once. Plugins stay loaded between requests. \
            A conversation that asks a question stays open as a session until \
            --session-expiry seconds pass without an answer.

            Runs in the foreground and logs to standard error. SIGTERM or SIGINT stops it \
            cleanly: conversations in progress get an error answer, the socket is removed, \
            and it exits with 0.
            """
    )

    @Option(help: ArgumentHelp("The socket to listen on.", valueName: "PATH"))
    var socket: String?

    @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins to use instead of the default ones. Repeatable.", valueName: "DIR"))
    var pluginDirectories: [String] = []

    @Option(name: .customLong("apps"), help: ArgumentHelp("A directory of app manifests to use instead of the default ones ($EXTHOST_APP_PATH, else ./Apps). Repeatable.", valueName: "DIR"))
    var appDirectories: [String] = []

    @Option(help: "Seconds each stage may take, unless a request asks for other.")
    var deadline: Double = 10

    @Option(help: "Seconds a session waits for an answer before it expires.")
    var sessionExpiry: Double = 300

    func validate() throws {
        try NumericOption.validateSeconds(deadline, "--deadline")
        try NumericOption.validateSeconds(sessionExpiry, "--session-expiry")
    }

    func run() async throws {
        let logger = Logger(label: "exthost.serve")
        let configuration = ServiceConfiguration(socketPath: socket ?? ServiceConfiguration.defaultSocketPath,
                                                 sessionExpiry: sessionExpiry, stageDeadline: deadline)
        let apps = AppHandoff(appDirectories: appDirectories.isEmpty ? AppCatalog.defaultDirectories : appDirectories)
        // One loader for every request: a plugin is loaded once and stays loaded.
        let loader = ExtensionLoader(services: .system)
        let pluginDirectories = PluginDirectories.resolve(explicit: self.pluginDirectories).directories
        let service = IntentService(configuration: configuration, renderer: CommandLineRendering(), logger: logger) { stageDeadline in
            // Extensions run in this process; an isolating endpoint plugs in here.
            IntentRunner(catalog: .standard(explicit: pluginDirectories), loader: loader, apps: apps, stageDeadline: stageDeadline)
        }
        let group = ServiceGroup(
            configuration: .init(services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        do {
            try await group.run()
        } catch let error as ServiceStartError {
            Console.error(error.description)
            throw ExitCode(.systemError)
        }
    }
}
