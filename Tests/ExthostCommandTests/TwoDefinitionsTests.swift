import ExthostTestSupport
import Foundation
import Testing

/// An extension whose target has two intent definitions — its own and a
/// widget's, one of them beside a source file of the same name — built by
/// the build-tool plugin and exported as one extension.
@Suite("An extension with two intent definitions")
struct TwoDefinitionsTests {
    @Test("both definitions' intents are listed for the one extension and run through it")
    func bothDefinitionsServe() throws {
        let system = try ExampleSystem(plugins: ["TwoDefinitionsExtension"])
        defer { system.tearDown() }
        let listed = try system.exthost(["list", "--json", "--plugins", system.plugins.path])
        #expect(listed.status == 0, "\(listed.both)")
        let extensions = try #require(try listed.json()["extensions"] as? [[String: Any]])
        #expect(extensions.count == 1)
        let manifest = extensions.first?["manifest"] as? [String: Any]
        #expect(Set(manifest?["intentsSupported"] as? [String] ?? []) == ["ConfigureWeatherWidget", "ReorderLast"], "\(extensions)")

        let widget = try system.run(#"{"intent": "ConfigureWeatherWidget", "parameters": {"city": "Sapporo"}}"#)
        #expect(widget.status == 0, "\(widget.both)")
        #expect(try widget.json()["message"] as? String == "The widget shows Sapporo.")
        let reorder = try system.run(#"{"intent": "ReorderLast"}"#)
        #expect(reorder.status == 0, "\(reorder.both)")
        #expect(try reorder.json()["message"] as? String == "Your last order is placed again.")
    }
}
