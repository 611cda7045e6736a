import Foundation
import IntentCodegen
import IntentDefinition

/// Builds the C fixture plugin (`Tests/Fixtures/fixture_plugin.c`) with the
/// system C compiler, once per variant per test process, against the header
/// generated from `FixtureDefinition`. The compiler flags in
/// `EXTHOST_TEST_PLUGIN_CFLAGS` (space-separated) are added to every build:
/// `scripts/sanitize` passes `-fsanitize=address,undefined` there.
public enum FixturePlugins {
    /// A build that failed: the compiler's output.
    public struct BuildError: Error, CustomStringConvertible {
        public var description: String
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [String: URL] = [:]

    /// A fresh folder for this test process's builds.
    public static let buildDirectory: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("exthost-fixtures-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The definition's JSON form, as the plugin embeds it.
    public static var definitionJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try! encoder.encode(FixtureDefinition.definition), as: UTF8.self)
    }

    /// Builds (or reuses) a variant of the fixture plugin.
    ///
    /// - Parameters:
    ///   - name: The variant's file name, without `.so`.
    ///   - defines: `FIXTURE_*` macros, e.g. `["FIXTURE_PING_MODE=1"]`.
    ///   - flags: More compiler or linker flags.
    /// - Returns: The path of the built `.so`.
    public static func build(_ name: String, defines: [String] = [], flags: [String] = []) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let done = built[name] { return done }
        let header = buildDirectory.appendingPathComponent("FixtureIntents.h")
        if !FileManager.default.fileExists(atPath: header.path) {
            let text = CHeaderRenderer.render(FixtureDefinition.definition, fileName: "Fixture.intentdefinition", embeddedJSON: definitionJSON)
            try text.write(to: header, atomically: true, encoding: .utf8)
        }
        let output = buildDirectory.appendingPathComponent("\(name).so")
        var arguments = [
            "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-pthread",
            "-I", TestPaths.packageRoot.appendingPathComponent("Sources/CExthost/include").path,
            "-I", buildDirectory.path,
            "-o", output.path,
            TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/fixture_plugin.c").path,
        ]
        arguments += defines.map { "-D" + $0 }
        arguments += flags + environmentFlags
        try compile(arguments)
        built[name] = output
        return output
    }

    /// The flags `EXTHOST_TEST_PLUGIN_CFLAGS` adds to every build.
    private static let environmentFlags: [String] = (ProcessInfo.processInfo.environment["EXTHOST_TEST_PLUGIN_CFLAGS"] ?? "")
        .split(separator: " ").map(String.init)

    /// Runs the C compiler; throws its output when it fails.
    public static func compile(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BuildError(description: "cc \(arguments.joined(separator: " ")) failed:\n\(String(decoding: text, as: UTF8.self))")
        }
    }

    /// A folder holding only the given plugins (as copies), for discovery tests.
    public static func pluginFolder(_ plugins: [URL], names: [String]? = nil) throws -> URL {
        let folder = buildDirectory.appendingPathComponent("plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, plugin) in plugins.enumerated() {
            let name = names?[index] ?? plugin.lastPathComponent
            try FileManager.default.copyItem(at: plugin, to: folder.appendingPathComponent(name))
        }
        return folder
    }
}
