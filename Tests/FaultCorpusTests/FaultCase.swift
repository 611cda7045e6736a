import ExthostTestSupport
import Foundation
import Testing

/// One fault of the corpus: what is set up (plugin files, an intent file, a
/// shell line that runs `exthost`), and what a user must see (the exit
/// status and a fragment of what is written).
struct FaultCase: CustomTestStringConvertible, Sendable {
    /// A file put in the plugin folder.
    enum PluginFile: Sendable {
        /// The C fixture built with these `FIXTURE_*` macros, as `name.so`.
        case fixture(String, defines: [String] = [])
        /// A file of these bytes.
        case bytes(String, [UInt8])
        /// The fixture's first `count` bytes.
        case truncated(String, count: Int)
        /// The fixture with bytes replaced at offsets (an ELF header field changed).
        case patched(String, [Int: UInt8])
        /// A folder with the plugin's name.
        case directory(String)
    }

    var name: String
    var plugins: [PluginFile] = [.fixture("good")]
    /// Written to `$INTENT` (as UTF-8; `\u{0}` included as is).
    var intent: String = #"{"intent": "Ping"}"#
    /// Run by `/bin/sh -c`; `$EXTHOST` is the built command, `$PLUGINS` the
    /// plugin folder, `$INTENT` the intent file, `$WORK` a folder of the
    /// case's own (the store is `$WORK/data`, the registry cache `$WORK/cache`).
    var script: String = #""$EXTHOST" run --plugins "$PLUGINS" "$INTENT""#
    var status: Int32
    /// Found in standard error or standard output.
    var message: String

    var testDescription: String { name }

    /// Sets the case up and runs its script.
    func run() throws -> CommandRunner.Result {
        let work = try makeTemporaryDirectory("fault")
        let folder = work.appendingPathComponent("Plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for plugin in plugins { try install(plugin, in: folder) }
        let intentFile = work.appendingPathComponent("intent.json")
        try Data(intent.utf8).write(to: intentFile)
        let runner = CommandRunner(environment: [
            "EXTHOST": BuiltProducts.executable("exthost").path,
            "PLUGINS": folder.path,
            "INTENT": intentFile.path,
            "WORK": work.path,
            "EXTHOST_CACHE_DIR": work.appendingPathComponent("cache").path,
            "EXTHOST_DATA_DIR": work.appendingPathComponent("data").path,
            "EXTHOST_RUNTIME_DIR": work.appendingPathComponent("run").path,
            "EXTHOST_APP_PATH": work.appendingPathComponent("Apps").path,
        ], workingDirectory: work)
        return try runner.runExternal("/bin/sh", ["-c", script])
    }

    /// Checks the status and the message.
    func check() throws {
        let result = try run()
        let written = result.standardError + result.standardOutput
        #expect(result.status == status && (message.isEmpty || written.contains(message)),
                "exit \(result.status); stderr: \(result.standardError); stdout: \(result.standardOutput.prefix(2000))")
    }

    private func install(_ plugin: PluginFile, in folder: URL) throws {
        switch plugin {
        case .fixture(let name, let defines):
            let built = try FixturePlugins.build(name, defines: defines)
            try FileManager.default.copyItem(at: built, to: folder.appendingPathComponent("\(name).so"))
        case .bytes(let name, let bytes):
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        case .truncated(let name, let count):
            let data = try Data(contentsOf: try FixturePlugins.build("good"))
            try data.prefix(count).write(to: folder.appendingPathComponent(name))
        case .patched(let name, let changes):
            var data = try Data(contentsOf: try FixturePlugins.build("good"))
            for (offset, byte) in changes { data[offset] = byte }
            try data.write(to: folder.appendingPathComponent(name))
        case .directory(let name):
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
    }
}
