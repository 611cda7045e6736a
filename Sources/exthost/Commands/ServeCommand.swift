import AppHandoff
import ArgumentParser
import ExtensionLoading
import ExthostPosix
import ExthostService
import ExtensionProcesses
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
            Listens on --socket (default $EXTHOST_SOCKET, else exthost-<hash>.sock in the runtime \
            directory: $EXTHOST_RUNTIME_DIR, $XDG_RUNTIME_DIR/exthost or /tmp/exthost-<uid>; the \
            hash names the plugin, app, data and cache folders, so clients of other folders \
            never reach it) and serves `exthost run` and any client of the protocol in \
            docs/service-protocol.md, many at once. Each extension runs in processes of its own \
            (exthost extension-process), started on the first request for it, kept warm between \
            requests and ended after --extension-idle seconds unused; one that keeps crashing is \
            disabled for a while. A spare extension process, already started, takes the first \
            request for an extension that has none (--no-spare to keep none). \
            --in-process loads plugins into the service instead. \
            --http HOST:PORT serves the HTTP API of docs/http-api.md too, on loopback unless \
            --http-allow-remote and --http-token-file are given. \
            A conversation that asks a question stays open as a session until \
            --session-expiry seconds pass without an answer. The plugin and app folders are \
            watched: a plugin or app manifest added, changed or removed is picked up by the next \
            request, without a restart (conversations in progress finish on the plugin they \
            started with).

            Runs in the foreground and logs to standard error. SIGTERM or SIGINT stops it \
            cleanly: conversations in progress get an error answer, the socket is removed, \
            and it exits with 0; so does --idle-exit once no client has been connected and no \
            session open for that long. `exthost run` (and say, open, list, lock, unlock) \
            start one in the background when none runs (unless --no-start), with --idle-exit 300 \
            and its log in <socket>.log.
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

    @Flag(help: "Load extensions into the service's own process, as before extension processes (for debugging: a crash or hang in a plugin then takes the service with it).")
    var inProcess = false

    @Option(help: "Seconds an unused extension process is kept warm before it is ended.")
    var extensionIdle: Double = 30

    @Option(help: "Sessions open at once (running, or waiting for an answer) beyond which a new request is refused (tooManySessions, status 4).")
    var maxSessions: Int = 256

    @Flag(help: "Keep no spare extension process: each new extension process is then started for its plugin, paying a whole process start (a spare is a process with the runtime up, waiting to be given a plugin; it costs about 28 MiB resident).")
    var noSpare = false

    @Option(help: ArgumentHelp("End the service after this many seconds with no client connected and no session open (default: run until stopped). A service a client starts has 300.", valueName: "SECONDS"))
    var idleExit: Double?

    @Option(help: ArgumentHelp("Each extension process's memory limit in MiB (0 for none; default 1024): resident memory, in a cgroup of the process's own where the service may make one (cgroup v2 memory.max, else cgroup v1 memory.limit_in_bytes); else address space (RLIMIT_AS). The start log says which is in force, and why.", valueName: "MiB"))
    var memoryLimit: UInt64?

    @Option(help: ArgumentHelp("Also serve the HTTP API (docs/http-api.md) at this address: a loopback address and a port, like 127.0.0.1:8080 (port 0: the system chooses; the log names it).", valueName: "HOST:PORT"))
    var http: String?

    @Flag(help: "Let --http bind an address other than loopback (needs --http-token-file).")
    var httpAllowRemote = false

    @Option(help: ArgumentHelp("A file whose first line is the token HTTP clients must send (Authorization: Bearer TOKEN); required with --http-allow-remote.", valueName: "FILE"))
    var httpTokenFile: String?

    func validate() throws {
        try NumericOption.validateSeconds(deadline, "--deadline")
        try NumericOption.validateSeconds(sessionExpiry, "--session-expiry")
        try NumericOption.validateSeconds(extensionIdle, "--extension-idle")
        try NumericOption.validateSeconds(idleExit, "--idle-exit")
        guard (1...100_000).contains(maxSessions) else { throw ValidationError("--max-sessions takes a count from 1 to 100000; got \(maxSessions)") }
        if inProcess && memoryLimit != nil { throw ValidationError("--memory-limit applies to extension processes, not --in-process") }
        if inProcess && noSpare { throw ValidationError("--no-spare applies to extension processes, not --in-process") }
        if http == nil && (httpAllowRemote || httpTokenFile != nil) {
            throw ValidationError("--http-allow-remote and --http-token-file go with --http HOST:PORT")
        }
        _ = try httpConfiguration()
    }

    /// The HTTP API's settings, from --http and its token file.
    private func httpConfiguration() throws -> HTTPConfiguration? {
        guard let http else { return nil }
        var token: String?
        if let httpTokenFile {
            guard let text = try? String(contentsOfFile: httpTokenFile, encoding: .utf8) else {
                throw ValidationError("cannot read the token file \(httpTokenFile); write the token on its first line")
            }
            token = text.split(separator: "\n", omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        do {
            var configuration = try HTTPConfiguration(address: http, token: token, allowRemote: httpAllowRemote)
            configuration.appDirectories = appDirectories
            return configuration
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Where extension processes get memory cgroups, logged once with the
    /// limit in force: resident memory in a cgroup of each process's own,
    /// or address space (`RLIMIT_AS`) and why no cgroup can be made.
    static func memoryCgroups(limit: UInt64?, logger: Logger) -> MemoryCgroups? {
        guard let limit else {
            logger.notice("extension processes have no memory limit (--memory-limit 0)")
            return nil
        }
        switch MemoryCgroups.find() {
        case .available(let groups):
            logger.info("memory limit of extension processes: \(limit >> 20) MiB of resident memory each, in a memory cgroup of its own (\(groups.version.rawValue), \(groups.limitFile))",
                        metadata: ["cgroups": "\(groups.parent)"])
            let stale = groups.removeStale()
            if !stale.isEmpty {
                logger.info("removed memory cgroups left by services that ended", metadata: ["cgroups": "\(stale.joined(separator: " "))"])
            }
            return groups
        case .unavailable(let reasons):
            logger.notice("memory limit of extension processes: \(limit >> 20) MiB of address space each (RLIMIT_AS), as no memory cgroup can be made here",
                          metadata: ["why": "\(reasons.joined(separator: "; "))"])
            return nil
        }
    }

    /// Says once at start whether the records of answered requests are
    /// flushed to the disk at each commit (`EXTHOST_FLUSH_DONATIONS=1`,
    /// part of the socket's name, so a client that asks for it reaches a
    /// service that does it), and what is wrong with another value.
    static func logDonationDurability(_ environment: [String: String], logger: Logger) {
        if let problem = SystemDonations.Configuration.flushSettingProblem(environment) { logger.warning("\(problem)") }
        if SystemDonations.Configuration.flushes(environment) {
            logger.info("donation commits are flushed to the disk (EXTHOST_FLUSH_DONATIONS=1), each before its answer: a record a client was answered after survives a power cut")
        } else {
            logger.info("donation commits are not flushed to the disk: each record is written down in a journal before its answer and committed after it; a record a client was answered after survives the service's end, not a power cut (EXTHOST_FLUSH_DONATIONS=1 commits and flushes them before the answer)")
        }
    }

    func run() async throws {
        let logger = Logger(label: "exthost.serve")
        Self.logDonationDurability(ProcessInfo.processInfo.environment, logger: logger)
        SystemDonations.answerBeforeCommit()
        let configuration = ServiceConfiguration(socketPath: socket ?? ServiceSocket.path(plugins: pluginDirectories, apps: appDirectories),
                                                 sessionExpiry: sessionExpiry, stageDeadline: deadline, idleExit: idleExit,
                                                 maximumSessions: maxSessions, http: try httpConfiguration())
        // One loader for every request: a plugin is loaded once and stays loaded.
        let loader = ExtensionLoader(services: .system)
        // The folders as given (`.standard` resolves them at each scan, so
        // one created later is used); the watcher also waits for those that
        // do not exist yet. New plugins have the stage deadline to load.
        let (pluginDirectories, deadline) = (self.pluginDirectories, self.deadline)
        // Each extension in processes of its own, kept warm between requests.
        var extensionConfiguration = ExtensionProcessConfiguration(
            executable: Posix.executablePath() ?? CommandLine.arguments[0],
            memoryLimit: memoryLimit == 0 ? nil : memoryLimit.map { $0 << 20 } ?? ExtensionProcessConfiguration.defaultMemoryLimit,
            launchBudget: deadline,
            logger: Logger(label: "exthost.extension")
        )
        if !inProcess {
            extensionConfiguration.memoryCgroups = Self.memoryCgroups(limit: extensionConfiguration.memoryLimit, logger: logger)
        }
        let cgroups = extensionConfiguration.memoryCgroups
        let processes = inProcess ? nil : ExtensionProcessPool(
            configuration: extensionConfiguration,
            idleTimeout: extensionIdle,
            logger: logger,
            keepsSpare: !noSpare
        )
        // Hot reload: the plugin and app folders are watched; a change is
        // picked up by the next request, without a restart. The registry it
        // keeps is the one every request and listing is answered from.
        let appFolders = AppCatalog.directories(given: appDirectories)
        let reload = ServiceReload(catalog: { .standard(explicit: pluginDirectories, deadline: deadline, apps: appFolders) }, processes: processes,
                                   appDirectories: appFolders, logger: logger)
        let watchers: [DirectoryWatcher]
        do {
            watchers = [
                try DirectoryWatcher(directories: PluginDirectories.candidates(explicit: pluginDirectories), logger: logger) { _ in reload.pluginsChanged() },
                try DirectoryWatcher(directories: appFolders, subfolders: true, logger: logger) { _ in reload.appsChanged() },
            ]
        } catch {
            Console.error("cannot watch the plugin and app folders: \(error)")
            throw ExitCode(.systemError)
        }
        let listing: ServiceListing = { notable in
            ExtensionListing(registry: reload.registry, directories: PluginDirectories.resolve(explicit: pluginDirectories).directories,
                             disabled: processes?.disabledExtensions() ?? [:], notableMilliseconds: notable).render()
        }
        // `open`: as `exthost open` does, with the service's app folders read
        // as they are now, and the client's deadline for the app.
        let opening: ServiceOpening = { activity, app, appDeadline in
            OpenRendering.open(activity, source: "the activity", app: app,
                               handoff: OpenCommand.handoff(appDirectories: appFolders, deadline: appDeadline ?? deadline),
                               warn: { logger.warning("app manifest not used", metadata: ["problem": "\($0)"]) })
        }
        // `command`: the front's `exthost run FILE` and `exthost say PHRASE`,
        // run as the full program would through this service, their output captured.
        let commanding: ServiceCommanding = { invocation, conversations in
            invocation.arguments.first == SayCommand.configuration.commandName
                ? SayCommand.runForFront(invocation, through: conversations)
                : RunCommand.runForFront(invocation, through: conversations)
        }
        let service = IntentService(configuration: configuration, renderer: CommandLineRendering(), logger: logger, listing: listing,
                                    opening: opening, commanding: commanding) { stageDeadline in
            var runner = IntentRunner(extensions: reload.extensions, loader: loader, apps: reload.apps, stageDeadline: stageDeadline)
            runner.processes = processes
            return runner
        }
        processes?.observe { [service] event in service.countExtensionProcess(event.rawValue) }
        // The watchers' threads run until the process ends.
        // Each process removes its cgroup when it ends; any left go after.
        // What was answered and not yet committed is committed before the end.
        defer { SystemDonations.finishRecords(); processes?.shutDown(); cgroups?.removeAll(); _ = watchers }
        let group = ServiceGroup(
            configuration: .init(services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        do {
            try await group.run()
        } catch let error as ServiceStartError {
            Console.error(error.description)
            throw ExitCode(.systemError)
        }
    }
}
