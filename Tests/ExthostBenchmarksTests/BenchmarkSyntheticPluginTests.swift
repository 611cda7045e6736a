import ExtensionLoading
import ExthostBenchmarks
import IntentConversation
import ExthostTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The synthetic plugins of `exthost bench` really link K libraries and run
/// M initializers, and are plugins the real loader loads and converses with.
@Suite("Benchmark synthetic plugins", .serialized)
struct BenchmarkSyntheticPluginTests {
    private static let generator = SyntheticPluginGenerator(
        directory: FixturePlugins.buildDirectory.appendingPathComponent("synthetic"),
        headerDirectory: TestPaths.packageRoot.appendingPathComponent("Sources/CExthost/include")
    )

    @Test("a plugin linking 3 extra libraries has each as DT_NEEDED, in order")
    func linksLibraries() throws {
        let plugin = try Self.generator.plugin(libraries: 3, initializers: 0)
        let needed = try ELFDynamicSection.neededLibraries(ofFileAt: plugin.path.path)
        let extra = needed.filter { $0.hasPrefix("libexthost_bench_dep") }
        #expect(extra == (0..<3).map(SyntheticPluginGenerator.libraryName))
        for name in extra {
            #expect(FileManager.default.fileExists(atPath: plugin.path.deletingLastPathComponent().appendingPathComponent("deps/\(name)").path))
        }
        let none = try Self.generator.plugin(libraries: 0, initializers: 0)
        #expect(try ELFDynamicSection.neededLibraries(ofFileAt: none.path.path).allSatisfy { !$0.hasPrefix("libexthost_bench_dep") })
    }

    @Test("a plugin with 7 initializers runs 7 constructors when it is opened")
    func runsInitializers() throws {
        let plugin = try Self.generator.plugin(libraries: 2, initializers: 7)
        let handle = try #require(dlopen(plugin.path.path, RTLD_NOW | RTLD_LOCAL), "dlopen failed: \(String(cString: dlerror()))")
        let counter = try #require(dlsym(handle, SyntheticPluginGenerator.constructorCounterSymbol))
        #expect(counter.assumingMemoryBound(to: Int32.self).pointee == 7)
    }

    @Test("the real loader loads a synthetic plugin and its six-parameter request runs to success")
    func loadsAndConverses() throws {
        let plugin = try Self.generator.plugin(libraries: 1, initializers: 3)
        let loaded = try ExtensionLoader().load(path: plugin.path.path)
        #expect(loaded.manifest.intentsSupported == [SyntheticPluginGenerator.intentName])
        let request = SyntheticPluginGenerator.request
        let intent = try #require(loaded.definition.intent(named: request.intent))
        #expect(intent.parameters.count == 6)
        let values = try request.values(for: intent, in: loaded.definition)
        #expect(values.count == 6)
        let engine = try ConversationEngine(endpoint: .plugin(loaded), intent: request.intent, values: values,
                                            prompter: ScriptedPrompter(answers: [:]))
        let result = engine.run()
        #expect(result.outcome == .success)
        #expect(result.transcript.filter { $0.stage == .resolve && $0.result == .resolution(.success) }.count == 6)
    }

    @Test("the measuring child's probe times every phase and the warm requests")
    func probeMeasures() throws {
        let plugin = try Self.generator.plugin(libraries: 0, initializers: 1)
        let sample = ColdStartProbe.measurePlugin(at: plugin.path.path, request: SyntheticPluginGenerator.request, warmRequests: 5)
        #expect(sample.error == nil)
        #expect(sample.timings.dlopen > 0 && sample.timings.firstHandlerFor > 0)
        #expect(sample.firstRequest != nil)
        #expect(sample.warmRequests == 5)
        #expect(sample.outcome == "success")
        #expect(sample.stages == 9)
        #expect((sample.definitionReadAgain ?? 0) > 0)
    }

    @Test("the empty library of the floor is an ELF library that opens")
    func emptyLibrary() throws {
        let library = try Self.generator.emptyLibrary()
        let floor = ColdStartProbe.measureFloor(at: library.path)
        #expect(floor.error == nil)
        #expect(floor.dlopen > 0)
    }
}
