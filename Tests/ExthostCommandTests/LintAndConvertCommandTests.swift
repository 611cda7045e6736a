import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// `exthost lint` and `exthost convert`, run as real processes from the built binary.
@Suite("exthost lint and exthost convert") struct LintAndConvertCommandTests {
    /// Runs the built `exthost` with `arguments`.
    static func run(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner().run(arguments)
    }

    static func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exthost-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static var corpusFiles: [String] {
        ["soupchef.intentdefinition", "netnewswire.intentdefinition"].map { CorpusFolder.url(of: $0).path }
    }

    @Test(.needsCorpusFiles("soupchef.intentdefinition", "netnewswire.intentdefinition"))
    func lintCorpusExitsZeroWithWarnings() throws {
        let outcome = try Self.run(["lint"] + Self.corpusFiles)
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.last == "2 files: 0 errors, 3 warnings")
        #expect(lines.first == "\(Self.corpusFiles[0]): warning: OrderSoup › soup: has no display name; Siri and Shortcuts show it, so give it one.")
    }

    @Test func lintErrorsExitOne() throws {
        let file = try Self.temporaryFile("dup.json", """
            {"intents": [{"name": "Ping", "title": "Ping",
              "parameters": [{"name": "a", "displayName": "A", "type": "String"}, {"name": "a", "displayName": "A", "type": "Integer"}],
              "response": {"codes": [{"name": "success", "success": true}]}}]}
            """)
        let outcome = try Self.run(["lint", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput == """
            \(file.path): error: Ping: duplicate parameter name 'a'; names must be unique. Rename one of them.
            1 file: 1 error, 0 warnings

            """)
    }

    @Test func lintHandlersFindsNearMisses() throws {
        let definition = try Self.temporaryFile("Tea.json", """
            {"intents": [{"name": "OrderTea", "title": "Order Tea",
              "parameters": [{"name": "flavour", "displayName": "Flavour", "type": "String", "supportsResolution": true, "supportsDynamicEnumeration": true}],
              "parameterCombinations": [{"parameters": ["flavour"], "title": "Order ${flavour} tea", "isPrimary": true}],
              "response": {"codes": [{"name": "success", "success": true}]}}]}
            """)
        let handler = try Self.temporaryFile("TeaHandler.swift", """
            import Intents

            class TeaHandler: NSObject, OrderTeaIntentHandling {
                func provideFlavourOptionsCollection(for intent: OrderTeaIntent, with completion: @escaping (INObjectCollection<String>?, Error?) -> Void) {
                    completion(INObjectCollection(items: ["green"]), nil)
                }
            }
            """)
        let outcome = try Self.run(["lint", definition.path, "--handlers", handler.deletingLastPathComponent().path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("""
            \(handler.path):4: error: OrderTea: provideFlavourOptionsCollection gives INObjectCollection<String> where OrderTeaIntentHandling has INObjectCollection<NSString>
            """))
        let missing = try Self.run(["lint", "--handlers", "/nonexistent/Handlers"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/Handlers: error: no such file or folder"))
    }

    @Test func lintUnloadableFileExitsTwo() throws {
        let file = try Self.temporaryFile("notes.intentdefinition", "just some notes")
        let outcome = try Self.run(["lint", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("\(file.path): error: cannot load: \(file.path): not a property list"))
        #expect(outcome.standardOutput.contains("1 file: 0 errors, 0 warnings, 1 not loaded"))
    }

    @Test(.needsCorpusFiles("soupchef.intentdefinition", "netnewswire.intentdefinition"))
    func lintJSONForScripts() throws {
        let outcome = try Self.run(["lint", "--json"] + Self.corpusFiles)
        #expect(outcome.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(report["errors"] as? Int == 0)
        #expect(report["warnings"] as? Int == 3)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["severity"] as? String == "warning")
        #expect(diagnostics.first?["intent"] as? String == "OrderSoup")
        #expect(diagnostics.first?["parameter"] as? String == "soup")
        #expect((report["files"] as? [[String: Any]])?.count == 2)
    }

    @Test func lintHelpExplains() throws {
        let outcome = try Self.run(["lint", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("Exit status: 0 when there are no errors"))
        #expect(outcome.standardOutput.contains("--json"))
    }

    @Test(.needsCorpusFiles("netnewswire.intentdefinition"))
    func convertBothWays() throws {
        let original = try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: "netnewswire.intentdefinition"))
        let toJSON = try Self.run(["convert", Self.corpusFiles[1], "--to", "json"])
        #expect(toJSON.status == 0)
        #expect(try IntentDefinitionFile.parseJSON(Data(toJSON.standardOutput.utf8), file: "stdout") == original)

        let jsonFile = try Self.temporaryFile("nnw.json", toJSON.standardOutput)
        let plistFile = jsonFile.deletingLastPathComponent().appendingPathComponent("nnw.intentdefinition")
        let back = try Self.run(["convert", jsonFile.path, "--to", "intentdefinition", "--output", plistFile.path])
        #expect(back.status == 0)
        #expect(back.standardOutput.isEmpty)
        #expect(try String(contentsOf: plistFile, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try IntentDefinitionFile.load(contentsOf: plistFile) == original)
        // Xcode's keys exthost does not model (IDs of metadata, tags, tools
        // versions) travel in the JSON form and come back.
        #expect(toJSON.standardOutput.contains("\"keptPropertyListKeys\""))
        let before = try PropertyListLeaves.of(propertyList: Data(contentsOf: CorpusFolder.url(of: "netnewswire.intentdefinition")))
        let after = try PropertyListLeaves.of(propertyList: Data(contentsOf: plistFile))
        let lost = before.filter { after[$0.key] != $0.value }.keys.sorted()
        #expect(lost.isEmpty, "\(lost.count) keys lost or changed: \(lost.prefix(12))")
    }

    @Test("a deprecated parameter converts to an .intentdefinition without the mark, and says so")
    func convertDeprecatedParameterWarns() throws {
        let file = try Self.temporaryFile("tea.json", #"{"intents": [{"name": "OrderTea", "parameters": [{"name": "size", "type": "Integer", "deprecated": true}]}]}"#)
        let outcome = try Self.run(["convert", file.path, "--to", "intentdefinition"])
        #expect(outcome.status == 0, "\(outcome.both)")
        #expect(outcome.standardError.contains("OrderTea.size is deprecated in the JSON form; Xcode's .intentdefinition has no key for that"), "\(outcome.both)")
        let written = try IntentDefinitionFile.parsePropertyList(Data(outcome.standardOutput.utf8), file: "tea.intentdefinition")
        #expect(written.intents.first?.parameters.first?.deprecated == nil)
        let json = try Self.run(["convert", file.path, "--to", "json"])
        #expect(json.standardError.isEmpty && json.standardOutput.contains("\"deprecated\""), "\(json.both)")
    }

    @Test func convertUnloadableFileExitsTwo() throws {
        let file = try Self.temporaryFile("bad.json", #"{"intents": [{"name": "A", "parameters": [{"name": "b", "type": "Foo"}]}]}"#)
        let outcome = try Self.run(["convert", file.path, "--to", "intentdefinition"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("bad.json: intents[0] (A) › parameters[0] (b): unknown parameter type 'Foo'"))
    }
}
