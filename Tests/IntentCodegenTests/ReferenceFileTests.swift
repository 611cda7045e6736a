import ExthostTestSupport
import Foundation
import IntentCodegen
import IntentDefinition
import Testing

/// Whole generated files, diffed against the checked-in references in
/// `References/`, for the project's own definitions only. The same
/// definitions are compiled and run through the build-tool plugin
/// (`CorpusIntents`, `StudyRecordExtension`); see IntentsTests. The shared
/// corpus's files are others' and get no reference file: their generated
/// code is compiled and run from the folder (CorpusIntentsTests).
///
/// To re-record on purpose, run with `EXTHOST_RECORD=1` and read the diff.
struct ReferenceFileTests {
    static let inputs: [(name: String, url: URL)] = [
        ("StudyRecord", TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Extension/StudyRecord.intentdefinition")),
        ("Freee", TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/OurPrivateFramework/Freee.intentdefinition")),
        ("AllTypes", TestPaths.packageRoot.appendingPathComponent("Tests/CorpusIntents/AllTypes.intentdefinition.json")),
    ]

    static let references = TestPaths.packageRoot.appendingPathComponent("Tests/IntentCodegenTests/References")

    @Test(arguments: inputs.map(\.name))
    func generatedSwiftMatchesTheReference(_ name: String) throws {
        let input = try #require(Self.inputs.first { $0.name == name }).url
        let definition = try IntentDefinitionFile.load(contentsOf: input)
        let generated = try IntentCodegen.generate(definition, language: .swift, fileName: input.lastPathComponent)
        let reference = Self.references.appendingPathComponent(generated.name)
        if ProcessInfo.processInfo.environment["EXTHOST_RECORD"] == "1" {
            try generated.contents.write(to: reference, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: reference, encoding: .utf8)
        if expected != generated.contents {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = generated.contents.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(expectedLines.count, actualLines.count)).first { expectedLines[$0] != actualLines[$0] } ?? min(expectedLines.count, actualLines.count)
            Issue.record("""
                \(generated.name) differs from References/\(generated.name) at line \(first + 1):
                  reference: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
                  generated: \(first < actualLines.count ? String(actualLines[first]) : "<end>")
                Re-record with EXTHOST_RECORD=1 if the change is intended, and read the diff.
                """)
        }
    }
}
