import ArgumentParser

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

    @Flag(help: "Send the request to the running service (`exthost serve`) instead of running it here.")
    var service = false

    @OptionGroup var serviceClient: ServiceClientOptions

    /// Checks the answers, and that the options of a request sent to the
    /// service (`--service`) and of one run here do not mix.
    ///
    /// - Throws: `ValidationError` for an answer without `=`; for
    ///   `--isolated`, `--plugins` or `--apps` with `--service` (the service
    ///   has its own), and `--socket` or `--no-start` without it.
    func validate() throws {
        try CommandLineRequest.validate(answers: answers)
        if service, isolation.isolated {
            throw ValidationError("--isolated runs the extension in a process of its own here; the service runs extensions itself")
        }
        if service, !pluginDirectories.isEmpty || !appDirectories.isEmpty {
            throw ValidationError("--plugins and --apps belong to the service with --service: give them to `exthost serve`")
        }
        if !service, serviceClient.isGiven {
            throw ValidationError("--socket and --no-start are about the service: use them with --service")
        }
    }
}
