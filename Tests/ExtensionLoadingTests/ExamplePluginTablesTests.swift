import ExtensionLoading
import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// Every example plugin, as the package builds it: the definition the host
/// reads from its tables is the one its JSON text describes.
@Suite("Example plugins' definition tables")
struct ExamplePluginTablesTests {
    /// Each built example and whether it carries tables: one definition
    /// does, several do (joined into a set), none (system intents only)
    /// does not.
    static let examples: [(product: String, tables: Bool)] = [
        ("StudyRecordExtension", true), ("SoupChefExtension", true), ("FreeeExtension", true),
        ("AccountSyncExtension", true), ("LightsExtension", true),
        ("PortingCustomIntents", true), ("TwoDefinitionsExtension", true), ("MessagingExtension", false), ("WorkoutsExtension", false),
    ]

    @Test(arguments: examples.map(\.product))
    func tablesDescribeTheSameDefinitionAsTheText(product: String) throws {
        let loaded = try ExtensionLoader().load(path: BuiltProducts.plugin(product).path)
        let expected = try #require(Self.examples.first { $0.product == product }).tables
        #expect(loaded.readsDefinitionTables == expected)
        let text = String(cString: try #require(loaded.descriptor.pointee.definition))
        let parsed = try ExtensionLoader.readDefinition(text, manifest: loaded.manifest, path: loaded.path)
        #expect(loaded.definition == parsed)
        for intent in loaded.manifest.intentsSupported {
            let partial = try loaded.definition(forIntent: intent)
            // From tables, the intent alone; from text, the whole definition.
            #expect(partial.intents.map(\.name) == (expected ? [intent] : parsed.intents.map(\.name)))
            #expect(partial.intent(named: intent) == parsed.intent(named: intent))
        }
    }
}
