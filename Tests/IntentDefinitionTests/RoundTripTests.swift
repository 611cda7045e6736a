import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// plist → model → JSON → model and model → plist → model are lossless.
@Suite struct RoundTripTests {
    /// Every file of the shared corpus, whatever the folder holds.
    static let corpusFiles = CorpusFolder.files

    @Test(.needsCorpus, arguments: corpusFiles)
    func propertyListToJSONAndBack(file: String) throws {
        let original = try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: file))
        let json = try IntentDefinitionFile.encodeJSON(original)
        let decoded = try IntentDefinitionFile.parseJSON(json, file: "roundtrip.json")
        #expect(decoded == original)
        // Stable: encoding again gives the same bytes.
        #expect(try IntentDefinitionFile.encodeJSON(decoded) == json)
    }

    @Test(.needsCorpus, arguments: corpusFiles)
    func modelToPropertyListAndBack(file: String) throws {
        let original = try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: file))
        let plist = try IntentDefinitionFile.encodePropertyList(original)
        let reread = try IntentDefinitionFile.parsePropertyList(plist, file: "roundtrip.intentdefinition")
        #expect(reread == original)
    }

    /// A definition using every part of the model survives both forms.
    @Test func everyFeatureSurvivesBothForms() throws {
        let definition = SampleDefinitions.everything
        let fromPlist = try IntentDefinitionFile.parsePropertyList(
            IntentDefinitionFile.encodePropertyList(definition), file: "all.intentdefinition")
        #expect(fromPlist == definition)
        let fromJSON = try IntentDefinitionFile.parseJSON(IntentDefinitionFile.encodeJSON(definition), file: "all.json")
        #expect(fromJSON == definition)
    }

    @Test func writtenPropertyListUsesXcodeKeys() throws {
        let plist = String(decoding: try IntentDefinitionFile.encodePropertyList(SampleDefinitions.everything), as: UTF8.self)
        for key in [
            "<key>INIntentParameterEnumType</key>", "<key>INIntentParameterObjectType</key>",
            "<string>EnumHasExactValue</string>", "<string>BooleanHasExactValue</string>",
            "<key>INIntentParameterMetadataMaximumValue</key>", "<key>INEnumValueIndex</key>",
            "<key>INTypePropertyDefault</key>", "<key>INIntentManagedParameterCombinations</key>",
            "<string>TimeInterval</string>", "<key>INIntentClassPrefix</key>",
        ] {
            #expect(plist.contains(key), "\(key)")
        }
    }
}
