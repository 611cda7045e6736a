import AppHandoff
import AppManifests
import ArgumentParser
import ExthostABI
import ExthostService
import IntentConversation
import Foundation
import RequestWire

/// `exthost open activity.json`: continues a user activity in its app, as a
/// shortcut that opens a screen does.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Continues a user activity in the app that declares its type.",
        discussion: """
            activity.json: {"activityType": "...", "title": "...", "userInfo": {...}, "app": "..."} \
            ("app" is optional). Apps are found from their manifests in --apps DIR, else \
            $EXTHOST_APP_PATH (colon-separated), else Apps/ in the working directory. \
            The app is launched if it is not running, or reached at its socket in the \
            runtime directory ($EXTHOST_RUNTIME_DIR, $XDG_RUNTIME_DIR/exthost, /tmp/exthost-<uid>).

            Exit status: 0 continued; 1 the app did not continue the activity, could not be \
            reached, or the file is not an activity; 64 the command line is wrong.
            """
    )

    @Argument(help: "The activity to continue (JSON).", completion: .file(extensions: ["json"]))
    var activityFile: String

    @Option(name: .customLong("app"), help: "The app's identifier (overrides \"app\" in the file).")
    var appIdentifier: String?

    @Option(name: .customLong("apps"), help: "A folder of app manifests (repeatable).")
    var appDirectories: [String] = []

    @Option(help: "Seconds to wait for the app to launch and answer.")
    var deadline: Double = 10

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    @OptionGroup var path: CommandPathOptions

    func validate() throws {
        try NumericOption.validateSeconds(deadline, "--deadline")
        try path.validate(folders: appDirectories, flags: "--apps")
    }

    func run() throws {
        if path.usesService {
            // The file is read here (a path of the client's, standard input);
            // the service checks the activity as `open` here does.
            let file: ActivityFile
            do {
                file = try ActivityFile.load(from: activityFile)
            } catch {
                Console.failure(error.message, json: json ? Console.errorObject(error.message) : nil)
                throw ExitCode(.failure)
            }
            if let service = path.connect(apps: appDirectories, json: json, intent: nil, fallback: "continuing the activity here instead") {
                let ending = ServiceConversation.hold(Self.message(file, app: appIdentifier, deadline: deadline),
                                                      through: service, prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
                throw ExitCode(ServiceConversation.print(ending, json: json))
            }
        }
        let opened = OpenRendering.open(try? Data(contentsOf: URL(fileURLWithPath: activityFile)), source: activityFile, app: appIdentifier,
                                        handoff: Self.handoff(appDirectories: AppCatalog.directories(given: appDirectories), deadline: deadline),
                                        warn: { Console.warning($0) })
        throw ExitCode(ServiceConversation.print(ServiceConversation.Ending(rendered: opened.rendered, isProblem: opened.failed, openSession: nil),
                                                 json: json))
    }

    /// The service's `open` message for an activity file.
    static func message(_ file: ActivityFile, app: String?, deadline: Double) -> ClientMessage {
        .open(activity: (try? Console.encodedJSON(file)) ?? Data(), app: app, deadline: deadline)
    }

    /// The system's side of the apps in `directories`, waiting `deadline` seconds for an app.
    static func handoff(appDirectories directories: [String], deadline: Double) -> AppHandoff {
        var configuration = AppHandoff.Configuration()
        configuration.deadline = .milliseconds(Int64(deadline * 1000))
        return AppHandoff(appDirectories: directories, configuration: configuration)
    }
}

/// What `exthost open` prints, in this process or in the service (its
/// `open` message): the lines the app showed and whether it continued the
/// activity, or the failure; the `--json` object is the outcome.
enum OpenRendering {
    /// Opens the activity file's `data` with `handoff` and renders the outcome.
    ///
    /// - Parameters:
    ///   - data: The activity file's bytes, or nil when it could not be read.
    ///   - source: The file's name, for messages.
    ///   - app: The app given on the command line (overrides the file's).
    ///   - handoff: The apps.
    ///   - warn: Told of each app manifest that could not be read.
    /// - Returns: The rendering, and whether it failed before reaching the app.
    static func open(_ data: Data?, source: String, app: String?, handoff: AppHandoff,
                     warn: (String) -> Void) -> (rendered: RenderedConversation, failed: Bool) {
        let file: ActivityFile
        do {
            file = try ActivityFile.parse(data, source: source)
        } catch {
            return (failure(error.message), true)
        }
        for problem in handoff.catalog.problems { warn("\(problem)") }
        let outcome: ActivityOutcome
        do {
            outcome = try handoff.open(file.activity, appIdentifier: app ?? file.app)
        } catch {
            return (failure(error.description, error: error.code.map { IntentsError($0, error.description) }), true)
        }
        let report = (try? Console.encodedJSON(outcome)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
        let manifest = handoff.catalog.app(identifier: outcome.status.appIdentifier)
        let name = manifest?.name ?? manifest.map { ($0.executable as NSString).lastPathComponent } ?? outcome.status.appIdentifier
        var lines = outcome.shown.map { "[\(name)] \($0)" }
        let where_ = "\(outcome.status.appIdentifier) (pid \(outcome.status.pid), \(outcome.status.state))"
        lines.append(outcome.continued
            ? "Continued \(outcome.activityType) in \(where_)."
            : "\(where_) did not continue \(outcome.activityType): its application(_:continue:restorationHandler:) returned false.")
        let status = outcome.continued ? ExitStatus.success : ExitStatus.failure
        return (RenderedConversation(report: report, lines: lines, exitStatus: status.rawValue), false)
    }

    private static func failure(_ message: String, error: IntentsError? = nil) -> RenderedConversation {
        RenderedConversation(report: Console.errorObject(message, error: error), lines: [message], exitStatus: ExitStatus.failure.rawValue)
    }
}
