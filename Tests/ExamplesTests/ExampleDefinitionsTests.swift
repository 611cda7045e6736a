import ExthostTestSupport
import Foundation
import Testing

/// The examples' intent definitions: Xcode's files, clean under `exthost
/// lint`, and Soup Chef's an extension of Apple's iOS 12 file, not a rewrite.
@Suite("Example definitions")
struct ExampleDefinitionsTests {
    static let definitions = [
        "Examples/SoupChef/Extension/SoupChef.intentdefinition",
        "Examples/AccountSync/Kit/AccountSync.intentdefinition",
        "Examples/Recipes/Recipes.intentdefinition",
    ]

    /// A definition in exthost's JSON form, through `exthost convert`.
    private func json(_ path: String) throws -> [String: Any] {
        let converted = try CommandRunner().run(["convert", path, "--to", "json"])
        #expect(converted.status == 0, "\(converted.standardError)")
        return try converted.json()
    }

    private func intent(_ definition: [String: Any], _ name: String) throws -> [String: Any] {
        try #require((definition["intents"] as? [[String: Any]])?.first { $0["name"] as? String == name })
    }

    @Test("every example definition lints clean", arguments: definitions)
    func lintsClean(_ path: String) throws {
        let file = TestPaths.packageRoot.appendingPathComponent(path).path
        let linted = try CommandRunner().run(["lint", file])
        #expect(linted.status == 0, "\(linted.standardOutput)\(linted.standardError)")
        #expect(linted.standardOutput.contains("0 errors, 0 warnings"), "\(linted.standardOutput)")
    }

    @Test("Soup Chef keeps the iOS 12 file's parameters, confirmation and response codes, and adds the later sample's")
    func soupChefExtendsTheCorpusFile() throws {
        let original = try intent(json(TestPaths.corpus.appendingPathComponent("soupchef.intentdefinition").path), "OrderSoup")
        let extended = try intent(json(TestPaths.packageRoot.appendingPathComponent(Self.definitions[0]).path), "OrderSoup")

        let names = { (intent: [String: Any], key: String) in
            (intent[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(names(extended, "parameters") == names(original, "parameters") + ["orderType", "deliveryLocation"])
        #expect(extended["userConfirmationRequired"] as? Bool == true)
        let codes = { (intent: [String: Any]) in
            ((intent["response"] as? [String: Any])?["codes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(codes(extended) == codes(original))
        #expect(codes(extended).contains("failureOutOfStock") && codes(extended).contains("successReadySoon"))

        let parameters = try #require(extended["parameters"] as? [[String: Any]])
        let soup = try #require(parameters.first { $0["name"] as? String == "soup" })
        #expect(soup["type"] as? String == "type:Soup")
        #expect(soup["supportsDynamicEnumeration"] as? Bool == true)
        #expect(soup["supportsSearch"] as? Bool == true)
        let options = try #require(parameters.first { $0["name"] as? String == "options" })
        #expect(options["supportsMultipleValues"] as? Bool == true)
        let delivery = try #require(parameters.first { $0["name"] as? String == "deliveryLocation" })
        let relationship = try #require(delivery["relationship"] as? [String: Any])
        #expect(relationship["parent"] as? String == "orderType")
        #expect(relationship["values"] as? [String] == ["delivery"])
    }
}
