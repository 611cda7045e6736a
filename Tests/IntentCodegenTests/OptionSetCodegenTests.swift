import IntentCodegen
import IntentDefinition
import Testing

/// An option set of a definition, as Swift and as C see it.
struct OptionSetCodegenTests {
    static let definition = IntentDefinition(
        classPrefix: "SR",
        intents: [Intent(name: "FindCalls", parameters: [Parameter(name: "kinds", type: .enumeration("CallKinds"))])],
        enums: [EnumType(name: "CallKinds", cases: [EnumCase(name: "missed", value: 1), EnumCase(name: "received", value: 4)], isOptionSet: true)],
        types: [CustomType(name: "Filter", properties: [TypeProperty(name: "kinds", type: .enumeration("CallKinds"))])]
    )

    @Test("Swift: an OptionSet struct with the prefix, its members, the empty set for no value, names in a custom type's JSON", arguments: [
        "public struct SRCallKinds: OptionSet, Hashable, Sendable, _ExthostOptionSet {",
        "public static let received = SRCallKinds(rawValue: 4)",
        #"public static let _exthostOptionNames: [(name: String, value: UInt)] = [("missed", 1), ("received", 4)]"#,
        "public var kinds: SRCallKinds = []",
        "intent.kinds = _Codecs.optionSet(SRCallKinds.self).decodeField(fields[0]) ?? []",
        #"if kinds != [] { properties["kinds"] = kinds._exthostNames }"#,
        #"kinds = SRCallKinds._exthostValue(fromJSON: properties["kinds"]) ?? []"#,
        "intent.kinds == [] ? SRCallKindsResolutionResult.notRequired() : SRCallKindsResolutionResult.success(with: intent.kinds)",
    ])
    func swift(line: String) throws {
        let text = try IntentCodegen.generate(Self.definition, language: .swift, fileName: "Calls.intentdefinition").contents
        #expect(text.contains(line))
    }

    @Test("C: the bits, with no unknown case")
    func cHeader() throws {
        let text = try IntentCodegen.generate(Self.definition, language: .c, fileName: "Calls.intentdefinition").contents
        #expect(text.contains("/* option set CallKinds: an int32_t of these bits OR-ed, 0 = none. */"))
        #expect(text.contains("SRCallKindsReceived = 4,"))
        #expect(!text.contains("SRCallKindsUnknown"))
    }
}
