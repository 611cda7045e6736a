import ExthostTestSupport
import Foundation
import IntentCodegen
import IntentDefinition
import Testing

/// The system intents compiled into exthost as definition tables
/// (`SystemIntents+Tables.swift`): what the host reads for a claimed system
/// intent must be what the domains' JSON says, and the file must be what
/// `intentgen --system-intents-tables` writes today.
@Suite("System intents' tables")
struct SystemIntentTablesTests {
    static let regenerate = "regenerate it: swift run intentgen --system-intents-tables -o Sources/IntentDefinition/SystemIntents"

    @Test("the tables give the definition the domains' JSON gives, intent by intent and whole")
    func tablesMatchTheJSON() throws {
        let parsed = SystemIntents.definition
        #expect(SystemIntents.tables.intentNames == parsed.intents.map(\.name), "\(Self.regenerate)")
        #expect(try SystemIntents.tables.definition() == parsed, "\(Self.regenerate)")
        for intent in parsed.intents {
            #expect(SystemIntents.intent(named: intent.name) == intent, "\(intent.name): \(Self.regenerate)")
        }
        #expect(SystemIntents.sharedTypes.enums == parsed.enums)
        #expect(SystemIntents.sharedTypes.types == parsed.types)
        #expect(SystemIntents.intent(named: "OrderSoup") == nil)
    }

    @Test("each intent's domain is the domain whose JSON defines it")
    func domains() {
        for (name, definition) in SystemIntents.parsedDomains {
            for intent in definition.intents {
                #expect(SystemIntents.domain(of: intent.name) == name, "\(intent.name)")
            }
        }
        #expect(SystemIntents.domain(of: "OrderSoup") == nil)
    }

    @Test("an app's definition merged with system intents from the tables equals one merged from the JSON")
    func mergedFromTables() {
        let app = IntentDefinition()
        let merged = app.addingSystemIntents(["INSendMessageIntent", "INCreateTaskListIntent"])
        #expect(merged.intents == ["INSendMessageIntent", "INCreateTaskListIntent"].compactMap(SystemIntents.definition.intent(named:)))
        #expect(merged.enums == SystemIntents.definition.enums)
        #expect(merged.types == SystemIntents.definition.types)
    }

    @Test("the committed file is what the generator writes from the domains today")
    func fileIsCurrent() throws {
        let generated = IntentCodegen.generateSystemIntentTables()
        let committed = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/IntentDefinition/SystemIntents/\(generated.name)"), encoding: .utf8)
        #expect(committed == generated.contents, "Sources/IntentDefinition/SystemIntents/\(generated.name) is out of date: \(Self.regenerate)")
    }
}
