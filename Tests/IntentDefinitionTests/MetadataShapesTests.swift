import Foundation
import IntentDefinition
import Testing

/// Metadata shapes Xcode writes that the model does not describe: they are
/// read, kept as written, written back unchanged, and at most warned about.
@Suite struct MetadataShapesTests {
    /// A definition in the shape Xcode writes, with one intent whose
    /// parameters carry `metadata` (the inside of each parameter's
    /// `INIntentParameterMetadata` dictionary, as XML).
    static func definition(file: String = "File", fileMetadata: String, countMetadata: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>INEnums</key>
            <array/>
            <key>INIntentDefinitionModelVersion</key>
            <string>1.2</string>
            <key>INIntentDefinitionNamespace</key>
            <string>p4Kq2w</string>
            <key>INIntentDefinitionSystemVersion</key>
            <string>20F71</string>
            <key>INIntentDefinitionToolsBuildVersion</key>
            <string>12E507</string>
            <key>INIntentDefinitionToolsVersion</key>
            <string>12.5.1</string>
            <key>INIntents</key>
            <array>
                <dict>
                    <key>INIntentCategory</key>
                    <string>generic</string>
                    <key>INIntentDescription</key>
                    <string>Attaches a document to a ticket</string>
                    <key>INIntentIneligibleForSuggestions</key>
                    <true/>
                    <key>INIntentName</key>
                    <string>AttachDocument</string>
                    <key>INIntentParameters</key>
                    <array>
                        \(parameter("document", displayName: "Document", priority: 1, type: file, metadata: fileMetadata))
                        \(parameter("copies", displayName: "Copies", priority: 2, type: "Integer", metadata: countMetadata))
                    </array>
                    <key>INIntentResponse</key>
                    <dict>
                        <key>INIntentResponseCodes</key>
                        <array>
                            <dict>
                                <key>INIntentResponseCodeName</key>
                                <string>success</string>
                                <key>INIntentResponseCodeSuccess</key>
                                <true/>
                            </dict>
                            <dict>
                                <key>INIntentResponseCodeName</key>
                                <string>failure</string>
                            </dict>
                        </array>
                    </dict>
                    <key>INIntentTitle</key>
                    <string>Attach Document</string>
                    <key>INIntentType</key>
                    <string>Custom</string>
                    <key>INIntentVerb</key>
                    <string>Do</string>
                </dict>
            </array>
            <key>INTypes</key>
            <array/>
        </dict>
        </plist>
        """.utf8)
    }

    /// One configurable, resolvable parameter as Xcode writes it.
    static func parameter(_ name: String, displayName: String, priority: Int, type: String, metadata: String) -> String {
        """
        <dict>
            <key>INIntentParameterConfigurable</key>
            <true/>
            <key>INIntentParameterDisplayName</key>
            <string>\(displayName)</string>
            <key>INIntentParameterDisplayPriority</key>
            <integer>\(priority)</integer>
            <key>INIntentParameterMetadata</key>
            <dict>
                \(metadata)
            </dict>
            <key>INIntentParameterName</key>
            <string>\(name)</string>
            <key>INIntentParameterSupportsResolution</key>
            <true/>
            <key>INIntentParameterType</key>
            <string>\(type)</string>
        </dict>
        """
    }

    static let customUTIs = """
        <key>INIntentParameterMetadataCustomUTIs</key>
        <array>
            <dict>
                <key>UTI</key>
                <string>public.data</string>
            </dict>
            <dict>
                <key>UTI</key>
                <string>com.adobe.pdf</string>
            </dict>
        </array>
        """

    static let clearedMaximum = """
        <key>INIntentParameterMetadataMaximumValue</key>
        <data>
        </data>
        <key>INIntentParameterMetadataMinimumValue</key>
        <integer>1</integer>
        <key>INIntentParameterMetadataDefaultValue</key>
        <integer>1</integer>
        """

    func parameter(_ name: String, in definition: IntentDefinition) throws -> Parameter {
        try #require(definition.intents.first?.parameters.first { $0.name == name })
    }

    /// plist → model → plist → model, with the model equal at each step and
    /// the written property list holding the original shapes.
    func roundTrip(_ data: Data) throws -> (IntentDefinition, String) {
        let original = try IntentDefinitionFile.parsePropertyList(data, file: "Attach.intentdefinition")
        let written = try IntentDefinitionFile.encodePropertyList(original)
        #expect(try IntentDefinitionFile.parsePropertyList(written, file: "written.intentdefinition") == original)
        let json = try IntentDefinitionFile.encodeJSON(original)
        #expect(try IntentDefinitionFile.parseJSON(json, file: "written.json") == original)
        return (original, String(decoding: written, as: UTF8.self))
    }

    @Test func customUTIsAsDictionariesAreReadAndKept() throws {
        let (definition, written) = try roundTrip(Self.definition(fileMetadata: Self.customUTIs, countMetadata: ""))
        let document = try parameter("document", in: definition)
        #expect(document.type == .file)
        #expect(document.metadata.uninterpreted["CustomUTIs"] == .array([
            .dictionary(["UTI": .string("public.data")]),
            .dictionary(["UTI": .string("com.adobe.pdf")]),
        ]))
        let compact = written.filter { !$0.isWhitespace }
        #expect(compact.contains("<key>INIntentParameterMetadataCustomUTIs</key><array><dict><key>UTI</key><string>public.data</string></dict><dict><key>UTI</key><string>com.adobe.pdf</string></dict></array>"))
    }

    @Test func customUTIsAsStringsStayText() throws {
        let strings = "<key>INIntentParameterMetadataCustomUTIs</key><array><string>public.image</string></array>"
        let (definition, _) = try roundTrip(Self.definition(fileMetadata: strings, countMetadata: ""))
        let document = try parameter("document", in: definition)
        #expect(document.metadata.other["CustomUTIs"] == "public.image")
        #expect(document.metadata.uninterpreted.isEmpty)
    }

    @Test func clearedNumberSavedAsEmptyDataReadsAsAbsent() throws {
        let (definition, written) = try roundTrip(Self.definition(fileMetadata: "", countMetadata: Self.clearedMaximum))
        let copies = try parameter("copies", in: definition)
        #expect(copies.metadata.maximum == nil)
        #expect(copies.metadata.minimum == 1)
        #expect(copies.metadata.defaultValue == "1")
        let compact = written.filter { !$0.isWhitespace }
        #expect(compact.contains("<key>INIntentParameterMetadataMaximumValue</key><data></data>"))
    }

    @Test func keptShapesAreWarnedAboutNotRefused() throws {
        let data = Self.definition(fileMetadata: Self.customUTIs, countMetadata: Self.clearedMaximum)
        let definition = try IntentDefinitionFile.parsePropertyList(data, file: "Attach.intentdefinition")
        let diagnostics = IntentDefinitionLinter().lint(definition, file: "Attach.intentdefinition")
        #expect(!diagnostics.contains { $0.severity == .error })
        let kept = diagnostics.filter { $0.message.contains("kept as written") }
        #expect(kept.map(\.parameter) == ["document"], "a cleared number is Xcode's own shape: no warning")
    }

    @Test func unknownMetadataKeyInAnyShapeSurvives() throws {
        let unknown = "<key>INIntentParameterMetadataFutureOption</key><dict><key>Level</key><real>2.5</real><key>On</key><true/></dict>"
        let (definition, _) = try roundTrip(Self.definition(fileMetadata: unknown, countMetadata: ""))
        let document = try parameter("document", in: definition)
        #expect(document.metadata.uninterpreted["FutureOption"] == .dictionary(["Level": .real(2.5), "On": .boolean(true)]))
    }
}
