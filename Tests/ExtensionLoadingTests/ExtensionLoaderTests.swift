import ExthostABI
import ExtensionLoading
import ExthostTestSupport
import Foundation
import Testing

@Suite("Loading plugins")
struct ExtensionLoaderTests {
    @Test("a C plugin loads, with its manifest, definition and timed phases")
    func loadsCPlugin() throws {
        let plugin = try FixturePlugins.build("good")
        let loaded = try ExtensionLoader().load(path: plugin.path)
        #expect(loaded.manifest.identifier == "com.example.fixture.intents")
        #expect(loaded.manifest.app == "com.example.fixture")
        #expect(loaded.manifest.toolchain == "c")
        #expect(loaded.manifest.intentsSupported == ["LogWorkout", "Ping"])
        #expect(loaded.definition.intents.map(\.name) == ["LogWorkout", "Ping"])
        #expect(loaded.timings.dlopen > 0)
        #expect(loaded.timings.abiCheck > 0)
    }

    @Test("the same file is loaded once, whatever name it is reached by")
    func loadsOnce() throws {
        let plugin = try FixturePlugins.build("good")
        let link = FixturePlugins.buildDirectory.appendingPathComponent("good-link-\(UUID().uuidString).so")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: plugin)
        let loader = ExtensionLoader()
        let first = try loader.load(path: plugin.path)
        let second = try loader.load(path: link.path)
        #expect(first === second)
        #expect(try loader.load(path: plugin.path) === first)
    }

    @Test("a plugin loaded before and removed since is reported missing, not served from memory")
    func removedAfterLoading() throws {
        let plugin = try FixturePlugins.build("good")
        // A second name of the same file, which the test can take away.
        let name = FixturePlugins.buildDirectory.appendingPathComponent("good-name-\(UUID().uuidString).so")
        try FileManager.default.linkItem(at: plugin, to: name)
        let loader = ExtensionLoader()
        let loaded = try loader.load(path: name.path)
        #expect(try loader.load(path: name.path) === loaded)
        try FileManager.default.removeItem(at: name)
        let error = try #require(throws: ExtensionLoadError.self) { try loader.load(path: name.path) }
        #expect(error.description.contains(name.lastPathComponent))
    }

    @Test("a wrong ABI version is refused before any other plugin code runs, naming both versions")
    func wrongABIVersion() throws {
        let plugin = try FixturePlugins.build("abi-v9", defines: ["FIXTURE_ABI_VERSION=9", "FIXTURE_INIT_CRASHES"])
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
        #expect(error.description.contains("host has ABI version 3 (and loads 1 to 3), library has 9"))
    }

    @Test("a wrong magic number is refused")
    func wrongMagic() throws {
        let plugin = try FixturePlugins.build("bad-magic", defines: ["FIXTURE_MAGIC=0x12345678u"])
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
        #expect(error.description.contains("magic block mismatch"))
        #expect(error.description.contains("0x12345678"))
    }

    @Test("a Swift plugin built by another toolchain is refused")
    func wrongToolchain() throws {
        let plugin = try FixturePlugins.build("old-swift", defines: ["FIXTURE_TOOLCHAIN=\"swift-5.9.0\""])
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
        #expect(error.description.contains("library has swift-5.9.0"))
    }

    @Test("a Swift plugin stamped by a neighbouring build of the host's compiler is refused, naming both")
    func neighbouringToolchain() throws {
        // The same version with another build tag, and the next patch
        // release: both must fail the check, not only distant versions.
        for stamp in [ExthostABI.swiftToolchain + "-dev", Self.nextPatch(of: ExthostABI.swiftToolchain)] {
            let plugin = try FixturePlugins.build("stamp-\(stamp)", defines: ["FIXTURE_TOOLCHAIN=\"\(stamp)\""])
            let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
            #expect(error.description.contains("host has \(ExthostABI.swiftToolchain), library has \(stamp)."))
        }
    }

    /// "swift-6.3.1-RELEASE" → "swift-6.3.2-RELEASE".
    static func nextPatch(of stamp: String) -> String {
        var parts = stamp.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var numbers = parts[1].split(separator: ".").map { Int($0) ?? 0 }
        numbers[numbers.count - 1] += 1
        parts[1] = numbers.map(String.init).joined(separator: ".")
        return parts.joined(separator: "-")
    }

    @Test("a library without the entry function is not a plugin")
    func noEntrySymbol() throws {
        let plugin = try FixturePlugins.build("no-entry", defines: ["FIXTURE_NO_ENTRY"])
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
        #expect(error.reason == .noEntrySymbol)
        #expect(error.description.contains("exthost_extension_entry"))
    }

    @Test("a file that is not ELF is refused without calling dlopen")
    func notELF() throws {
        let file = FixturePlugins.buildDirectory.appendingPathComponent("text-\(UUID().uuidString).so")
        try "just some text\n".write(to: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: file.path) }
        #expect(error.reason == .notAnELFFile)
    }

    @Test("an empty file is refused")
    func emptyFile() throws {
        let file = FixturePlugins.buildDirectory.appendingPathComponent("empty-\(UUID().uuidString).so")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: file.path) }
        #expect(error.reason == .emptyFile)
        #expect(error.description.contains("empty"))
    }

    @Test("a missing file is reported with its path")
    func missingFile() throws {
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: "/nonexistent/plugin.so") }
        #expect(error.description.contains("/nonexistent/plugin.so"))
    }

    @Test("a missing dependency names the library the dynamic linker could not find")
    func missingDependency() throws {
        let dependencyFolder = FixturePlugins.buildDirectory.appendingPathComponent("deps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dependencyFolder, withIntermediateDirectories: true)
        let source = dependencyFolder.appendingPathComponent("dep.c")
        try "int exthost_fixture_dependency(void) { return 1; }\n".write(to: source, atomically: true, encoding: .utf8)
        let library = dependencyFolder.appendingPathComponent("libexthostfixturedep.so")
        try FixturePlugins.compile(["-shared", "-fPIC", "-o", library.path, source.path])
        let plugin = try FixturePlugins.build("missing-dep", flags: ["-L", dependencyFolder.path, "-Wl,--no-as-needed", "-lexthostfixturedep"])
        try FileManager.default.removeItem(at: library)
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
        #expect(error.description.contains("libexthostfixturedep.so"))
        #expect(error.description.contains("dynamic linker"))
    }

    @Test("an init that fails is error 5001")
    func initFails() throws {
        let plugin = try FixturePlugins.build("init-fails", defines: ["FIXTURE_INIT_FAILS"])
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
        #expect(error.reason == .initFailed(status: 7))
        #expect(error.code == .extensionBringUpFailed)
    }

    @Test("linked libraries are read from the ELF dynamic section")
    func linkedLibraries() throws {
        let plugin = try FixturePlugins.build("good")
        let libraries = try ELFDynamicSection.neededLibraries(ofFileAt: plugin.path)
        #expect(libraries.contains("libc.so.6"))
    }
}
