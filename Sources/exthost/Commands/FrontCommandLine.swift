import ArgumentParser
import RequestWire

/// What `run` and `say` share on the `exthost` front's fast path (the
/// service's `command` message): reading the command line with the full
/// program's own types, and the options that send it to the full program.
enum FrontCommandLine {
    /// The command line after the command's name, parsed as `Command`'s.
    ///
    /// - Parameters:
    ///   - invocation: The front's command line.
    ///   - read: A reader of the command's usual command lines that gives
    ///     the value the parser gives, or nil to leave the line to the
    ///     parser (``RunCommandReader``).
    /// - Returns: The command, or why the fast path declines it: another
    ///   command, or a command line the parser refuses (the full program
    ///   says why).
    static func parse<Command: ParsableCommand>(
        _ invocation: CommandInvocation, as _: Command.Type, reading read: (ArraySlice<String>) -> Command? = { _ in nil }
    ) -> Result<Command, Declined> {
        guard invocation.arguments.first == Command.configuration.commandName else {
            return .failure(Declined(reason: "only run and say take the fast path"))
        }
        if let command = read(invocation.arguments.dropFirst()) { return .success(command) }
        do {
            // The command's own arguments, as the root hands them to it.
            return .success(try Command.parse(Array(invocation.arguments.dropFirst())))
        } catch {
            return .failure(Declined(reason: "the full program parses this command line"))
        }
    }

    /// Why the fast path does not take a request's command line, or nil:
    /// options that choose another place or other folders, or a terminal
    /// to ask questions in (without `--json`).
    static func refusal(_ options: RequestOptions, json: Bool, terminal: Bool) -> String? {
        if options.path.inProcess || options.path.serviceClient.isGiven || options.isolation.isolated {
            return "the command line chooses where it runs"
        }
        if !options.pluginDirectories.isEmpty || !options.appDirectories.isEmpty { return "the command line names folders" }
        if terminal && !json { return "questions are asked in the terminal" }
        return nil
    }

    /// A command line the fast path leaves to the full program, and why.
    struct Declined: Error {
        var reason: String
    }
}
