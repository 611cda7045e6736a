import ArgumentParser
import Foundation
import IntentDefinition

/// `exthost lint FILE...`: checks intent definitions for what Xcode would refuse.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Checks intent definitions for what Xcode would refuse or warn about.",
        discussion: """
            Reads each FILE (Xcode's .intentdefinition property list, or exthost's JSON form; \
            the format is recognised from the content) and prints one line per finding:

              FILE: error|warning: [Intent › parameter:] message

            Errors are what Xcode refuses or exthost cannot run: duplicate names, names that \
            are not identifiers, references to enums, custom types or relationship parents \
            that do not exist (or a parent resolved later), minimum greater than maximum, \
            ${placeholders} naming nothing, enum case value 0, an intent restricted while \
            locked but not supported. Warnings are legal but suspect: no title, no display \
            name, no success response code, no primary parameter combination, deprecated.

            Exit status: 0 when there are no errors (warnings allowed), 1 when there are \
            errors, 2 when a file cannot be loaded at all, 64 when the command line is wrong.
            """
    )

    @Argument(help: "The .intentdefinition or .json files to check.")
    var files: [String]

    @Flag(help: "Print the findings as JSON, for scripts.")
    var json = false

    @Option(name: .customLong("supported"), help: "An intent the extension supports (IntentsSupported); repeat for several. Enables the restricted-while-locked check.")
    var intentsSupported: [String] = []

    @Option(name: .customLong("restricted-while-locked"), help: "An intent the extension restricts while locked (IntentsRestrictedWhileLocked); repeat for several.")
    var intentsRestrictedWhileLocked: [String] = []

    /// One file's outcome, for `--json`.
    private struct FileReport: Encodable {
        var file: String
        var loaded: Bool
        var error: String?
    }

    /// The whole report, for `--json`.
    private struct Report: Encodable {
        var files: [FileReport]
        var diagnostics: [Diagnostic]
        var errors: Int
        var warnings: Int
    }

    func run() throws {
        let linter = IntentDefinitionLinter(
            intentsSupported: intentsSupported.isEmpty ? nil : intentsSupported,
            intentsRestrictedWhileLocked: intentsRestrictedWhileLocked
        )
        var reports: [FileReport] = []
        var diagnostics: [Diagnostic] = []
        for path in files {
            do {
                let definition = try IntentDefinitionFile.load(contentsOf: URL(fileURLWithPath: path))
                let found = linter.lint(definition, file: path)
                diagnostics += found
                reports.append(FileReport(file: path, loaded: true))
                if !json { found.forEach { Console.line($0.description) } }
            } catch var error as IntentDefinitionError {
                error.file = path
                reports.append(FileReport(file: path, loaded: false, error: error.description))
                if !json { Console.error("cannot load: \(error.description)", at: path) }
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let unloadable = reports.filter { !$0.loaded }.count
        if json {
            try Console.writeJSON(encoding: Report(files: reports, diagnostics: diagnostics, errors: errors, warnings: warnings))
        } else {
            var summary = "\(files.count) \(files.count == 1 ? "file" : "files"): \(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")"
            if unloadable > 0 { summary += ", \(unloadable) not loaded" }
            Console.line(summary)
        }
        if unloadable > 0 { throw ExitCode(.badInput) }
        if errors > 0 { throw ExitCode(.failure) }
    }
}
