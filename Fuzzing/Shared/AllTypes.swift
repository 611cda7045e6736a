import Foundation
import IntentDefinition

/// The definition with a parameter of every type (`Tests/CorpusIntents`),
/// which the targets that read an intent file's values type them against.
let allTypes: IntentDefinition = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tests/CorpusIntents/AllTypes.intentdefinition.json")
    return try! IntentDefinitionFile.parseJSON(Data(contentsOf: file), file: file.path)
}()
