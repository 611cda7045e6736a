import ExthostABI
import ExthostPosix
import ExthostService
import AppHandoff
import ArgumentParser
import ExtensionLoading
import IntentConversation
import IntentSystem
import Foundation
import RequestWire

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

            The request goes to the service (`exthost serve`), which keeps extensions warm in \
            processes of their own; when none runs for these plugin and app folders, one is \
            started in the background (it ends after 300 s unused). Its socket is --socket, else \
            $EXTHOST_SOCKET, else exthost-<hash>.sock in the runtime directory, the hash naming \
            the folders, so a service configured differently is never reached. The output is \
            the same as in-process. A question left unanswered keeps the conversation open there \
            as a session: `exthost session continue ID` takes it up. When the service cannot be \
            used, one line says why and the request runs in an extension process (--isolated); \
            --service makes that an error. --in-process runs it in this process, without the \
            service ($EXTHOST_IN_PROCESS=1 makes that the default).

            Exit status: 0 handled with success (or continued in the app); 1 handled with an \
            error response, or cancelled; 2 bad input; 3 a question is open; 4 the system \
            failed (the message carries the iOS error number, e.g. 2003, 3001, 5001); \
            64 the command line is wrong.
            """
    )

    @Argument(help: "The intent file (JSON), or - for standard input.")
    var intentFile: String

    @OptionGroup var options: RequestOptions

    @Option(name: .customLong("save-activity"), help: ArgumentHelp("Write the response's user activity to FILE, as an activity file `exthost open` continues in the app (what tapping the response does on iOS).", valueName: "FILE"))
    var saveActivity: String?

    @Option(help: "Seconds each stage may take (default 10; with --service, the service's --deadline).")
    var deadline: Double?

    @Flag(help: "Print one JSON object; ask nothing.")
    var json = false

    func validate() throws {
        try NumericOption.validateSeconds(deadline, "--deadline")
    }

    func run() throws {
        let requestStart = Posix.monotonicNanoseconds()
        var request: IntentRequest
        do {
            if intentFile == "-" {
                request = try IntentRequest.parse(try Console.readStandardInput(), source: "standard input")
            } else {
                request = try IntentRequest.load(from: URL(fileURLWithPath: intentFile))
            }
        } catch {
            fail(.badInput, "\(error)")
        }
        CommandLineRequest.add(answers: options.answers, to: &request)
        CommandLineRequest.chooseLocale(for: &request, given: options.locale)
        if options.concise { request.concise = true }
        if let service = options.service(json: json, intent: request.intent) { try runThroughService(request, service: service) }
        let apps = AppHandoff(appDirectories: AppCatalog.directories(given: options.appDirectories))
        let (json, intent) = (self.json, request.intent)
        let failureJSON: @Sendable (IntentsError) -> [String: Any]? = { error in
            json ? ConversationReport.failureObject(error.description, intent: intent, error: error) : nil
        }
        // The system's record of the request is written after the answer
        // is out (``recordAfterAnswering()``), not on its path.
        SystemDonations.deferRecording()
        // The request was handled even if its answer cannot be written: its record is kept.
        Console.onWriteFailure { RunCommand.recordAfterAnswering() }
        let runner = CommandLineRequest.runner(
            pluginDirectories: options.pluginDirectories, apps: apps, deadline: deadline ?? 10, intent: request.intent,
            isolation: options.isolationHere, failureJSON: failureJSON)
        let prompter = CommandLineRequest.prompter(for: request, json: json)
        let result: ConversationResult
        do {
            result = try ExtensionFaultGuard.guarding(intent: request.intent, json: failureJSON) { () throws(IntentRunner.Failure) in
                try runner.run(request, prompter: prompter, requestStart: requestStart)
            }
        } catch {
            switch error {
            case .request(let problem): fail(.badInput, problem.description, intent: request.intent)
            case .system(let problem): fail(.systemError, problem.description, intent: request.intent, error: problem)
            case .deviceLocked(let message): fail(.deviceLocked, message, intent: request.intent)
            }
        }
        let report = ConversationReport(result: result)
        try save(result.userActivity.map { ActivityFile($0, app: result.handoff?.app ?? request.app) }, status: report.exitStatus)
        // The record is left for the store's next opener (unlocked before
        // the answer), or committed after the answer when that is due.
        SystemDonations.leaveDeferredUnlessDue()
        // From here the caller is told the request was handled: a request
        // to end (Ctrl-C, `kill`) no longer ends the command before its
        // record is committed.
        Posix.ignoreTerminationRequests()
        if json {
            Console.writeJSON(report.jsonObject)
        } else {
            for line in report.humanLines { Console.line(line) }
        }
        Self.recordAfterAnswering()
        throw ExitCode(report.exitStatus)
    }

    /// Commits the system's record of the request when it was not left for
    /// the store's next opener (``SystemDonations/leaveDeferredUnlessDue()``),
    /// once the answer has been written (standard output is unbuffered: it
    /// has reached the reader's pipe or terminal). The process ends after
    /// the commit; a store that cannot take the record is a warning, the
    /// answer stands.
    static func recordAfterAnswering() {
        for warning in SystemDonations.recordDeferred() { Console.warning(warning) }
    }

    /// Runs the request through the running service: the answers given here
    /// stay here (shown as typed, as in-process), and the terminal answers
    /// the rest.
    private func runThroughService(_ request: IntentRequest, service: ServiceClient) throws -> Never {
        let prompter = CommandLineRequest.prompter(for: request, json: json)
        var sent = request
        sent.answers = [:]
        // Only what is printed is rendered; `--save-activity` reads the report.
        let form: ResultForm = json ? .json : saveActivity == nil ? .lines : .both
        let ending = ServiceConversation.hold(.run(sent, deadline: deadline, form: form), through: service, prompter: prompter, json: json, intent: request.intent)
        if !ending.isProblem {
            let report = ending.rendered.report
            let activity = (report["userActivity"] as? [String: Any]).flatMap { object in
                (try? JSONSerialization.data(withJSONObject: object)).flatMap { try? JSONDecoder().decode(ActivityFile.self, from: $0) }
            }
            try save(activity.map { ActivityFile(activity: $0.activity, app: (report["handoff"] as? [String: Any])?["app"] as? String ?? request.app) },
                     status: ExitStatus(rawValue: ending.rendered.exitStatus) ?? .failure)
        }
        throw ExitCode(ServiceConversation.print(ending, json: json))
    }

    /// Writes the response's activity for `--save-activity`.
    private func save(_ activity: ActivityFile?, status: ExitStatus) throws {
        guard let saveActivity else { return }
        guard let activity else {
            Console.error("the response carries no user activity to save in \(saveActivity)")
            throw ExitCode(status == .success ? .failure : status)
        }
        try activity.write(to: saveActivity)
    }

    /// Ends the command before a conversation result: `badInput` or `systemError`.
    private func fail(_ status: ExitStatus, _ message: String, intent: String? = nil, error: IntentsError? = nil) -> Never {
        Console.failure(message, json: json ? ConversationReport.failureObject(message, intent: intent, error: error) : nil)
        Foundation.exit(status.rawValue)
    }
}
