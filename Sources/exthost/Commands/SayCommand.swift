import AppHandoff
import ArgumentParser
import DonationStore
import ExthostABI
import ExthostService
import ExtensionLoading
import IntentConversation
import IntentSystem
import Foundation
import RequestWire

/// `exthost say "PHRASE"`: runs the voice shortcut a phrase was given to.
struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Runs the voice shortcut of a phrase, as saying it to Siri does.",
        discussion: """
            The phrase is compared as `shortcuts add` compares phrases (case, full-/half-width \
            forms, punctuation and spaces do not matter). An intent shortcut runs as `exthost run` \
            runs an intent file with the shortcut's parameter values: in the app that lists it \
            in INIntentsSupported, else through the extension that handles it. An activity \
            shortcut is continued in its app (as `exthost open` does).

            Exit status: 0 done; 1 no voice shortcut has the phrase, or an error response; \
            2 bad input; 3 the intent asks a question (answer it with --answer); 4 the system failed; \
            64 the command line is wrong.
            """
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The phrase.") var phrase: String
    @OptionGroup var options: RequestOptions
    @Option(help: "Seconds each stage (or the app) may take.") var deadline: Double = 10
    @Flag(help: "Print one JSON object; ask nothing.") var json = false

    func validate() throws {
        try NumericOption.validateSeconds(deadline, "--deadline")
    }

    func run() throws {
        try reportingDonationErrors(json: json) { try say() }
    }

    private func say() throws {
        let opened = try store.open(json: json)
        let found: VoiceShortcut? = try opened.voiceShortcut(matching: phrase)
        guard let voice = found else {
            let near = ((try? opened.voiceShortcuts()) ?? []).filter {
                PhraseNormalizer.areClose($0.normalizedPhrase, PhraseNormalizer.normalize(phrase))
            }
            let hint = near.isEmpty ? "`exthost shortcuts list --phrases` lists the phrases" : "did you mean " + near.map { "\"\($0.invocationPhrase)\"" }.joined(separator: " or ") + "?"
            let message = "no voice shortcut has the phrase \"\(phrase)\"; \(hint)"
            Console.failure(message, json: json ? ["outcome": "noShortcut", "phrase": phrase, "message": message] : nil)
            throw ExitCode(.failure)
        }
        if !json { announce(voice) }
        switch voice.shortcut.kind {
        case .userActivity: try continueActivity(voice)
        case .intent: try runIntent(voice)
        }
    }

    /// The line that says which shortcut the phrase found (without `--json`).
    func announce(_ voice: VoiceShortcut) {
        Console.line("“\(voice.invocationPhrase)” → \(voice.shortcut.app): \(voice.shortcut.displayTitle)")
    }

    private var handoff: AppHandoff {
        OpenCommand.handoff(appDirectories: AppCatalog.directories(given: options.appDirectories), deadline: deadline)
    }

    private func continueActivity(_ voice: VoiceShortcut) throws {
        let shortcut = voice.shortcut
        let info = (try? JSONDecoder().decode([String: WireValue].self, from: Data((shortcut.userInfo ?? "{}").utf8))) ?? [:]
        let activity = UserActivityPayload(activityType: shortcut.activityType ?? "", title: shortcut.title, userInfo: info,
                                           persistentIdentifier: shortcut.persistentIdentifier)
        let outcome: ActivityOutcome
        if !options.isolation.isolated, let service = options.path.connect(apps: options.appDirectories, json: json, intent: nil,
                                                                           fallback: "continuing the activity here instead") {
            outcome = continueThroughService(ActivityFile(activity: activity, app: shortcut.app), voice: voice, service: service)
        } else {
            do {
                outcome = try handoff.open(activity, appIdentifier: shortcut.app)
            } catch {
                fail(error.description, error: error.code.map { IntentsError($0, error.description) }, voice: voice)
            }
        }
        if json {
            Console.writeJSON(["outcome": outcome.continued ? "continued" : "notContinued", "voiceShortcut": voice.jsonObject,
                              "app": outcome.status.appIdentifier, "pid": Int(outcome.status.pid), "shown": outcome.shown])
        } else {
            for line in outcome.shown { Console.line("[\(shortcut.app)] \(line)") }
            Console.line(outcome.continued ? "Continued \(outcome.activityType) in \(shortcut.app) (pid \(outcome.status.pid))."
                                    : "\(shortcut.app) did not continue \(outcome.activityType).")
        }
        if !outcome.continued { throw ExitCode(.failure) }
    }

    /// Continues an activity shortcut through the running service (its
    /// `open` message, with the service's apps).
    private func continueThroughService(_ file: ActivityFile, voice: VoiceShortcut, service: ServiceClient) -> ActivityOutcome {
        let ending = ServiceConversation.hold(OpenCommand.message(file, app: file.app, deadline: deadline),
                                              through: service, prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
        let report = ending.rendered.report
        guard !ending.isProblem,
              let data = try? JSONSerialization.data(withJSONObject: report),
              let outcome = try? JSONDecoder().decode(ActivityOutcome.self, from: data) else {
            let code = ((report["error"] as? [String: Any])?["code"] as? Int).flatMap { IntentsErrorCode(rawValue: Int32($0)) }
            let message = ending.rendered.lines.joined(separator: "; ")
            fail(message, error: code.map { IntentsError($0, message) }, voice: voice)
        }
        return outcome
    }

    /// The request a voice shortcut of an intent runs, with the command
    /// line's answers, locale and `--concise`.
    ///
    /// - Parameter environment: Where the locale variables are read.
    /// - Throws: ``IntentRequestError`` when the shortcut's parameters are
    ///   not an intent file's (status 2).
    func request(of voice: VoiceShortcut, environment: [String: String] = ProcessInfo.processInfo.environment) throws(IntentRequestError) -> IntentRequest {
        let shortcut = voice.shortcut
        // The shortcut as an intent file, read by the same parser as `exthost run`.
        let file: [String: Any] = ["intent": shortcut.intent ?? "", "app": shortcut.app, "parameters": CanonicalJSON.dictionary(shortcut.parameters)]
        var request = try IntentRequest.parse(object: file, source: "voice shortcut \"\(voice.invocationPhrase)\"")
        CommandLineRequest.add(answers: options.answers, to: &request)
        CommandLineRequest.chooseLocale(for: &request, given: options.locale, environment: environment)
        if options.concise { request.concise = true }
        return request
    }

    private func runIntent(_ voice: VoiceShortcut) throws {
        let intentName = voice.shortcut.intent ?? ""
        let request: IntentRequest
        do {
            request = try self.request(of: voice)
        } catch {
            fail(error.description, error: nil, voice: voice, status: .badInput)
        }
        if let service = options.service(json: json, intent: request.intent) { try runThroughService(request, voice: voice, service: service) }
        // The runner picks the app when it lists the intent in INIntentsSupported
        // (as on iOS 14), else the extension, and continues in the app when asked.
        let json = self.json
        let failureJSON: @Sendable (IntentsError) -> [String: Any]? = { error in
            json ? Self.failureObject(error.description, error: error, voice: voice) : nil
        }
        let runner = CommandLineRequest.runner(
            pluginDirectories: options.pluginDirectories, apps: handoff, deadline: deadline, intent: intentName,
            isolation: options.isolationHere, failureJSON: failureJSON)
        let prompter = CommandLineRequest.prompter(for: request, json: json)
        let result: ConversationResult
        do {
            result = try ExtensionFaultGuard.guarding(intent: request.intent, json: failureJSON) { () throws(IntentRunner.Failure) in
                try runner.run(request, prompter: prompter)
            }
        } catch {
            switch error {
            case .request(let problem): fail(problem.description, error: nil, voice: voice, status: .badInput)
            case .system(let problem): fail(problem.description, error: problem, voice: voice)
            case .deviceLocked(let message): fail(message, error: nil, voice: voice, status: .deviceLocked)
            }
        }
        let report = ConversationReport(result: result)
        if json {
            var object = report.jsonObject
            object["voiceShortcut"] = voice.jsonObject
            Console.writeJSON(object)
        } else {
            for line in report.humanLines { Console.line(line) }
        }
        throw ExitCode(report.exitStatus)
    }

    /// Runs the shortcut's request through the running service, printing
    /// what the in-process path prints.
    private func runThroughService(_ request: IntentRequest, voice: VoiceShortcut, service: ServiceClient) throws -> Never {
        let prompter = CommandLineRequest.prompter(for: request, json: json)
        var sent = request
        sent.answers = [:]
        let ending = ServiceConversation.hold(.run(sent, deadline: deadline, form: json ? .json : .lines), through: service, prompter: prompter, json: json, intent: request.intent)
        throw ExitCode(print(ending, voice: voice))
    }

    /// Prints the service's ending of a shortcut's conversation as the
    /// in-process path prints it (a problem as ``fail(_:error:voice:status:)``
    /// does), with the voice shortcut in `--json`.
    ///
    /// - Returns: The exit status to end with.
    func print(_ ending: ServiceConversation.Ending, voice: VoiceShortcut) -> ExitStatus {
        let status = ExitStatus(rawValue: ending.rendered.exitStatus) ?? .failure
        if ending.isProblem {
            let reported = ending.rendered.report["error"] as? [String: Any]
            let error = (reported?["code"] as? Int).flatMap { IntentsErrorCode(rawValue: Int32($0)) }
                .map { IntentsError($0, reported?["message"] as? String ?? "") }
            let message = ending.rendered.lines.first ?? ""
            Console.failure(message, json: json ? Self.failureObject(message, error: error, voice: voice) : nil)
            return status
        }
        var ending = ending
        ending.rendered.report["voiceShortcut"] = voice.jsonObject
        return ServiceConversation.print(ending, json: json)
    }

    private func fail(_ message: String, error: IntentsError?, voice: VoiceShortcut, status: ExitStatus = .systemError) -> Never {
        Console.failure(message, json: json ? Self.failureObject(message, error: error, voice: voice) : nil)
        Foundation.exit(status.rawValue)
    }

    /// The JSON object of a failure with `--json`.
    /// The console's one error shape, with the voice shortcut said.
    private static func failureObject(_ message: String, error: IntentsError?, voice: VoiceShortcut) -> [String: Any] {
        var object = Console.errorObject(message, error: error)
        object["voiceShortcut"] = voice.jsonObject
        return object
    }
}
