import ExtensionLoading
import ExthostTestSupport
import Foundation
import Testing

/// A probe that could not start (no executable, too few descriptors or
/// processes) says nothing about the plugin: it is remembered as such and
/// tried again on the next scan, without the plugin file changing. Real
/// `exthost probe` processes, a real cache file.
@Suite("plugin probes: one that could not start is tried again")
struct ProbeRetryTests {
    @Test("no probe executable at first: the failure is cached as may-pass, and the next scan with the executable in place loads the plugin")
    func probeNotStartedIsRetried() throws {
        let plugins = try FixturePlugins.pluginFolder([try FixturePlugins.build("good")])
        let work = try makeTemporaryDirectory("probe-retry")
        let executable = work.appendingPathComponent("exthost")
        let cache = RegistryCache(file: work.appendingPathComponent("registry.json"))
        let catalog = PluginCatalog(directories: PluginDirectories(directories: [plugins.path]), cache: cache,
                                    probe: PluginCatalog.subprocessProber(executable: executable.path))

        let first = catalog.scan()
        #expect(first.probed == 1)
        let failed = try #require(first.registry.records.first)
        #expect(failed.manifest == nil)
        #expect(failed.failure == .probeNotStarted, "\(failed.error ?? "")")
        #expect(failed.error?.contains("error 5001: cannot start the probe process: ") == true, "\(failed.error ?? "")")
        #expect(failed.error?.hasSuffix("Tried again on the next request.") == true, "\(failed.error ?? "")")
        #expect(cache.read().values.first?.failure == .probeNotStarted, "the cause is cached, not just the fact")

        try FileManager.default.createSymbolicLink(at: executable, withDestinationURL: BuiltProducts.executable("exthost"))
        let second = catalog.scan()
        #expect(second.probed == 1, "probed again, the plugin file unchanged")
        let loaded = try #require(second.registry.records.first)
        #expect(loaded.manifest?.identifier == "com.example.fixture.intents", "\(loaded.error ?? "")")
        #expect(loaded.failure == nil)
        #expect(catalog.scan().probed == 0, "a loaded plugin is not probed again")
    }
}
