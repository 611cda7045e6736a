@testable import IntentCodegen
import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// Handler methods that almost match a requirement of a generated protocol:
/// each compiles as a method of its own and is never called.
@Suite struct HandlerLinterTests {
    static let definition: IntentDefinition = {
        let json = #"""
            {"intents": [{"name": "OrderTea", "parameters": [
              {"name": "flavour", "type": "String", "supportsResolution": true, "supportsDynamicEnumeration": true},
              {"name": "size", "type": "enum:Size", "supportsResolution": true, "supportsDynamicEnumeration": true},
              {"name": "shop", "type": "type:Shop", "supportsResolution": true, "supportsDynamicEnumeration": true, "supportsSearch": true},
              {"name": "note", "type": "String", "configurable": true}
            ], "response": {"codes": [{"name": "success", "success": true}]}}],
             "enums": [{"name": "Size", "cases": [{"name": "small", "value": 1}]}],
             "types": [{"name": "Shop", "properties": []}]}
            """#
        return try! IntentDefinitionFile.parseJSON(Data(json.utf8), file: "Tea.json")
    }()

    func lint(_ source: String) -> [Diagnostic] {
        HandlerLinter(definitions: [Self.definition]).lint(source: source, file: "TeaHandler.swift")
    }

    @Test("@objc(IntentHandler) on a principal class is an error that says to remove it, with its line")
    func objectiveCName() {
        let found = lint("""
            import Intents

            // @objc(Commented) is not code
            @objc(IntentHandler)
            class IntentHandler: INExtension {}
            """)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.file == "TeaHandler.swift:4")
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("@objc(IntentHandler) does not compile on Linux") == true)
        #expect(found.first?.message.contains("Remove the attribute") == true)
    }

    @Test func methodsWithTheProtocolsShapesPass() {
        let found = lint("""
            class TeaHandler: NSObject, OrderTeaIntentHandling {
                func resolveFlavour(for intent: OrderTeaIntent, with completion: @escaping (INStringResolutionResult) -> Void) {}
                func resolveSize(for intent: OrderTeaIntent) async -> SizeResolutionResult { .notRequired() }
                func provideFlavourOptionsCollection(for intent: OrderTeaIntent, with completion: @escaping (INObjectCollection<NSString>?, Error?) -> Void) {}
                func provideSizeOptions(for intent: OrderTeaIntent) async throws -> [Size] { [] }
                func provideShopOptionsCollection(for intent: OrderTeaIntent, searchTerm: String?) async throws -> INObjectCollection<Shop> { .init(items: []) }
                func defaultFlavour(for intent: OrderTeaIntent) -> String? { nil }
                // func provideFlavorOptionsCollection(for intent: OrderTeaIntent) — a comment, not a method
                func confirm(intent: OrderTeaIntent) async -> OrderTeaIntentResponse { .init(code: .ready, userActivity: nil) }
                func handle(intent: OrderTeaIntent, completion: @escaping (OrderTeaIntentResponse) -> Void) {}
                func price(of intent: OrderTeaIntent) -> Int { 3 }
                func handleLater(_ intent: OrderTeaIntent) {}
            }
            """)
        #expect(found == [])
    }

    @Test func aStringCollectionWhereTheProtocolHasNSStringIsAnError() throws {
        let found = lint("""
            class TeaHandler: NSObject, OrderTeaIntentHandling {

                func provideFlavourOptionsCollection(for intent: OrderTeaIntent, with completion: @escaping (INObjectCollection<String>?, Error?) -> Void) {
                    completion(INObjectCollection(items: ["green"]), nil)
                }
            }
            """)
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.severity == .error && diagnostic.file == "TeaHandler.swift:3" && diagnostic.intent == "OrderTea")
        #expect(diagnostic.message == "provideFlavourOptionsCollection gives INObjectCollection<String> where OrderTeaIntentHandling has INObjectCollection<NSString> (as Xcode's generated protocol does), so it is never called; write INObjectCollection<NSString>.")
    }

    @Test func misspeltNamesAndOtherLabelsAreErrors() {
        let found = lint("""
            func provideFlavorOptionsCollection(for intent: OrderTeaIntent) async throws -> INObjectCollection<NSString> { .init(items: []) }
            func resolveSize(forOrderTea intent: OrderTeaIntent, with completion: @escaping (SizeResolutionResult) -> Void) {}
            func provideSizeOptions(for intent: OrderTeaIntent) async throws -> [NSNumber] { [] }
            func provideShopOptions(for intent: OrderTeaIntent, with completion: @escaping ([Shop]?, Error?) -> Void) {}
            """)
        #expect(found.map(\.severity) == [.error, .error, .error, .error])
        #expect(found.map(\.file) == ["TeaHandler.swift:1", "TeaHandler.swift:2", "TeaHandler.swift:3", "TeaHandler.swift:4"])
        #expect(found[0].message == "provideFlavorOptionsCollection(for:) is not a requirement of OrderTeaIntentHandling: did you mean provideFlavourOptionsCollection(for:with:)? As written it is never called.")
        #expect(found[1].message == "resolveSize(forOrderTea:with:) has other argument labels than OrderTeaIntentHandling's resolveSize(for:with:) or resolveSize(for:), so it is never called.")
        #expect(found[2].message.hasPrefix("provideSizeOptions gives [NSNumber] where OrderTeaIntentHandling has [Size]"))
        #expect(found[3].message == "provideShopOptions(for:with:) is not a requirement of OrderTeaIntentHandling: `shop` supports search, so its options come only from provideShopOptionsCollection(for:searchTerm:with:) or its async form. As written it is never called.")
    }

    @Test func aResolveMethodOfAParameterWithoutResolutionIsAnError() throws {
        let found = lint("""
            func resolveNote(for intent: OrderTeaIntent, with completion: @escaping (INStringResolutionResult) -> Void) {}
            """)
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.file == "TeaHandler.swift:1")
        #expect(diagnostic.message.hasPrefix("resolveNote(for:with:) is not a requirement of OrderTeaIntentHandling: `note` does not support resolution"), "\(diagnostic.message)")
    }

    @Test func systemIntentsAndTheirOlderNamesAreKnown() {
        let found = lint("""
            func resolveTitle(forCreateNote intent: INCreateNoteIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {}
            func resolveTitle(forCreateNotes intent: INCreateNoteIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {}
            func resolveRecipient(for intent: INSendMessageIntent, with completion: @escaping ([INSendMessageRecipientResolutionResult]) -> Void) {}
            """)
        #expect(found.map(\.file) == ["TeaHandler.swift:2", "TeaHandler.swift:3"])
        #expect(found[0].message.contains("resolveTitle(for:with:) or resolveTitle(for:) or resolveTitle(forCreateNote:with:)"))
        #expect(found[1].message.hasPrefix("resolveRecipient(for:with:) is not a requirement of INSendMessageIntentHandling: did you mean resolveRecipients(for:with:)?"))
    }

    @Test("iOS 10's messaging names are requirements, the group name's under its older name")
    func iOS10MessagingNamesAreKnown() {
        let found = lint("""
            func resolveGroupName(forSendMessage intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {}
            func resolveRecipients(forSendMessage intent: INSendMessageIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {}
            func handle(sendMessage intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {}
            func resolveGroupName(forSearchForMessages intent: INSearchForMessagesIntent, with completion: @escaping ([INStringResolutionResult]) -> Void) {}
            func resolveGroupName(forSendMessages intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {}
            func resolveGroupName(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {}
            func resolveGroupNames(for intent: INSearchForMessagesIntent, with completion: @escaping ([INStringResolutionResult]) -> Void) {}
            """)
        #expect(found.map(\.file) == ["TeaHandler.swift:4", "TeaHandler.swift:5"], "\(found.map(\.message))")
        #expect(found.first?.message.contains("did you mean resolveGroupNames(forSearchForMessages:with:)?") == true, "\(found.map(\.message))")
    }

    @Test("the porting suite's handlers, in the shapes real extensions have, give no finding")
    func portingSuiteIsClean() throws {
        let suite = TestPaths.packageRoot.appendingPathComponent("Tests/PortingSuite")
        let definitions = try ["Trips", "Boards"].map {
            try IntentDefinitionFile.load(contentsOf: suite.appendingPathComponent("CustomIntents/\($0).intentdefinition"))
        }
        let linter = HandlerLinter(definitions: definitions)
        var checked = 0
        for folder in ["CustomIntents", "SystemIntents"] {
            let url = suite.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") {
                let source = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                #expect(linter.lint(source: source, file: name) == [], "\(name)")
                checked += SwiftFunctionScanner.functions(in: source).count
            }
        }
        #expect(checked > 50)
    }
}
