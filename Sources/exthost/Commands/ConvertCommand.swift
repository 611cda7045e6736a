import ArgumentParser
import Foundation
import IntentDefinition

/// `exthost convert FILE --to json|intentdefinition`: converts between the two forms.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Converts an intent definition between Xcode's .intentdefinition and exthost's JSON form.",
        discussion: """
            Reads FILE in either form (recognised from the content) and writes it in the form \
            given by --to, to --output or to standard output. Conversion is lossless: what \
            exthost does not model (Xcode's tags, tools versions, a newer Xcode's keys) is \
            kept in the JSON form's keptPropertyListKeys and written back. A deprecated \
            parameter (the JSON form's "deprecated") has no key in Xcode's form: writing \
            an .intentdefinition leaves it out, with a warning. \
            Exit status 2 when FILE cannot be loaded.
            """
    )

    /// The forms a definition can be written in.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case intentdefinition
    }

    @Argument(help: "The .intentdefinition or .json file to convert.")
    var file: String

    @Option(help: "The form to write: json or intentdefinition.")
    var to: Format

    @Option(name: .shortAndLong, help: "Where to write; standard output when omitted.")
    var output: String?

    func run() throws {
        let definition: IntentDefinition
        do {
            definition = try IntentDefinitionFile.load(contentsOf: URL(fileURLWithPath: file))
        } catch let error as IntentDefinitionError {
            Console.error("cannot load: \(error.description)")
            throw ExitCode(.badInput)
        }
        if to == .intentdefinition {
            for intent in definition.intents {
                for parameter in intent.parameters where parameter.deprecated != nil {
                    Console.warning("\(intent.name).\(parameter.name) is deprecated in the JSON form; Xcode's .intentdefinition has no key for that, so the file written leaves it out")
                }
            }
        }
        let data = switch to {
        case .json: try IntentDefinitionFile.encodeJSON(definition)
        case .intentdefinition: try IntentDefinitionFile.encodePropertyList(definition)
        }
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            Console.write(data)
        }
    }
}
