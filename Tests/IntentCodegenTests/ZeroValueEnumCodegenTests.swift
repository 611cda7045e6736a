import IntentCodegen
import IntentDefinition
import Testing

/// An enum whose 0 is one of its cases (Apple's `INConditionalOperator`,
/// `.all = 0`), as Swift and as C see it, beside an ordinary enum of the
/// same definition, which keeps its `unknown`.
struct ZeroValueEnumCodegenTests {
    static let definition = IntentDefinition(
        classPrefix: "SR",
        intents: [Intent(
            name: "FindNotes",
            parameters: [
                Parameter(name: "wordsOperator", type: .enumeration("Condition")),
                Parameter(name: "kind", type: .enumeration("Kind")),
            ],
            response: Response(parameters: [ResponseParameter(name: "usedOperator", type: .enumeration("Condition"))])
        )],
        enums: [
            EnumType(name: "Condition", cases: [EnumCase(name: "all", value: 0), EnumCase(name: "any", value: 1), EnumCase(name: "none", value: 2)], zeroIsValue: true),
            EnumType(name: "Kind", cases: [EnumCase(name: "text", value: 1)]),
        ],
        types: [CustomType(name: "Filter", properties: [TypeProperty(name: "wordsOperator", type: .enumeration("Condition"))])]
    )

    static func swift() throws -> String {
        try IntentCodegen.generate(definition, language: .swift, fileName: "Notes.intentdefinition").contents
    }

    @Test("Swift: the 0 case is the first case and what a property holds when nothing was given; a custom type's JSON and a response always carry it", arguments: [
        "case all = 0",
        "public var wordsOperator: SRCondition = .all",
        "intent.wordsOperator = _Codecs.enumeration(SRCondition.self, unknown: .all).decodeField(fields[0]) ?? .all",
        #"properties["wordsOperator"] = String(describing: wordsOperator)"#,
        "_Codecs.enumeration(SRCondition.self, unknown: .all).element(usedOperator, arena),",
    ])
    func swift(line: String) throws {
        #expect(try Self.swift().contains(line))
    }

    @Test("Swift: no unknown case and no test against .all where the value is written; the ordinary enum keeps both")
    func noUnknown() throws {
        let text = try Self.swift()
        let condition = try #require(text.range(of: "public enum SRCondition").map { String(text[$0.lowerBound...].prefix(300)) })
        #expect(!condition.contains("unknown"), "\(condition)")
        #expect(!text.contains("wordsOperator != .all"))
        #expect(!text.contains("usedOperator == .all"))
        #expect(text.contains("case unknown = 0"))
        #expect(text.contains("public var kind: SRKind = .unknown"))
    }

    @Test("C: 0 is the case's name, with no unknown; the ordinary enum keeps its unknown")
    func cHeader() throws {
        let text = try IntentCodegen.generate(Self.definition, language: .c, fileName: "Notes.intentdefinition").contents
        #expect(text.contains("/* enum Condition: an int32_t; 0 is all, a value (no unknown case). */"))
        #expect(text.contains("SRConditionAll = 0,"))
        #expect(!text.contains("SRConditionUnknown"))
        #expect(text.contains("SRKindUnknown = 0,"))
    }
}
