import ExthostABI
import ExthostPosix
import AppHandoff
import ArgumentParser
import ExtensionLoading
import IntentConversation
import IntentSystem
import Foundation

/// `exthost run intent.json`: one request, through the extension that handles it.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs an intent through the extension that handles it: resolve, confirm, handle.",
        discussion: """
            The intent file names the intent and may give parameter values and answers:

              {
                "intent": "OrderSoup",
                "parameters": { "soup": "Tomato", "quantity": 2 },
                "answers": { "confirm": "yes" }
              }

            In a terminal, exthost asks what the extension asks (a value, a choice among \
            numbered items, yes or no) and reads your answers. With --json (or when standard \
            input is not a terminal) nothing is asked: answers come from --answer and the \
            file's "answers", and an open question is returned in the JSON ("question").

            Each stage (one call into the extension) has --deadline seconds; the first \
            stage's clock starts with the request, so loading the extension counts.

            When the response is continueInApp or failureRequiringAppLaunch, the extension's \
            app (found by its manifest in --apps DIR, $EXTHOST_APP_PATH or ./Apps) is launched \
            or reached and continues the response's user activity; what it shows is printed. \
            An intent that an app lists in INIntentsSupported runs in the app itself.

            Exit status: 0 handled with success (or continued in the app); 1 handled with an \
            error response, or cancelled; 2 bad input; 3 a question is open; 4 the system \
            failed (the message carries the iOS error number, e.g. 2003, 3001, 5001); \
            64 the command line is wrong.
            """
    )

    @Argument(help: "The intent file (JSON), or - for standard input.")
    var intentFile: String

    @Option(name: .customLong("answer"), help: ArgumentHelp("An answer, as PARAMETER=VALUE (or confirm=yes). Repeat for several; answers to one key are used in order.", valueName: "KEY=VALUE"))
    var answers: [String] = []

    @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins to use instead of the default ones. Repeatable.", valueName: "DIR"))
    var pluginDirectories: [String] = []

    @Option(name: .customLong("apps"), help: ArgumentHelp("A directory of app manifests to use instead of the default ones ($EXTHOST_APP_PATH, else ./Apps). Repeatable.", valueName: "DIR"))
    var appDirectories: [String] = []

    @Option(name: .customLong("save-activity"), help: ArgumentHelp("Write the response's user activity to FILE, as an activity file `exthost open` continues in the app (what tapping the response does on iOS).", valueName: "FILE"))
    var saveActivity: String?

    @Option(help: "Seconds each stage may take.")
    var deadline: Double = 10

    @Flag(help: "Print one JSON object; ask nothing.")
    var json = false

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        guard deadline > 0 else { throw ValidationError("--deadline must be more than 0 seconds") }
        for answer in answers where !answer.contains("=") {
            throw ValidationError("--answer takes KEY=VALUE; got \"\(answer)\"")
        }
    }

    func run() throws {
        let requestStart = Posix.monotonicNanoseconds()
        var request: IntentRequest
        do {
            if intentFile == "-" {
                request = try IntentRequest.parse(FileHandle.standardInput.readDataToEndOfFile(), source: "standard input")
            } else {
                request = try IntentRequest.load(from: URL(fileURLWithPath: intentFile))
            }
        } catch {
            fail(.badInput, error.description)
        }
        CommandLineRequest.add(answers: answers, to: &request)
        let apps = AppHandoff(appDirectories: appDirectories.isEmpty ? AppCatalog.defaultDirectories : appDirectories)
        let runner = CommandLineRequest.runner(
            pluginDirectories: pluginDirectories, apps: apps, deadline: deadline, json: json, intent: request.intent,
            isolation: isolation)
        let prompter = CommandLineRequest.prompter(for: request, json: json)
        let result: ConversationResult
        do {
            result = try runner.run(request, prompter: prompter, requestStart: requestStart)
        } catch {
            switch error {
            case .request(let problem): fail(.badInput, problem.description, intent: request.intent)
            case .system(let problem): fail(.systemError, problem.description, intent: request.intent, error: problem)
            }
        }
        let report = ConversationReport(result: result)
        if let saveActivity {
            guard let activity = result.userActivity else {
                Console.error("the response carries no user activity to save in \(saveActivity)")
                throw ExitCode(report.exitStatus == .success ? .failure : report.exitStatus)
            }
            try ActivityFile(activity, app: result.handoff?.app ?? request.app).write(to: saveActivity)
        }
        if json {
            Console.writeJSON(report.jsonObject)
        } else {
            for line in report.humanLines { print(line) }
        }
        throw ExitCode(report.exitStatus)
    }

    /// Ends the command before a conversation result: `badInput` or `systemError`.
    private func fail(_ status: ExitStatus, _ message: String, intent: String? = nil, error: IntentsError? = nil) -> Never {
        var object: [String: Any] = ["outcome": "error", "message": message, "code": NSNull(), "transcript": [Any](), "question": NSNull()]
        if let intent { object["intent"] = intent }
        if let error { object["error"] = error.jsonObject }
        Console.failure(message, json: json ? object : nil)
        Foundation.exit(status.rawValue)
    }
}
