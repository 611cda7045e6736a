import ExthostTestSupport
import Foundation
import Testing

/// The examples' intent definitions (Xcode's form, and Soup Chef's in
/// exthost's JSON form): clean under `exthost lint`, and Soup Chef's with
/// every feature its extension and tests rely on.
@Suite("Example definitions")
struct ExampleDefinitionsTests {
    static let definitions = [
        "Examples/SoupChef/Extension/SoupChef.intentdefinition.json",
        "Examples/AccountSync/Kit/AccountSync.intentdefinition",
        "Examples/Recipes/App/Recipes.intentdefinition",
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

    @Test("Soup Chef's definition has the parameters, confirmation and response codes its extension uses")
    func soupChefDefinesWhatItsExtensionUses() throws {
        let orderSoup = try intent(json(TestPaths.packageRoot.appendingPathComponent(Self.definitions[0]).path), "OrderSoup")

        let names = { (intent: [String: Any], key: String) in
            (intent[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(names(orderSoup, "parameters") == ["soup", "quantity", "options", "orderType", "deliveryLocation"])
        #expect(orderSoup["userConfirmationRequired"] as? Bool == true)
        let response = try #require(orderSoup["response"] as? [String: Any])
        #expect(names(response, "codes") == ["failure", "success", "failureOutOfStock", "successReadySoon"])
        #expect(names(response, "parameters") == ["soup", "waitTime"])

        let parameters = try #require(orderSoup["parameters"] as? [[String: Any]])
        let soup = try #require(parameters.first { $0["name"] as? String == "soup" })
        #expect(soup["type"] as? String == "type:Soup")
        #expect(soup["supportsDynamicEnumeration"] as? Bool == true)
        #expect(soup["supportsSearch"] as? Bool == true)
        let quantity = try #require(parameters.first { $0["name"] as? String == "quantity" })
        let bounds = try #require(quantity["metadata"] as? [String: Any])
        #expect((bounds["minimum"] as? NSNumber)?.intValue == 1 && (bounds["maximum"] as? NSNumber)?.intValue == 10)
        let options = try #require(parameters.first { $0["name"] as? String == "options" })
        #expect(options["supportsMultipleValues"] as? Bool == true)
        let delivery = try #require(parameters.first { $0["name"] as? String == "deliveryLocation" })
        let relationship = try #require(delivery["relationship"] as? [String: Any])
        #expect(relationship["parent"] as? String == "orderType")
        #expect(relationship["values"] as? [String] == ["delivery"])
    }
}
