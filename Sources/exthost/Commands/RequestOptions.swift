import ArgumentParser
import ExthostService

/// What `exthost run` and `exthost say` share about a request: answers
/// given in advance, the plugin and app folders and isolation when it runs
/// here, or the running service it is sent to instead.
struct RequestOptions: ParsableArguments {
    @Option(name: .customLong("answer"), help: ArgumentHelp("An answer, as PARAMETER=VALUE (or confirm=yes). Repeat for several; answers to one key are used in order.", valueName: "KEY=VALUE"))
    var answers: [String] = []

    @Option(help: ArgumentHelp("The language to speak in (ja, ja_JP.UTF-8) when the intent file names none; default: LC_ALL, LC_MESSAGES, LANG. Texts the extension's definition lacks in it are said in the base language.", valueName: "LANG"))
    var locale: String?

    @Flag(help: "Say responses in their concise form where the definition gives one, as Siri does on a device without a screen (the intent file's \"concise\": true).")
    var concise = false

    @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins to use instead of the default ones. Repeatable.", valueName: "DIR"))
    var pluginDirectories: [String] = []

    @Option(name: .customLong("apps"), help: ArgumentHelp("A directory of app manifests to use instead of the default ones ($EXTHOST_APP_PATH, else ./Apps). Repeatable.", valueName: "DIR"))
    var appDirectories: [String] = []

    @OptionGroup var isolation: IsolationOptions

    @OptionGroup var path: CommandPathOptions

    /// Checks the answers, and that the options of a request sent to the
    /// service and of one run here do not mix.
    ///
    /// - Throws: `ValidationError` for an answer without `=`; for
    ///   `--isolated` with `--service` or `--in-process` (the service runs
    ///   extensions itself; one of two places), and for `--plugins` or
    ///   `--apps` with a named socket, whose service has its own.
    func validate() throws {
        try CommandLineRequest.validate(answers: answers)
        if path.service || path.serviceClient.isGiven, isolation.isolated {
            throw ValidationError("--isolated runs the extension in a process of its own here; the service runs extensions itself")
        }
        if path.inProcess, isolation.isolated {
            throw ValidationError("--isolated and --in-process are two places to run the extension: give one")
        }
        if !isolation.isolated {
            try path.validate(folders: pluginDirectories + appDirectories, flags: "--plugins and --apps")
        }
    }

    /// The service to send the request to, connected; nil to run it here:
    /// with `--in-process` or `--isolated`, or when the service cannot be
    /// used (then in an extension process: ``isolationHere``).
    func service(json: Bool, intent: String?) -> ServiceClient? {
        guard !isolation.isolated else { return nil }
        return path.connect(plugins: pluginDirectories, apps: appDirectories, json: json, intent: intent,
                            fallback: "running the request in an extension process of its own instead (as --isolated)")
    }

    /// How a request run here runs its extension: as asked, or in an
    /// extension process when it was meant for the service (the fallback
    /// ``service(json:intent:)`` announces).
    var isolationHere: IsolationOptions {
        var isolation = self.isolation
        if path.usesService { isolation.isolated = true }
        return isolation
    }
}
