import ExthostABI
import AppHandoff
import ArgumentParser
import Foundation

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

    func validate() throws {
        try NumericOption.validateSeconds(deadline, "--deadline")
    }

    func run() throws {
        let file: ActivityFile
        do {
            file = try ActivityFile.load(from: activityFile)
        } catch {
            Console.failure(error.message, json: json ? Console.errorObject(error.message) : nil)
            throw ExitCode(.failure)
        }
        let directories = AppCatalog.directories(given: appDirectories)
        var configuration = AppHandoff.Configuration()
        configuration.deadline = .milliseconds(Int64(deadline * 1000))
        let handoff = AppHandoff(appDirectories: directories, configuration: configuration)
        for problem in handoff.catalog.problems {
            Console.warning("\(problem)")
        }

        let outcome: ActivityOutcome
        do {
            outcome = try handoff.open(file.activity, appIdentifier: appIdentifier ?? file.app)
        } catch {
            Console.failure(error.description, json: json
                ? Console.errorObject(error.description, error: error.code.map { IntentsError($0, error.description) })
                : nil)
            throw ExitCode(.failure)
        }

        if json {
            try Console.writeJSON(encoding: outcome)
            return
        }
        let app = handoff.catalog.app(identifier: outcome.status.appIdentifier)
        let name = app?.name ?? app.map { ($0.executable as NSString).lastPathComponent } ?? outcome.status.appIdentifier
        for line in outcome.shown { Console.line("[\(name)] \(line)") }
        let where_ = "\(outcome.status.appIdentifier) (pid \(outcome.status.pid), \(outcome.status.state))"
        Console.line(outcome.continued
            ? "Continued \(outcome.activityType) in \(where_)."
            : "\(where_) did not continue \(outcome.activityType): its application(_:continue:restorationHandler:) returned false.")
        if !outcome.continued { throw ExitCode(.failure) }
    }
}
