import ArgumentParser
import ExthostService
import IntentConversation
import IntentSystem
import RequestWire

/// `exthost session`: the open sessions of a running service.
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Lists, continues or cancels conversations left open in the service.",
        discussion: """
            `exthost run --service` leaves a conversation open when a question has no answer \
            (exit status 3): it prints the session's identifier, and the service keeps the \
            conversation waiting until the session expires (`exthost serve --session-expiry`).
            """,
        subcommands: [List.self, Continue.self, Cancel.self]
    )

    /// `exthost session list`: the service's open sessions.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Lists the service's open sessions: intent, the question each waits on and when it expires.",
            discussion: "A session no client is attached to waits for `exthost session continue`. Exit status: 0; 4 when no service runs."
        )

        @Option(help: ArgumentHelp("The service's socket.", valueName: "PATH")) var socket: String?
        @Flag(help: "Print one JSON object: {\"sessions\": [{\"session\", \"intent\", \"waiting\", \"attached\", \"question\"?, \"expiresInSeconds\"?}]}.") var json = false

        func run() throws {
            let ending = ServiceConversation.hold(.sessions, at: socket, prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
            throw ExitCode(ServiceConversation.print(ending, json: json))
        }
    }

    /// `exthost session continue ID`: answers the open question and goes on.
    struct Continue: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "continue",
            abstract: "Continues an open session where it stopped: its question is asked again.",
            discussion: """
                Answers come from --answer (by parameter name, as for `exthost run`), else from \
                the terminal. Prints what `exthost run` prints, with the same exit statuses; \
                4 when the session expired or is unknown.
                """
        )

        @Argument(help: "The session's identifier.") var session: String
        @Option(name: .customLong("answer"), help: ArgumentHelp("An answer, as PARAMETER=VALUE (as for `exthost run`).", valueName: "KEY=VALUE"))
        var answers: [String] = []
        @Option(help: ArgumentHelp("The service's socket.", valueName: "PATH")) var socket: String?
        @Flag(help: "Print one JSON object; ask nothing.") var json = false

        func validate() throws {
            try CommandLineRequest.validate(answers: answers)
        }

        func run() throws {
            var answered = IntentRequest(intent: "")
            CommandLineRequest.add(answers: answers, to: &answered)
            let prompter = CommandLineRequest.prompter(for: answered, json: json)
            let ending = ServiceConversation.hold(.resume(session: session), at: socket, prompter: prompter, json: json, intent: nil)
            throw ExitCode(ServiceConversation.print(ending, json: json))
        }
    }

    /// `exthost session cancel ID`: ends an open session.
    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Ends an open session without an answer.",
            discussion: "Exit status: 0 cancelled; 4 the session expired, ended or is unknown."
        )

        @Argument(help: "The session's identifier.") var session: String
        @Option(help: ArgumentHelp("The service's socket.", valueName: "PATH")) var socket: String?
        @Flag(help: "Print one JSON object.") var json = false

        func run() throws {
            let ending = ServiceConversation.hold(.cancel(session: session), at: socket, prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
            throw ExitCode(ServiceConversation.print(ending, json: json))
        }
    }
}
