import ExthostABI
import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// The definition tables a plugin carries (exthost.h's `definition_tables`):
/// lossless, read in place, one intent's part at a time, and refused with a
/// message when they cannot be read.
@Suite struct DefinitionTablesTests {
    /// `everything` with a second intent and translations, so the index and
    /// the shared part have something to tell apart.
    static let twoIntents: IntentDefinition = {
        var definition = SampleDefinitions.everything
        definition.intents.append(Intent(
            name: "CancelOrder", title: "Cancel Order",
            parameters: [Parameter(name: "reason", displayName: "Réason ✓", type: .string)],
            titleID: "cancel-title"
        ))
        definition.localizations = ["ja": ["cancel-title": "注文を取り消す"], "fr": ["cancel-title": "Annuler"]]
        return definition
    }()

    static func read<Result>(_ bytes: [UInt8], _ body: (DefinitionTables) throws -> Result) throws -> Result {
        try bytes.withUnsafeBytes { buffer in try body(try DefinitionTables(bytes: buffer)) }
    }

    @Test(.needsCorpus, arguments: CorpusFolder.files)
    func everyCorpusDefinitionSurvives(file: String) throws {
        let original = try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: file))
        let bytes = DefinitionTables.encode(original)
        // Valid UTF-8 throughout: a StaticString or a C string literal holds it unchanged.
        #expect(String(validating: bytes, as: UTF8.self) != nil)
        let decoded = try Self.read(bytes) { try $0.definition() }
        #expect(decoded == original)
        #expect(DefinitionTables.encode(decoded) == bytes)
    }

    @Test func everyPartOfTheModelSurvives() throws {
        let bytes = DefinitionTables.encode(Self.twoIntents)
        #expect(try Self.read(bytes) { try $0.definition() } == Self.twoIntents)
        #expect(try Self.read(bytes) { $0.intentNames } == ["OrderSoup", "CancelOrder"])
    }

    /// The system domains use what no app definition here does: iOS 10's
    /// former names with their own types and results, deprecated
    /// parameters, an enum whose 0 is a value (`INConditionalOperator`).
    @Test func theSystemDomainsSurvive() throws {
        let system = SystemIntents.definition
        #expect(system.intents.contains { $0.formerNames?.parameters.contains { !$0.isRename } == true })
        #expect(system.intents.contains { $0.parameters.contains { $0.deprecated != nil } })
        #expect(system.enums.contains { $0.zeroIsValue })
        #expect(system.types.contains { $0.isPlainObject })
        #expect(system.types.contains { $0.swiftValueType != nil })
        #expect(system.types.contains { type in
            type.properties.contains { property in
                if case .enumeration = property.type { return property.isNonnull }
                return false
            }
        })
        #expect(system.intents.contains { $0.parameters.contains { !$0.confirmationReasons.isEmpty } })
        let bytes = DefinitionTables.encode(system)
        let decoded = try Self.read(bytes) { try $0.definition() }
        #expect(decoded == system)
        #expect(DefinitionTables.encode(decoded) == bytes)
    }

    @Test func oneIntentComesWithTheSharedPartsAlone() throws {
        let bytes = DefinitionTables.encode(Self.twoIntents)
        let partial = try Self.read(bytes) { try $0.definition(forIntent: "CancelOrder") }
        #expect(partial.intents == [Self.twoIntents.intents[1]])
        #expect(partial.enums == Self.twoIntents.enums)
        #expect(partial.types == Self.twoIntents.types)
        #expect(partial.localized(for: "ja").intents[0].title == "注文を取り消す")
        #expect(try Self.read(bytes) { try $0.definition(forIntent: "Nope") }.intents.isEmpty)
    }

    /// Damage in one intent's part does not reach a request for another:
    /// the host reads only the part it was asked for.
    @Test func onlyTheRequestedPartIsRead() throws {
        var bytes = DefinitionTables.encode(Self.twoIntents)
        // CancelOrder's part is last; its last byte is the flag of its former names.
        bytes[bytes.count - 1] = 0x7F
        try Self.read(bytes) { (tables: DefinitionTables) throws -> Void in
            #expect(try tables.definition(forIntent: "OrderSoup").intents.map(\.name) == ["OrderSoup"])
            let error = #expect(throws: DefinitionTablesError.self) { try tables.definition(forIntent: "CancelOrder") }
            #expect(error?.offset == bytes.count - 1)
            #expect(error?.problem == "a flag is 127, neither 0 nor 1")
            #expect(throws: DefinitionTablesError.self) { try tables.definition() }
        }
    }

    @Test func aNewerVersionIsRefusedSayingWhatToDo() throws {
        var bytes = DefinitionTables.encode(Self.twoIntents)
        bytes[4] = UInt8(DefinitionTables.version + 1)
        let error = #expect(throws: DefinitionTablesError.self) { try Self.read(bytes) { _ in () } }
        #expect(error?.description == "the definition tables cannot be read at byte 4: they are version \(DefinitionTables.version + 1) and this exthost reads version \(DefinitionTables.version); update exthost, or build the extension with this exthost's code generation")
        #expect(bytes.withUnsafeBytes { DefinitionTables.version(of: $0) } == DefinitionTables.version + 1)
    }

    @Test func notTablesAtAll() throws {
        let error = #expect(throws: DefinitionTablesError.self) { try Self.read(Array(#"{"intents": []}"#.utf8)) { _ in () } }
        #expect(error?.description.contains("they do not start with \"EXDT\"") == true)
    }

    /// Cut anywhere, the tables are refused with an error, never read past their end.
    @Test func cutShortAnywhere() throws {
        let bytes = DefinitionTables.encode(Self.twoIntents)
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            #expect(throws: DefinitionTablesError.self, "cut to \(length) bytes") {
                try Self.read(cut) { try $0.definition() }
            }
        }
    }

    // MARK: Several definitions (a set)

    /// A widget's definition beside `twoIntents`: an enum and a translation
    /// of its own, a namespace but no class prefix.
    static let widget = IntentDefinition(
        namespace: "w1dg3t",
        intents: [Intent(
            name: "ConfigureWidget", title: "Widget",
            parameters: [Parameter(name: "style", displayName: "Style", type: .enumeration("WidgetStyle"))],
            titleID: "widget-title"
        )],
        enums: [EnumType(name: "WidgetStyle", cases: [EnumCase(name: "plain", value: 1), EnumCase(name: "snowy", value: 2)])],
        localizations: ["ja": ["widget-title": "ウィジェット", "cancel-title": "別の訳"]]
    )

    /// The tables of several definitions, joined as the SDK joins them.
    static func set(_ definitions: [IntentDefinition]) -> [UInt8] {
        let members = definitions.map(DefinitionTables.encode)
        return withMembers(members) { DefinitionTablesFraming.joining($0) }
    }

    private static func withMembers<Result>(_ members: [[UInt8]], _ body: ([UnsafeRawBufferPointer]) -> Result) -> Result {
        guard let first = members.first else { return body([]) }
        return first.withUnsafeBytes { buffer in
            withMembers(Array(members.dropFirst())) { rest in body([buffer] + rest) }
        }
    }

    @Test func aSetReadsAsTheMergedDefinition() throws {
        let bytes = Self.set([Self.twoIntents, Self.widget])
        #expect(bytes.prefix(4).elementsEqual(Array("EXDS".utf8)))
        #expect(try Self.read(bytes) { $0.intentNames } == ["OrderSoup", "CancelOrder", "ConfigureWidget"])
        let merged = IntentDefinition.merging([Self.twoIntents, Self.widget])
        #expect(try Self.read(bytes) { try $0.definition() } == merged)
        #expect(merged.intents.map(\.name) == ["OrderSoup", "CancelOrder", "ConfigureWidget"])
        #expect(merged.enums.map(\.name) == Self.twoIntents.enums.map(\.name) + ["WidgetStyle"])
        // The first definition's text for a key both translate; each its own otherwise.
        #expect(merged.localizations?["ja"]?["cancel-title"] == "注文を取り消す")
        #expect(merged.localizations?["ja"]?["widget-title"] == "ウィジェット")
        #expect(merged.namespace == "abc123" && merged.classPrefix == "EX")
        #expect(bytes.withUnsafeBytes { DefinitionTables.version(of: $0) } == DefinitionTables.version)
    }

    /// An intent of the second definition comes with that definition's
    /// enums, types and translations, under the set's header.
    @Test func anIntentOfASetComesWithItsOwnDefinition() throws {
        let bytes = Self.set([Self.twoIntents, Self.widget])
        let partial = try Self.read(bytes) { try $0.definition(forIntent: "ConfigureWidget") }
        #expect(partial.intents == Self.widget.intents)
        #expect(partial.enums == Self.widget.enums)
        #expect(partial.types.isEmpty)
        #expect(partial.localized(for: "ja").intents[0].title == "ウィジェット")
        #expect(partial.namespace == "abc123" && partial.classPrefix == "EX" && partial.modelVersion == "1.2")
        let first = try Self.read(bytes) { try $0.definition(forIntent: "CancelOrder") }
        #expect(first == (try Self.read(DefinitionTables.encode(Self.twoIntents)) { try $0.definition(forIntent: "CancelOrder") }))
    }

    @Test func aSetOfANewerFormOrWithANewerMemberIsRefused() throws {
        var newerSet = Self.set([Self.twoIntents, Self.widget])
        newerSet[4] = UInt8(DefinitionTablesFraming.setVersion + 1)
        let error = #expect(throws: DefinitionTablesError.self) { try Self.read(newerSet) { _ in () } }
        #expect(error?.description == "the definition tables cannot be read at byte 4: they are a set of version \(DefinitionTablesFraming.setVersion + 1) and this exthost reads version \(DefinitionTablesFraming.setVersion); update exthost, or build the extension with this exthost's SDK")

        var older = DefinitionTables.encode(Self.widget)
        older[4] = UInt8(DefinitionTables.version - 1)
        let mixed = Self.withMembers([DefinitionTables.encode(Self.twoIntents), older]) { DefinitionTablesFraming.joining($0) }
        // The oldest member decides: the loader reads such a plugin's text instead.
        #expect(mixed.withUnsafeBytes { DefinitionTables.version(of: $0) } == DefinitionTables.version - 1)
        let memberError = #expect(throws: DefinitionTablesError.self) { try Self.read(mixed) { _ in () } }
        #expect(memberError?.problem == "they are version \(DefinitionTables.version - 1) and this exthost reads version \(DefinitionTables.version)")
    }

    /// Cut anywhere, a set is refused with an error, never read past its end.
    @Test func aSetCutShortAnywhere() throws {
        let bytes = Self.set([Self.twoIntents, Self.widget])
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            #expect(throws: DefinitionTablesError.self, "cut to \(length) bytes") {
                try Self.read(cut) { try $0.definition() }
            }
        }
    }

    /// The JSON text an extension with several definitions embeds: an
    /// array of their forms, merged as their tables are.
    @Test func anEmbeddedArrayOfDefinitionsMergesAsTheSetDoes() throws {
        let texts = try [Self.twoIntents, Self.widget].map { String(decoding: try IntentDefinitionFile.encodeJSON($0), as: UTF8.self) }
        let embedded = "[\n" + texts.joined(separator: ",\n") + "\n]"
        let parsed = try IntentDefinitionFile.parseEmbeddedJSON(Data(embedded.utf8), file: "embedded definition")
        #expect(parsed == (try Self.read(Self.set([Self.twoIntents, Self.widget])) { try $0.definition() }))
        let broken = "[" + texts[0] + #", {"intents": [{"name": 3}]}]"#
        let error = #expect(throws: IntentDefinitionError.self) { try IntentDefinitionFile.parseEmbeddedJSON(Data(broken.utf8), file: "embedded definition") }
        #expect(error?.description.contains("embedded definition[1]") == true, "\(String(describing: error))")
    }
}
