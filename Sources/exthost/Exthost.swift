import ArgumentParser
import ExthostLogging
import Foundation

/// The `exthost` command: the system side of intents on Linux.
@main
struct Exthost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: Exthost.commandName,
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

    /// The program's name in usage lines and help.
    static let commandName = "exthost"

    /// Makes the standard streams safe (``Console/start()``), sets up
    /// logging (``StandardErrorLogHandler``, at the level `EXTHOST_LOG_LEVEL`
    /// or `EXTHOST_DEBUG` asks for), then runs the command: `exthost run`
    /// through ``ExthostRun`` (the same answers, without the whole command
    /// tree, and its usual command lines without the parser:
    /// ``RunCommandReader``), every other command line through the whole tree.
    static func main() async {
        Console.start()
        StandardErrorLogHandler.bootstrap()
        if ExthostRun.takes(CommandLine.arguments) {
            ExthostRun.run(commandLine: CommandLine.arguments)
        }
        await main(nil)
    }
}

/// `exthost run …` parsed with a root that knows `run` only.
///
/// The parser's usage lines, help and error messages name a command by its
/// stack of command names, and take the error prefix, help names and
/// version from the root: this root has the same name, prefix and (no)
/// version as ``Exthost``, so `exthost run`'s help, usage errors and exit
/// statuses are the whole tree's, word for word (`RunCommandLineTests`
/// compares the two). What it saves is the whole tree's set-up: the
/// configurations of every command and their names, looked up at each
/// start. The requests the whole tree answers for the program as a whole
/// (`--generate-completion-script`, `--experimental-dump-help`) are left
/// to it, as is everything when `EXTHOST_FULL_PARSE` is set (for the tests
/// that compare both).
struct ExthostRun: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: Exthost.commandName, subcommands: [RunCommand.self])

    static var _errorPrefix: String { Exthost._errorPrefix }

    /// Runs `exthost run …` (`arguments` the program's, its path first):
    /// read by ``RunCommandReader`` when it takes the whole command line,
    /// else parsed, so that help and every usage error are the parser's;
    /// run, and ended as the parser's `main` ends a command.
    ///
    /// The command ends by throwing its `ExitCode`, for which the parser's
    /// `exit(withError:)` prints nothing and exits with that code; it is
    /// ended so here, without the usage text the parser builds for every
    /// error first (most of what remained of the parser in a count of
    /// `exthost run`: `docs/plan-fast-path.md`).
    static func run(commandLine arguments: [String]) -> Never {
        guard let command = RunCommandReader.read(arguments.dropFirst(2)) else {
            main(nil)
            exit()
        }
        do {
            try command.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            exit(withError: error)
        }
        exit()
    }

    /// Whether `arguments` (the program's, its path first) is a `run`
    /// command line this root answers as the whole tree does.
    static func takes(_ arguments: [String]) -> Bool {
        guard arguments.count >= 2, arguments[1] == RunCommand.configuration.commandName else { return false }
        if let full = getenv("EXTHOST_FULL_PARSE"), full.pointee != 0 { return false }
        return !arguments.dropFirst(2).contains { argument in
            argument.hasPrefix("--generate-completion-script") || argument == "--experimental-dump-help"
        }
    }
}
