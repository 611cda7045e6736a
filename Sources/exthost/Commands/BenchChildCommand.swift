import ArgumentParser
import ExtensionLoading
import ExthostBenchmarks
import IntentConversation
import IntentSystem
import RequestWire
import Foundation

/// `exthost bench-child`: one measurement in this fresh process, printed as
/// JSON for `exthost bench`. Not for people: hidden from `--help`.
struct BenchChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-child",
        abstract: "One fresh-process measurement for exthost bench (internal).",
        shouldDisplay: false
    )

    enum Mode: String, ExpressibleByArgument {
        /// Load a plugin cold, run the first request, then warm requests.
        case plugin
        /// dlopen an empty library: the floor.
        case floor
        /// Start and exit: the cost of an exthost process.
        case noop
    }

    @Argument(help: "plugin, floor or noop.")
    var mode: Mode

    @Argument(help: "The plugin, or the empty library.")
    var path: String?

    @Option(help: "The request to run after loading (an intent file).")
    var request: String?

    @Option(help: "Warm requests to time after the first.")
    var warm: Int = 0

    @Option(help: "The shared container the plugin's init receives.")
    var sharedContainer: String?

    @Flag(help: "The warm requests stop before handle (the resolves and confirm only).")
    var warmWithoutHandle = false

    @Flag(help: "After the warm requests, time as many again stopped before handle.")
    var alsoWithoutHandle = false

    @Flag(help: "Parse the plugin's JSON definition even when it carries tables (the version 1 read).")
    var definitionFromText = false

    func validate() throws {
        try NumericOption.validate(warm, "--warm", in: 0...1_000_000, unit: "requests")
    }

    func run() throws {
        let encoder = JSONEncoder()
        switch mode {
        case .noop:
            return
        case .floor:
            guard let path else { throw ValidationError("floor needs the library's path") }
            let sample = ColdStartProbe.measureFloor(at: path)
            Console.write(Data("\n".utf8) + (try encoder.encode(sample)) + Data("\n".utf8))
        case .plugin:
            guard let path else { throw ValidationError("plugin needs the plugin's path") }
            // As `run` does: what the plugin prints is logged, and the
            // sample, the last line of standard output, stays whole.
            StandardStreams.process.givePluginsStandardOutput(label: "the plugin \(path)")
            var parsed: IntentRequest?
            if let request {
                do {
                    parsed = try IntentRequest.load(from: URL(fileURLWithPath: request))
                } catch {
                    Console.write((try encoder.encode(ColdStartSample(error: error.description))) + Data("\n".utf8))
                    throw ExitCode(.badInput)
                }
            }
            let sample = ColdStartProbe.measurePlugin(at: path, request: parsed, warmRequests: max(warm, 0), sharedContainer: sharedContainer,
                                                    warmWithoutHandle: warmWithoutHandle, alsoWithoutHandle: alsoWithoutHandle,
                                                    definitionFromText: definitionFromText)
            Console.write(Data("\n".utf8) + (try encoder.encode(sample)) + Data("\n".utf8))
        }
    }
}
