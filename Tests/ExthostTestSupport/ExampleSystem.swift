import AppHandoff
import Foundation

/// A system of its own for one test: the example plugins in a plugin folder,
/// the example apps in an app folder (manifests pointing at the built
/// executables), and private folders for the registry cache, running apps and
/// app-group containers. Every `exthost` it runs gets them through the
/// environment variables the modules read.
public struct ExampleSystem {
    public let root: URL
    public let plugins: URL
    public let apps: URL
    public var environment: [String: String]

    public var runtimeDirectory: String { root.appendingPathComponent("run").path }
    public var sharedContainers: String { root.appendingPathComponent("containers").path }
    /// The system's data (the donation store).
    public var dataDirectory: String { root.appendingPathComponent("data").path }

    /// - Parameters:
    ///   - plugins: Built plugin products, e.g. `SoupChefExtension`.
    ///   - fixtures: Fixture plugin variants (``FixturePlugins/build(_:defines:flags:)``)
    ///     to install beside them.
    ///   - apps: The example apps to install.
    ///   - environment: More variables for every process.
    public init(plugins pluginNames: [String] = [], fixtures: [URL] = [], apps: [ExampleApp] = [],
                environment: [String: String] = [:]) throws {
        // Short, so socket paths stay under the 108-byte limit.
        root = URL(fileURLWithPath: "/tmp/ehex-\(UUID().uuidString.prefix(8))")
        plugins = root.appendingPathComponent("Plugins")
        self.apps = root.appendingPathComponent("Apps")
        for folder in [plugins, self.apps] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        self.environment = [
            "EXTHOST_CACHE_DIR": root.appendingPathComponent("cache").path,
            "EXTHOST_RUNTIME_DIR": root.appendingPathComponent("run").path,
            "EXTHOST_SHARED_CONTAINERS": root.appendingPathComponent("containers").path,
            "EXTHOST_APP_PATH": self.apps.path,
            "EXTHOST_DATA_DIR": root.appendingPathComponent("data").path,
            // In-process unless the test asks for the service (as CommandRunner does).
            CommandRunner.inProcessVariable: "1",
        ].merging(environment) { _, given in given }
        for plugin in pluginNames.map(BuiltProducts.plugin) + fixtures {
            try installPlugin(plugin)
        }
        for app in apps { try app.install(into: self.apps) }
    }

    /// Copies a plugin (an example's product, or a fixture variant built by
    /// ``FixturePlugins``) into the system's plugin folder.
    ///
    /// - Parameters:
    ///   - plugin: The built `.so`.
    ///   - name: Its file name in the folder; the built file's name when nil.
    /// - Returns: The installed plugin.
    /// - Throws: When it cannot be copied (a file of that name is there).
    @discardableResult
    public func installPlugin(_ plugin: URL, as name: String? = nil) throws -> URL {
        let installed = plugins.appendingPathComponent(name ?? plugin.lastPathComponent)
        try FileManager.default.copyItem(at: plugin, to: installed)
        return installed
    }

    /// `exthost run --json` of an intent file with this content, and more
    /// `options` (`--isolated`).
    public func run(_ intent: String, answers: [String] = [], options: [String] = []) throws -> CommandRunner.Result {
        let file = root.appendingPathComponent("intent-\(UUID().uuidString.prefix(8)).json")
        try intent.write(to: file, atomically: true, encoding: .utf8)
        var arguments = ["run", "--json", "--plugins", plugins.path, file.path]
        for answer in answers { arguments += ["--answer", answer] }
        return try exthost(arguments + options)
    }

    /// `exthost run --json` of an intent file an example ships, by its path
    /// from the package root (`Examples/Calling/Requests/call-bruno.json`).
    public func run(exampleRequest path: String, answers: [String] = [], options: [String] = []) throws -> CommandRunner.Result {
        let intent = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
        return try run(intent, answers: answers, options: options)
    }

    /// `exthost open --json` of a user activity with this content.
    public func open(_ activity: String) throws -> CommandRunner.Result {
        let file = root.appendingPathComponent("activity-\(UUID().uuidString.prefix(8)).json")
        try activity.write(to: file, atomically: true, encoding: .utf8)
        return try exthost(["open", "--json", "--apps", apps.path, file.path])
    }

    /// Any `exthost` command in this system, run in its folder (so the
    /// checkout's own `Plugins/` and `Apps/` are never found).
    public func exthost(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner(environment: environment, workingDirectory: root).run(arguments)
    }

    /// Writes a file into the system's folder.
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - text: Its content.
    /// - Returns: The file's path.
    public func file(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The donations the system's store holds for an app (`exthost donations list --json`).
    public func donations(ofApp identifier: String) throws -> [[String: Any]] {
        let listed = try exthost(["donations", "list", "--json", "--app", identifier])
        return try listed.json()["donations"] as? [[String: Any]] ?? []
    }

    /// The system's side of the apps, for what `exthost` has no command for
    /// (sending an app to the background, ending it).
    public var handoff: AppHandoff { handoff(appsIn: apps) }

    /// The system's side of the apps of `folder`, in this system's runtime folder.
    private func handoff(appsIn folder: URL) -> AppHandoff {
        AppHandoff(
            catalog: AppCatalog(directories: [folder.path]),
            configuration: .init(runtimeDirectory: RuntimeDirectory(path: runtimeDirectory), sharedContainersPath: sharedContainers)
        )
    }

    /// What an app printed so far (its log in the runtime folder).
    public func output(ofApp identifier: String) -> String {
        (try? String(contentsOfFile: RuntimeDirectory(path: runtimeDirectory).logPath(for: identifier), encoding: .utf8)) ?? ""
    }

    /// Ends the apps of another folder (`--apps FOLDER` on a command) that
    /// commands of this system started; ``tearDown()`` knows only its own.
    public func terminateApps(in folder: URL) {
        let handoff = handoff(appsIn: folder)
        for identifier in handoff.catalog.apps.keys { handoff.terminate(appIdentifier: identifier) }
    }

    /// Ends the apps started in this system and removes its folder.
    public func tearDown() {
        terminateApps(in: apps)
        try? FileManager.default.removeItem(at: root)
    }
}

extension CommandRunner.Result {
    /// The transcript steps of a `--json` result.
    public func transcript() throws -> [[String: Any]] {
        try json()["transcript"] as? [[String: Any]] ?? []
    }

    /// The open question of a `--json` result.
    public func question() throws -> [String: Any]? {
        try json()["question"] as? [String: Any]
    }

    /// Standard output and error, for failure messages.
    public var both: String { standardOutput + standardError }
}
