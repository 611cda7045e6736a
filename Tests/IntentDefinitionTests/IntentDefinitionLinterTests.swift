import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// The linter finds each class of error Xcode refuses, and warns where Xcode warns.
@Suite struct IntentDefinitionLinterTests {
    func lint(_ definition: IntentDefinition, linter: IntentDefinitionLinter = IntentDefinitionLinter()) -> [Diagnostic] {
        linter.lint(definition, file: "test.intentdefinition")
    }

    func lintJSON(_ json: String) throws -> [Diagnostic] {
        lint(try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "test.json"))
    }

    func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    func warnings(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// A clean intent to start each case from.
    func intent(_ name: String = "OrderSoup", parameters: [Parameter] = [], response: Response? = nil) -> Intent {
        Intent(
            name: name, title: "Order",
            parameters: parameters,
            response: response ?? Response(codes: [ResponseCode(name: "success", success: true), ResponseCode(name: "failure")])
        )
    }

    func parameter(_ name: String, _ type: ParameterType = .string, priority: Int, relationship: Relationship? = nil) -> Parameter {
        Parameter(name: name, displayName: name.capitalized, displayPriority: priority, type: type, relationship: relationship)
    }

    @Test(.needsCorpus, arguments: CorpusFolder.files)
    func corpusHasNoErrors(file: String) throws {
        let definition = try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: file))
        let diagnostics = lint(definition)
        #expect(errors(diagnostics).isEmpty, "\(errors(diagnostics).map(\.description))")
    }

    @Test(.needsCorpusFiles("soupchef.intentdefinition"))
    func soupChefWarnsAboutMissingDisplayNamesOnly() throws {
        let definition = try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: "soupchef.intentdefinition"))
        #expect(lint(definition).map(\.description) == ["soup", "quantity", "options"].map {
            "test.intentdefinition: warning: OrderSoup › \($0): has no display name; Siri and Shortcuts show it, so give it one."
        })
    }

    @Test func cleanDefinitionHasNoFindings() {
        #expect(lint(IntentDefinition(intents: [intent(parameters: [parameter("soup", priority: 1)])])).isEmpty)
    }

    @Test func duplicateNames() throws {
        let diagnostics = try lintJSON("""
            {"intents": [
                {"name": "A", "title": "A", "parameters": [{"name": "x", "displayName": "X", "type": "String"}, {"name": "x", "displayName": "X", "type": "Integer"}],
                 "response": {"codes": [{"name": "success", "success": true}, {"name": "success"}], "parameters": [{"name": "r", "type": "String"}, {"name": "r", "type": "String"}]}},
                {"name": "A", "title": "A2"}
            ],
             "enums": [{"name": "E", "cases": [{"name": "one"}, {"name": "one"}]}, {"name": "E", "cases": [{"name": "two"}]}],
             "types": [{"name": "T", "properties": [{"name": "p", "type": "String"}, {"name": "p", "type": "String"}]}, {"name": "T"}]}
            """)
        let messages = errors(diagnostics).map(\.description)
        #expect(messages.contains("test.intentdefinition: error: duplicate intent name 'A'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: A: duplicate parameter name 'x'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: A: duplicate response code name 'success'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: A: duplicate response parameter name 'r'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: duplicate enum name 'E'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: duplicate enum E case name 'one'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: duplicate custom type name 'T'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: duplicate custom type T property name 'p'; names must be unique. Rename one of them."))
    }

    @Test func duplicateUnsupportedReasonsAndEnumTypeClash() {
        var soup = parameter("soup", priority: 1)
        soup.unsupportedReasons = [UnsupportedReason(code: "gone"), UnsupportedReason(code: "gone")]
        let definition = IntentDefinition(
            intents: [intent(parameters: [soup])],
            enums: [EnumType(name: "Soup", cases: [EnumCase(name: "hot", value: 1)])],
            types: [CustomType(name: "Soup")]
        )
        let messages = errors(lint(definition)).map(\.description)
        #expect(messages.contains("test.intentdefinition: error: OrderSoup › soup: duplicate unsupported reason name 'gone'; names must be unique. Rename one of them."))
        #expect(messages.contains("test.intentdefinition: error: 'Soup' is both an enum and a custom type; generated type names would clash. Rename one."))
    }

    @Test func invalidIdentifiers() {
        let definition = IntentDefinition(
            intents: [intent("Order Soup", parameters: [parameter("2x", priority: 1), parameter("ok", priority: 2)])],
            enums: [EnumType(name: "Size-Kind", cases: [EnumCase(name: "extra large", value: 1)])]
        )
        let messages = errors(lint(definition)).map(\.message)
        #expect(messages.contains("intent name 'Order Soup' is not a valid identifier; use letters, digits and _ only, not starting with a digit."))
        #expect(messages.contains("parameter name '2x' is not a valid identifier; use letters, digits and _ only, not starting with a digit."))
        #expect(messages.contains("enum name 'Size-Kind' is not a valid identifier; use letters, digits and _ only, not starting with a digit."))
        #expect(messages.contains("enum Size-Kind case name 'extra large' is not a valid identifier; use letters, digits and _ only, not starting with a digit."))
        #expect(messages.count == 4)
    }

    @Test func relationshipToUnknownParent() {
        let definition = IntentDefinition(intents: [intent(parameters: [
            parameter("account", priority: 1),
            parameter("folder", priority: 2, relationship: Relationship(parent: "acount", predicate: .hasAnyValue)),
        ])])
        let found = errors(lint(definition))
        #expect(found.count == 1)
        #expect(found.first?.intent == "OrderSoup")
        #expect(found.first?.parameter == "folder")
        #expect(found.first?.message == "relationship parent 'acount' is not a parameter of OrderSoup; use one of account, folder.")
    }

    @Test func relationshipToLaterParentOrItself() {
        let definition = IntentDefinition(intents: [intent(parameters: [
            parameter("folder", priority: 1, relationship: Relationship(parent: "account", predicate: .hasAnyValue)),
            parameter("account", priority: 2, relationship: Relationship(parent: "account", predicate: .hasAnyValue)),
        ])])
        let messages = errors(lint(definition)).map(\.description)
        #expect(messages == [
            "test.intentdefinition: error: OrderSoup › folder: relationship parent 'account' is resolved after this parameter (display priority 2 vs 1); give the parent a lower display priority.",
            "test.intentdefinition: error: OrderSoup › account: relationship parent is the parameter itself; choose another parameter.",
        ])
    }

    @Test func predicatesMustFitTheParent() {
        let definition = IntentDefinition(
            intents: [intent(parameters: [
                parameter("kind", .enumeration("OrderType"), priority: 1),
                parameter("count", .integer, priority: 2),
                parameter("address", priority: 3, relationship: Relationship(parent: "kind", predicate: .isEqualTo, values: ["delivery", "drone"])),
                parameter("note", priority: 4, relationship: Relationship(parent: "kind", predicate: .isTrue)),
                parameter("bulk", priority: 5, relationship: Relationship(parent: "count", predicate: .isWithinRange, values: ["5"])),
                parameter("gift", priority: 6, relationship: Relationship(parent: "kind", predicate: .isGreaterThan, values: ["1"])),
                parameter("ok", priority: 7, relationship: Relationship(parent: "kind", predicate: .isEqualTo, values: ["pickup"])),
            ])],
            enums: [EnumType(name: "OrderType", cases: [EnumCase(name: "pickup", value: 1), EnumCase(name: "delivery", value: 2)])]
        )
        let found = errors(lint(definition))
        #expect(found.map(\.parameter) == ["address", "note", "bulk", "gift"])
        #expect(found[0].message == "relationship value 'drone' is not a case of OrderType; use one of pickup, delivery.")
        #expect(found[1].message == "predicate IsTrue needs a Boolean parent, but 'kind' is enum:OrderType.")
        #expect(found[2].message == "predicate IsWithinRange needs two numbers (lower and upper bound); it has 5.")
        #expect(found[3].message == "predicate IsGreaterThan compares numbers, but 'kind' is enum:OrderType.")
    }

    @Test func danglingEnumAndTypeReferences() {
        let definition = IntentDefinition(
            intents: [intent(
                parameters: [parameter("size", .enumeration("Size"), priority: 1)],
                response: Response(parameters: [ResponseParameter(name: "soup", type: .custom("Soup"))], codes: [ResponseCode(name: "success", success: true)])
            )],
            types: [CustomType(name: "Bowl", properties: [TypeProperty(name: "lid", type: .custom("Lid"))])]
        )
        let messages = errors(lint(definition)).map(\.description)
        #expect(messages == [
            "test.intentdefinition: error: custom type Bowl property 'lid' refers to custom type 'Lid', which is not defined; add it to the types or change the type.",
            "test.intentdefinition: error: OrderSoup › size: the parameter refers to enum 'Size', which is not defined; add it to the enums or change the type.",
            "test.intentdefinition: error: OrderSoup: response parameter 'soup' refers to custom type 'Soup', which is not defined; add it to the types or change the type.",
        ])
    }

    @Test func minimumGreaterThanMaximum() {
        var duration = parameter("duration", .integer, priority: 1)
        duration.metadata = ParameterMetadata(minimum: 1440, maximum: 0)
        let found = errors(lint(IntentDefinition(intents: [intent(parameters: [duration])])))
        #expect(found.map(\.description) == [
            "test.intentdefinition: error: OrderSoup › duration: minimum 1440 is greater than maximum 0; swap them or fix one.",
        ])
    }

    @Test func restrictedIntentMustBeSupported() {
        let definition = IntentDefinition(intents: [intent("OrderSoup"), intent("PayBill")])
        let linter = IntentDefinitionLinter(intentsSupported: ["OrderSoupIntent"], intentsRestrictedWhileLocked: ["PayBillIntent"])
        #expect(errors(lint(definition, linter: linter)).map(\.description) == [
            "test.intentdefinition: error: PayBillIntent: is restricted while locked but not supported: IntentsRestrictedWhileLocked must be a subset of IntentsSupported (iOS error 2002). Add it to IntentsSupported or remove the restriction.",
        ])
        let fine = IntentDefinitionLinter(intentsSupported: ["OrderSoupIntent", "PayBillIntent"], intentsRestrictedWhileLocked: ["PayBillIntent"])
        #expect(errors(lint(definition, linter: fine)).isEmpty)
    }

    @Test func responsePlaceholdersMustBeResponseParameters() {
        let response = Response(
            parameters: [ResponseParameter(name: "soup", type: .string)],
            codes: [
                ResponseCode(name: "success", formatString: "Your ${soup} is ready in ${waitTime}.", success: true),
                ResponseCode(name: "failure", conciseFormatString: "No ${soupp}."),
            ]
        )
        let found = errors(lint(IntentDefinition(intents: [intent(response: response)])))
        #expect(found.map(\.message) == [
            "response 'success' refers to ${waitTime}, which is not a response parameter; add it to the response or use one of soup.",
            "response 'failure' refers to ${soupp}, which is not a response parameter; add it to the response or use one of soup.",
        ])
    }

    @Test func promptAndReasonPlaceholdersMustBeParameters() {
        var soup = parameter("soup", priority: 1)
        soup.prompts = [
            Prompt(kind: .primary, formatString: "Which ${soups}?"),
            Prompt(kind: .disambiguationIntroduction, formatString: "There are ${count} matching ${soup}."),
            Prompt(kind: .confirmation, formatString: "${count} of them?"),
        ]
        soup.unsupportedReasons = [UnsupportedReason(code: "soldOut", formatString: "${soup} is sold out at ${store}.")]
        let found = errors(lint(IntentDefinition(intents: [intent(parameters: [soup])])))
        #expect(found.map(\.message) == [
            "Primary prompt refers to ${soups}, which is not a parameter of OrderSoup; use one of soup.",
            "Confirmation prompt refers to ${count}, which is not a parameter of OrderSoup; use one of soup.",
            "unsupported reason 'soldOut' refers to ${store}, which is not a parameter of OrderSoup; use one of soup.",
        ])
    }

    @Test func enumCaseValueZeroIsReserved() throws {
        // The Xcode 10 file of UberJason/SiriIntentsEnumBug: a case at index 0.
        let root = PropertyListFixture.definition(parameters: [], enums: [[
            "INEnumName": "MyEnum",
            "INEnumValues": [["INEnumValueName": "a", "INEnumValueIndex": 0], ["INEnumValueName": "b", "INEnumValueIndex": 1]],
        ]])
        let definition = try IntentDefinitionFile.parsePropertyList(PropertyListFixture.data(root), file: "bug.intentdefinition")
        #expect(errors(lint(definition)).map(\.message) == [
            "enum MyEnum case 'a' has value 0, which is reserved for unknown; number cases from 1.",
        ])
    }

    @Test func combinationsMustNameParameters() {
        var order = intent(parameters: [parameter("soup", priority: 1), parameter("quantity", priority: 2)])
        order.parameterCombinations = [
            ParameterCombination(parameters: ["soup"], title: "${quantity} bowls of ${soup}", isPrimary: true),
            ParameterCombination(parameters: ["soup", "size"], title: "Soup: ${soup}"),
        ]
        #expect(errors(lint(IntentDefinition(intents: [order]))).map(\.message) == [
            "summary of combination 'soup' refers to ${quantity}, which is not in the combination; add it to the combination or remove it from the summary.",
            "parameter combination 'soup,size' names 'size', which is not a parameter of OrderSoup.",
        ])
    }

    @Test func warnings() {
        var untitled = Intent(name: "Untitled", deprecated: true, parameters: [Parameter(name: "soup", displayPriority: 1, type: .string)],
                              response: Response(codes: [ResponseCode(name: "failure")]))
        untitled.parameterCombinations = [ParameterCombination(parameters: ["soup"], title: "${soup}")]
        let found = lint(IntentDefinition(intents: [untitled]))
        #expect(errors(found).isEmpty)
        #expect(warnings(found).map(\.description) == [
            "test.intentdefinition: warning: Untitled: has no title; Shortcuts and Siri show the title, so give it one.",
            "test.intentdefinition: warning: Untitled: is deprecated; keep it only for existing shortcuts and offer a replacement.",
            "test.intentdefinition: warning: Untitled › soup: has no display name; Siri and Shortcuts show it, so give it one.",
            "test.intentdefinition: warning: Untitled: has no success response code; add one (e.g. 'success' marked as success).",
            "test.intentdefinition: warning: Untitled: has parameter combinations but none is primary; mark the one Shortcuts should show first.",
        ])
    }

    @Test func sharedDisplayPriorityWarns() {
        let definition = IntentDefinition(intents: [intent(parameters: [parameter("a", priority: 1), parameter("b", priority: 1)])])
        #expect(lint(definition).map(\.description) == [
            "test.intentdefinition: warning: OrderSoup › b: shares display priority 1 with 'a', so their resolution order depends on file order; give each parameter its own priority.",
        ])
    }

    @Test func diagnosticsEncodeForScripts() throws {
        let diagnostic = Diagnostic(.error, file: "a.intentdefinition", intent: "OrderSoup", parameter: "soup", message: "broken")
        let json = String(decoding: try JSONEncoder().encode(diagnostic), as: UTF8.self)
        #expect(json.contains(#""severity":"error""#))
        #expect(json.contains(#""parameter":"soup""#))
        #expect(diagnostic.description == "a.intentdefinition: error: OrderSoup › soup: broken")
    }
}
