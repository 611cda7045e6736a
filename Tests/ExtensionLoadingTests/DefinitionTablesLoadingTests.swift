import ExthostABI
import ExtensionLoading
import ExthostTestSupport
import Foundation
import IntentConversation
import IntentDefinition
import Testing

/// ABI 2's definition tables as the loader reads them, ABI 1 plugins,
/// which carry none, and ABI 2 plugins, which have no
/// `handler_for_intent_values`, loading as before.
@Suite("Definition tables")
struct DefinitionTablesLoadingTests {
    /// The fixture's definition as the loader reads JSON text.
    static func parsedDefinition(_ loaded: LoadedExtension) throws -> IntentDefinition {
        try ExtensionLoader.readDefinition(FixturePlugins.definitionJSON, manifest: loaded.manifest, path: loaded.path)
    }

    /// Runs Ping to its answer through the loader's endpoint for the intent.
    static func ping(_ loaded: LoadedExtension) throws -> ConversationResult {
        let endpoint = try IntentHandlerEndpoint.plugin(loaded, forIntent: "Ping")
        let engine = try ConversationEngine(endpoint: endpoint, intent: "Ping", values: [:], prompter: ScriptedPrompter(answers: [:]))
        return engine.run()
    }

    @Test("a plugin built against the version 1 header still loads, its JSON definition parsed, and answers")
    func version1PluginLoads() throws {
        // The header's version 1: EXTHOST_ABI_VERSION 1, a descriptor that ends at `release`.
        let plugin = try FixturePlugins.build("abi-v1", defines: ["EXTHOST_TARGET_ABI=1"])
        let loaded = try ExtensionLoader().load(path: plugin.path)
        #expect(loaded.manifest.abiVersion == 1)
        #expect(!loaded.readsDefinitionTables)
        #expect(loaded.definition == (try Self.parsedDefinition(loaded)))
        let result = try Self.ping(loaded)
        #expect(result.outcome == .success)
        #expect(result.message == "Pong.")
    }

    @Test("a plugin built against the version 2 header still loads from its tables and answers: the host asks its handler_for_intent, which version 2 has")
    func version2PluginLoads() throws {
        // The header's version 2: a descriptor that ends at the tables, no handler_for_intent_values.
        let plugin = try FixturePlugins.build("abi-v2", defines: ["EXTHOST_TARGET_ABI=2"])
        let loaded = try ExtensionLoader().load(path: plugin.path)
        #expect(loaded.manifest.abiVersion == 2)
        #expect(loaded.readsDefinitionTables)
        let result = try Self.ping(loaded)
        #expect(result.outcome == .success)
        #expect(result.message == "Pong.")
    }

    @Test("a version 4 plugin's definition comes from its tables, one intent at a time, the same as its JSON")
    func tablesAreRead() throws {
        let plugin = try FixturePlugins.build("good")
        let loaded = try ExtensionLoader().load(path: plugin.path)
        #expect(loaded.manifest.abiVersion == ExthostABI.version)
        #expect(loaded.readsDefinitionTables)
        let parsed = try Self.parsedDefinition(loaded)
        let ping = try loaded.definition(forIntent: "Ping")
        #expect(ping.intents == [FixtureDefinition.ping])
        #expect(ping.enums == parsed.enums)
        #expect(loaded.definition == parsed)
        #expect(try Self.ping(loaded).message == "Pong.")
    }

    @Test("a plugin without tables has its JSON parsed")
    func noTables() throws {
        let plugin = try FixturePlugins.build("no-tables", defines: ["FIXTURE_NO_TABLES"])
        let loaded = try ExtensionLoader().load(path: plugin.path)
        #expect(!loaded.readsDefinitionTables)
        #expect(try Self.ping(loaded).outcome == .success)
    }

    @Test("tables an older exthost wrote are passed over: the plugin's JSON is parsed and it answers")
    func olderTables() throws {
        // Version 1 tables lack fields version 2 reads; read as version 2
        // they would be misread, so the text is read instead.
        let plugin = try FixturePlugins.build("tables-v1", defines: ["FIXTURE_TABLES_VERSION_1"])
        let loaded = try ExtensionLoader().load(path: plugin.path)
        #expect(!loaded.readsDefinitionTables)
        #expect(loaded.definition == (try Self.parsedDefinition(loaded)))
        #expect(try Self.ping(loaded).message == "Pong.")
    }

    @Test("tables of a newer version fail the load before init, saying what to do")
    func newerTables() throws {
        let plugin = try FixturePlugins.build("tables-v9", defines: ["FIXTURE_TABLES_VERSION_9", "FIXTURE_INIT_CRASHES"])
        let error = try #require(throws: ExtensionLoadError.self) { try ExtensionLoader().load(path: plugin.path) }
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.description.contains("the embedded intent definition is invalid: the definition tables cannot be read at byte 4: they are version 9 and this exthost reads version 4; update exthost"))
    }
}
