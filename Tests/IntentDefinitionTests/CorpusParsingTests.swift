import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// Every file of the shared corpus parses (whatever files the folder holds),
/// and the files with known contents have their counts and values checked
/// against the file itself.
@Suite struct CorpusParsingTests {
    static func load(_ name: String) throws -> IntentDefinition {
        try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: name))
    }

    @Test(.needsCorpus) func theCorpusHoldsDefinitions() {
        #expect(!CorpusFolder.files.isEmpty, "\(CorpusFolder.url.path) holds no .intentdefinition file")
    }

    @Test(.needsCorpus, arguments: CorpusFolder.files)
    func everyCorpusFileLoads(_ file: String) throws {
        let definition = try Self.load(file)
        #expect(!definition.intents.isEmpty, "\(file)")
    }

    /// Xcode's file → model → property list keeps every key of the file with
    /// its value, the ones the model does not describe (string IDs, tags,
    /// tools versions, array sizes) included.
    @Test(.needsCorpus, arguments: CorpusFolder.files)
    func everyCorpusFileRoundTripsWithEveryKey(_ file: String) throws {
        let data = try Data(contentsOf: CorpusFolder.url(of: file))
        let definition = try IntentDefinitionFile.parsePropertyList(data, file: file)
        #expect(!definition.keptPropertyListKeys.isEmpty, "\(file): Xcode's files have keys the model does not describe")
        let written = try IntentDefinitionFile.encodePropertyList(definition)
        let before = try PropertyListLeaves.of(propertyList: data)
        let after = try PropertyListLeaves.of(propertyList: written)
        let lost = before.filter { after[$0.key] != $0.value }.keys.sorted()
        #expect(lost.isEmpty, "\(file): \(lost.count) keys lost or changed: \(lost.prefix(12))")
        #expect(try IntentDefinitionFile.parsePropertyList(written, file: file) == definition, "\(file)")
    }

    /// Xcode's file → JSON form → property list keeps every key of the file
    /// too: the JSON form carries the kept keys.
    @Test(.needsCorpus, arguments: CorpusFolder.files)
    func everyCorpusFileRoundTripsThroughJSONWithEveryKey(_ file: String) throws {
        let data = try Data(contentsOf: CorpusFolder.url(of: file))
        let definition = try IntentDefinitionFile.parsePropertyList(data, file: file)
        let json = try IntentDefinitionFile.encodeJSON(definition)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((object["keptPropertyListKeys"] as? [String: Any])?.count == definition.keptPropertyListKeys.count, "\(file)")
        let fromJSON = try IntentDefinitionFile.parseJSON(json, file: file)
        #expect(fromJSON == definition, "\(file)")
        #expect(fromJSON.keptPropertyListKeys == definition.keptPropertyListKeys, "\(file)")
        let before = try PropertyListLeaves.of(propertyList: data)
        let after = try PropertyListLeaves.of(propertyList: try IntentDefinitionFile.encodePropertyList(fromJSON))
        let lost = before.filter { after[$0.key] != $0.value }.keys.sorted()
        #expect(lost.isEmpty, "\(file): \(lost.count) keys lost or changed through JSON: \(lost.prefix(12))")
    }

    @Test("a definition without kept keys has none in its JSON form, and a wrong kept value is refused with its path")
    func keptKeysInTheJSONForm() throws {
        let plain = IntentDefinition(intents: [Intent(name: "Ping")])
        let json = String(decoding: try IntentDefinitionFile.encodeJSON(plain), as: UTF8.self)
        #expect(!json.contains("keptPropertyListKeys"))
        let wrong = #"{"intents": [{"name": "Ping"}], "keptPropertyListKeys": {"INIntents[Ping]/INIntentTitleID": "abc"}}"#
        #expect(throws: IntentDefinitionError.self) { try IntentDefinitionFile.parseJSON(Data(wrong.utf8), file: "ping.json") }
        do {
            _ = try IntentDefinitionFile.parseJSON(Data(wrong.utf8), file: "ping.json")
        } catch {
            #expect("\(error)".contains("keptPropertyListKeys"), "\(error)")
        }
    }

    @Test(.needsCorpusFiles("soupchef.intentdefinition")) func soupChef() throws {
        let definition = try Self.load("soupchef.intentdefinition")
        #expect(definition.modelVersion == "1.0")
        #expect(definition.namespace == nil)
        #expect(definition.classPrefix == nil)
        #expect(definition.enums.isEmpty)
        #expect(definition.types.isEmpty)
        #expect(definition.intents.count == 1)

        let intent = try #require(definition.intent(named: "OrderSoup"))
        #expect(intent.title == "Order Soup")
        #expect(intent.description == "Order a soup")
        #expect(intent.category == "order")
        #expect(intent.verb == "Order")
        #expect(intent.kind == "Custom")
        #expect(intent.defaultImageName == "chicken_noodle_soup")
        #expect(intent.userConfirmationRequired)
        #expect(intent.restrictions == 0)
        #expect(!intent.configurable && !intent.ineligibleForSuggestions && !intent.deprecated)

        #expect(intent.parameters.map(\.name) == ["soup", "quantity", "options"])
        #expect(intent.parameters.map(\.type) == [.object, .integer, .object])
        #expect(intent.parameters.map(\.displayPriority) == [1, 2, 3])
        #expect(intent.parameters.map(\.supportsMultipleValues) == [false, false, true])
        #expect(intent.parameters.allSatisfy { $0.prompts.isEmpty && $0.unsupportedReasons.isEmpty && $0.relationship == nil })
        #expect(intent.parameters.allSatisfy { !$0.supportsResolution })

        #expect(intent.response.codes.map(\.name) == ["failure", "success", "failureOutOfStock", "successReadySoon"])
        #expect(intent.response.codes.map(\.success) == [false, true, false, true])
        #expect(intent.response.codes[2].formatString == "Sorry, ${soup} is out of stock.")
        #expect(intent.response.customCodes.map(\.name) == ["failureOutOfStock", "successReadySoon"])
        #expect(intent.response.parameters.map(\.name) == ["soup", "waitTime"])
        #expect(intent.response.parameters.map(\.type) == [.object, .string])

        #expect(intent.parameterCombinations.count == 4)
        #expect(intent.parameterCombinations.map { $0.parameters.joined(separator: ",") }
            == ["soup", "soup,options", "soup,options,quantity", "soup,quantity"])
        #expect(intent.parameterCombinations.filter(\.isPrimary).map(\.parameters) == [["soup", "options", "quantity"]])
        #expect(intent.parameterCombinations.allSatisfy { !$0.managed && $0.supportsBackgroundExecution })
        #expect(intent.parameterCombinations[2].title == "Order ${quantity} ${soup}")
        #expect(intent.parameterCombinations[2].subtitle == "With ${options}")
    }

    @Test(.needsCorpusFiles("netnewswire.intentdefinition")) func netNewsWire() throws {
        let definition = try Self.load("netnewswire.intentdefinition")
        #expect(definition.modelVersion == "1.1")
        #expect(definition.namespace == "U6u7RF")
        #expect(definition.enums.isEmpty)
        #expect(definition.types.isEmpty)
        #expect(definition.intents.count == 1)

        let intent = try #require(definition.intent(named: "AddWebFeed"))
        #expect(intent.title == "Add Web Feed")
        #expect(intent.category == "create")
        #expect(intent.configurable)
        #expect(intent.ineligibleForSuggestions)
        #expect(!intent.userConfirmationRequired)
        #expect(intent.inputParameter == "url")
        #expect(intent.keyParameter == "url")
        #expect(intent.restrictions == nil)

        #expect(intent.parameters.map(\.name) == ["url", "accountName", "folderName"])
        #expect(intent.parameters.map(\.type) == [.url, .string, .string])
        #expect(intent.parameters.map(\.displayName) == ["URL", "Account Name", "Folder Name"])
        #expect(intent.parameters.map(\.supportsResolution) == [true, true, true])
        #expect(intent.parameters.map(\.supportsDynamicEnumeration) == [false, true, true])
        #expect(intent.parameters.map(\.customDisambiguation) == [false, true, true])
        #expect(intent.parameters.map(\.prompts.count) == [1, 4, 4])
        #expect(intent.parameters.map(\.unsupportedReasons.count) == [1, 2, 2])

        let url = intent.parameters[0]
        #expect(url.prompt(.primary) == "What is the ${url} you would like add?")
        #expect(url.prompts[0].custom)
        #expect(url.unsupportedReasons == [UnsupportedReason(code: "required", formatString: "You must supply a URL.", custom: true, formatStringID: "4xjRes")])

        let account = intent.parameters[1]
        #expect(account.metadata.capitalization == "Sentences")
        #expect(account.prompts.map(\.kind) == [.primary, .disambiguationIntroduction, .disambiguationSelection, .confirmation])
        #expect(account.prompts[0].formatString == nil)
        #expect(account.prompts[2].custom == false)
        #expect(account.prompt(.disambiguationIntroduction) == "There are ${count} options matching ‘${accountName}’.")
        #expect(account.unsupportedReasons.map(\.code) == ["invalid", "communication"])

        let folder = intent.parameters[2]
        #expect(folder.relationship == Relationship(parent: "accountName", predicate: .hasAnyValue, values: []))

        #expect(intent.response.codes == [
            ResponseCode(name: "success", success: true),
            ResponseCode(name: "failure", success: false),
        ])
        #expect(intent.response.parameters.isEmpty)

        #expect(intent.parameterCombinations.count == 2)
        #expect(intent.parameterCombinations.map(\.parameters) == [["url", "accountName"], ["url", "accountName", "folderName"]])
        #expect(intent.parameterCombinations.allSatisfy { $0.managed && $0.updatesLinked && $0.supportsBackgroundExecution && !$0.isPrimary })
        #expect(intent.parameterCombinations[1].title == "Add ${url} to ${folderName} in ${accountName}")
    }
}
