import ExthostTestSupport
import Foundation
import Testing

/// Setting up a shortcut as the Shortcuts app's editor does: `shortcuts add`
/// checks the parameters by the definition of the extension that runs the
/// intent, and titles the shortcut from it; `shortcuts options` lists what
/// a parameter can be set to (the enum's cases, or the extension's dynamic
/// options); `shortcuts list` titles the intents extensions handle.
@Suite("Shortcuts: set up by the definition")
struct ShortcutSetupTests {
    static let soupChef = "com.example.soupchef"

    private func system() throws -> ExampleSystem {
        var system = try ExampleSystem(plugins: ["SoupChefExtension", "StudyRecordExtension"])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        return system
    }

    @Test("an unknown parameter or a value of the wrong type is refused at add, with the message run gives; nothing is saved")
    func addChecksTheParameters() throws {
        let system = try system()
        defer { system.tearDown() }
        let unknown = try system.exthost(["shortcuts", "add", "soup please", "--app", Self.soupChef, "--intent", "OrderSoup",
                                          "--parameters", #"{"size": "large"}"#])
        #expect(unknown.status == 2, "\(unknown.both)")
        #expect(unknown.standardError.contains(#"OrderSoup has no parameter "size"; its parameters are soup, quantity, options, orderType, deliveryLocation"#),
                "\(unknown.standardError)")

        let wrongType = try system.exthost(["shortcuts", "add", "soup please", "--app", Self.soupChef, "--intent", "OrderSoup",
                                            "--parameters", #"{"quantity": "lots"}"#])
        #expect(wrongType.status == 2, "\(wrongType.both)")
        #expect(wrongType.standardError.contains("quantity"), "\(wrongType.standardError)")

        let notAnIntent = try system.exthost(["shortcuts", "add", "soup please", "--app", Self.soupChef, "--intent", "OrderPizza"])
        #expect(notAnIntent.status == 4, "\(notAnIntent.both)")
        #expect(notAnIntent.standardError.contains("OrderPizza"), "\(notAnIntent.standardError)")

        let phrases = try system.exthost(["shortcuts", "list", "--phrases", "--json"])
        #expect((try phrases.json()["voiceShortcuts"] as? [Any])?.isEmpty == true)
    }

    @Test("a soup's options come from the extension, narrowed by search, and set the shortcut it titles")
    func dynamicOptionsSetUpTheShortcut() throws {
        let system = try system()
        defer { system.tearDown() }
        let listed = try system.exthost(["shortcuts", "options", "soup", "--app", Self.soupChef, "--intent", "OrderSoup", "--json"])
        #expect(listed.status == 0, "\(listed.both)")
        let json = try listed.json()
        #expect(json["source"] as? String == "handler")
        let options = try #require(json["options"] as? [[String: Any]])
        let titles = options.compactMap { $0["title"] as? String }
        #expect(titles.contains("Tomato Soup") && titles.contains("Clam Chowder"), "\(titles)")
        #expect(!titles.contains("Lobster Bisque"), "an out-of-stock soup was offered")

        let searched = try system.exthost(["shortcuts", "options", "soup", "--app", Self.soupChef, "--intent", "OrderSoup", "--search", "chowder", "--json"])
        let found = try #require(try searched.json()["options"] as? [[String: Any]]).compactMap { $0["title"] as? String }
        #expect(Set(found) == ["Clam Chowder", "Corn Chowder"], "\(found)")

        // The option's --parameters text, with a quantity, makes the shortcut.
        let tomato = try #require(options.first { $0["title"] as? String == "Tomato Soup" })
        let setting = try #require(tomato["parameters"] as? String)
        var parameters = try #require(try JSONSerialization.jsonObject(with: Data(setting.utf8)) as? [String: Any])
        parameters["quantity"] = 2
        let text = String(decoding: try JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys]), as: UTF8.self)
        let added = try system.exthost(["shortcuts", "add", "two tomato soups", "--app", Self.soupChef, "--intent", "OrderSoup",
                                        "--parameters", text, "--json"])
        #expect(added.status == 0, "\(added.both)")
        let shortcut = try #require(try added.json()["shortcut"] as? [String: Any])
        #expect(shortcut["title"] as? String == "Place an order for 2 Tomato Soup")
    }

    @Test("an enum's options are its cases, by display name; a number offers none")
    func enumOptionsComeFromTheDefinition() throws {
        let system = try system()
        defer { system.tearDown() }
        let listed = try system.exthost(["shortcuts", "options", "orderType", "--app", Self.soupChef, "--intent", "OrderSoup"])
        #expect(listed.status == 0, "\(listed.both)")
        #expect(listed.standardOutput.contains("orderType: the cases of its enum (from the definition)"))
        #expect(listed.standardOutput.contains(#"1. Pickup    --parameters '{"orderType":"pickup"}'"#), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains(#"2. Delivery    --parameters '{"orderType":"delivery"}'"#))

        let none = try system.exthost(["shortcuts", "options", "quantity", "--app", Self.soupChef, "--intent", "OrderSoup"])
        #expect(none.status == 0)
        #expect(none.standardOutput.contains("quantity offers no options"))

        let unknown = try system.exthost(["shortcuts", "options", "size", "--app", Self.soupChef, "--intent", "OrderSoup"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains(#"OrderSoup has no parameter "size""#))
    }

    @Test("intents an extension handles are listed by their titles, not their names")
    func registryIntentsAreTitled() throws {
        let system = try system()
        defer { system.tearDown() }
        let listed = try system.exthost(["shortcuts", "list", "--json"])
        #expect(listed.status == 0, "\(listed.both)")
        let shortcuts = try #require(try listed.json()["shortcuts"] as? [[String: Any]])
        let titles = Dictionary(shortcuts.compactMap { item in (item["intent"] as? String).map { ($0, item["title"] as? String) } },
                                uniquingKeysWith: { first, _ in first })
        #expect(titles["OrderSoup"] == "Order Soup", "\(titles)")
        #expect(titles["PostStudyRecord"] == "Record study", "\(titles)")
    }
}
