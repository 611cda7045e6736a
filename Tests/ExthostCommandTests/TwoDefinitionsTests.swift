import ExthostTestSupport
import Foundation
import Testing

/// An extension whose target has two intent definitions — its own and a
/// widget's, one of them beside a source file of the same name — built by
/// the build-tool plugin and exported as one extension.
@Suite("An extension with two intent definitions")
struct TwoDefinitionsTests {
    @Test("both definitions' intents are listed for the one extension, read as tables, and run through it",
          arguments: [[], ["--isolated"]])
    func bothDefinitionsServe(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["TwoDefinitionsExtension"])
        defer { system.tearDown() }
        let listed = try system.exthost(["list", "--json", "--plugins", system.plugins.path])
        #expect(listed.status == 0, "\(listed.both)")
        let extensions = try #require(try listed.json()["extensions"] as? [[String: Any]])
        #expect(extensions.count == 1)
        let manifest = extensions.first?["manifest"] as? [String: Any]
        #expect(Set(manifest?["intentsSupported"] as? [String] ?? []) == ["ConfigureWeatherWidget", "ReorderLast"], "\(extensions)")
        // The two definitions' tables, joined by the SDK, read in place: no JSON parsed at load.
        #expect(extensions.first?["definitionForm"] as? String == "tables", "\(extensions)")
        #expect(Set(extensions.first?["definedIntents"] as? [String] ?? []) == ["ConfigureWeatherWidget", "ReorderLast"], "\(extensions)")

        let widget = try system.run(#"{"intent": "ConfigureWeatherWidget", "parameters": {"city": "Tokyo"}}"#, options: options)
        #expect(widget.status == 0, "\(widget.both)")
        #expect(try widget.json()["message"] as? String == "The widget shows Tokyo.")
        #expect(!widget.both.contains("snowy widget"), "\(widget.both)")
        let reorder = try system.run(#"{"intent": "ReorderLast"}"#, options: options)
        #expect(reorder.status == 0, "\(reorder.both)")
        #expect(try reorder.json()["message"] as? String == "Your last order is placed again.")
    }

    @Test("a handler chosen by a value in handler(for:) sees it, on the very intent handler(for:) was given",
          arguments: [[], ["--isolated"]])
    func handlerChosenByValueSeesIt(options: [String]) throws {
        let system = try ExampleSystem(plugins: ["TwoDefinitionsExtension"])
        defer { system.tearDown() }
        let snowy = try system.run(#"{"intent": "ConfigureWeatherWidget", "parameters": {"city": "Sapporo"}}"#, options: options)
        #expect(snowy.status == 0, "\(snowy.both)")
        #expect(try snowy.json()["message"] as? String == "The widget shows Sapporo.")
        // The request's values were decoded once: the first method got the
        // intent handler(for:) chose by; handle, after the resolution, its own.
        #expect(snowy.both.contains("snowy widget: resolveCity sees Sapporo on the intent handler(for:) was given"), "\(snowy.both)")
        #expect(snowy.both.contains("snowy widget set to Sapporo"), "\(snowy.both)")
    }

    @Test("probe says the definition is read as tables")
    func probeSaysTables() throws {
        let system = try ExampleSystem(plugins: ["TwoDefinitionsExtension"])
        defer { system.tearDown() }
        let plugin = system.plugins.appendingPathComponent("libTwoDefinitionsExtension.so").path
        let probed = try system.exthost(["probe", plugin])
        #expect(probed.status == 0, "\(probed.both)")
        #expect(probed.standardOutput.contains("definition: tables, read in place"), "\(probed.both)")
    }
}
