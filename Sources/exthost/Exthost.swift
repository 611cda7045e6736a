import ArgumentParser
import ExthostLogging

/// The `exthost` command: the system side of intents on Linux.
@main
struct Exthost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exthost",
        abstract: "Runs intents through the app extensions installed in Plugins/.",
        discussion: """
            exthost finds intents-extension plugins (.so files) in Plugins/, loads the one \
            that handles a request and walks it through resolve, confirm and handle, \
            10 seconds per stage, handing off to the app when the extension asks.
            """,
        subcommands: Exthost.allSubcommands
    )

    /// The argument parser's messages (a wrong command line, an error a
    /// command did not catch) start as the console's error lines do.
    static var _errorPrefix: String { "\(Console.errorLabel): " }

    /// Every subcommand, in the order `--help` lists them.
    ///
    /// Each command, nested ones too, gives its `commandName`: a name the
    /// parser derives from the type (`String(describing:)`) costs a scan of
    /// every protocol conformance in the binary, ~1.4 million instructions
    /// per command at every start of exthost, whatever the command.
    static let allSubcommands: [any ParsableCommand.Type] = [
        RunCommand.self,
        ListCommand.self,
        ProbeCommand.self,
        LintCommand.self,
        ConvertCommand.self,
        GenerateCommand.self,
        DonationsCommand.self,
        ShortcutsCommand.self,
        SayCommand.self,
        SuggestCommand.self,
        NotificationsCommand.self,
        SiriCommand.self,
        FocusCommand.self,
        OpenCommand.self,
        ServeCommand.self,
        SessionCommand.self,
        LockCommand.self,
        UnlockCommand.self,
        BenchCommand.self,
        BenchChildCommand.self,
        ExtensionProcessCommand.self,
    ]

    /// Makes the standard streams safe (``Console/start()``), sets up
    /// logging (``StandardErrorLogHandler``, at the level `EXTHOST_LOG_LEVEL`
    /// or `EXTHOST_DEBUG` asks for), then runs the command.
    static func main() async {
        Console.start()
        StandardErrorLogHandler.bootstrap()
        await main(nil)
    }
}
