import ArgumentParser
import ExthostPosix
import ExthostService
import Foundation

/// Where `exthost run`, `say`, `open` and `list` do their work: through the
/// service by default (started in the background when none runs, as
/// `gpg-agent` is), or in the command's own process with `--in-process`.
///
/// When the service cannot be used (none runs and none can be started:
/// the runtime directory cannot be written, the service does not come up),
/// a command on the default path says why on standard error, in one line,
/// and does its work itself: `run` and `say` in an extension process of
/// their own (as `--isolated`, so a faulty plugin still cannot take the
/// command down), `open` and `list` in-process (they run no plugin code in
/// the command's process). A command that asked for the service
/// (`--service`, `--socket`, `--no-start`, `$EXTHOST_SOCKET`) fails instead
/// (status 4), as before: a socket named is a socket meant.
struct CommandPathOptions: ParsableArguments {
    /// The variable that makes `--in-process` the default (test suites,
    /// scripts that debug a plugin).
    static let inProcessVariable = "EXTHOST_IN_PROCESS"

    @Flag(help: "Go through the service and fail (status 4) when it cannot be used, rather than work without it.")
    var service = false

    @Flag(help: "Work in this process, without the service: today's single-process path, for debugging a plugin ($EXTHOST_IN_PROCESS=1 makes it the default).")
    var inProcess = false

    @OptionGroup var serviceClient: ServiceClientOptions

    func validate() throws {
        if service && inProcess { throw ValidationError("--service and --in-process are two ways of running it: give one") }
        if inProcess && serviceClient.isGiven { throw ValidationError("--socket and --no-start are about the service; --in-process works without it") }
    }

    /// Whether the service is asked (`--service`, `--socket`, `--no-start`),
    /// or chosen by default: not `--in-process`, and `$EXTHOST_IN_PROCESS`
    /// unset (or `0`).
    var usesService: Bool {
        if service || serviceClient.isGiven { return true }
        if inProcess { return false }
        let variable = Posix.environment(Self.inProcessVariable) ?? ""
        return variable.isEmpty || variable == "0"
    }

    /// Whether the socket is named (`--socket`, `$EXTHOST_SOCKET`) rather
    /// than found from the configuration (``ServiceSocket``).
    var socketIsGiven: Bool { serviceClient.socket != nil || ServiceSocket.isGiven() }

    /// Checks that folders given on the command line can configure the
    /// service: not when the socket is named, whose service has its own.
    func validate(folders: [String], flags: String) throws {
        if usesService && socketIsGiven && !folders.isEmpty {
            throw ValidationError("\(flags) configure the service this command starts, but the socket is named (--socket or $EXTHOST_SOCKET) and its service has its own folders: give them to its `exthost serve`, or add --in-process")
        }
    }

    /// The service to send the work to: connected, started first when none
    /// runs; nil when the work is done here (`--in-process`, or the default
    /// path with a service that cannot be used, said on standard error
    /// with `fallback`).
    ///
    /// - Parameters:
    ///   - plugins: `--plugins` folders: they configure a service started here.
    ///   - apps: `--apps` folders, likewise.
    ///   - json, intent: For the error when the service was asked for and cannot be used.
    ///   - fallback: What the command does instead, for the note.
    func connect(plugins: [String] = [], apps: [String] = [], json: Bool, intent: String?, fallback: String) -> ServiceClient? {
        guard usesService else { return nil }
        let path = serviceClient.socket ?? ServiceSocket.path(plugins: plugins, apps: apps)
        let serve = plugins.flatMap { ["--plugins", absolute($0)] } + apps.flatMap { ["--apps", absolute($0)] }
        do {
            let client = try ServiceConversation.connect(to: path, starting: !serviceClient.noStart, serveArguments: serve)
            if plugins.isEmpty, apps.isEmpty, !socketIsGiven { FrontIndex.record(socket: path) }
            return client
        } catch {
            if service || serviceClient.isGiven || socketIsGiven { ServiceConversation.fail(error, json: json, intent: intent) }
            Console.note("\(error.message); \(fallback)")
            return nil
        }
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
