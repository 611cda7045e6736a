import ArgumentParser
import Foundation
import IntentCodegen
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

            With --handlers, also reads the extension's Swift sources (files, or folders searched \
            for *.swift) for handler methods that almost match a requirement of a generated \
            …IntentHandling protocol, of the definitions given or of a system intent: a misspelt \
            name, other argument labels, INObjectCollection<String> where the protocol has \
            <NSString>. Each compiles as a method of its own and is never called; each is an error. \
            So is an @objc(Name) attribute (a principal class's Objective-C name), which does not \
            compile on Linux: remove it.

            Exit status: 0 when there are no errors (warnings allowed), 1 when there are \
            errors, 2 when a file cannot be loaded at all, 64 when the command line is wrong.
            """
    )

    @Argument(help: "The .intentdefinition or .json files to check.")
    var files: [String] = []

    @Option(name: .customLong("handlers"), help: "A Swift source file or folder of the extension's handlers to check against the definitions' protocols; repeat for several.")
    var handlers: [String] = []

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

    func validate() throws {
        if files.isEmpty, handlers.isEmpty {
            throw ValidationError("Name at least one definition file, or --handlers with the extension's sources.")
        }
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
        if !handlers.isEmpty {
            let definitions = files.compactMap { try? IntentDefinitionFile.load(contentsOf: URL(fileURLWithPath: $0)) }
            let handlerLinter = HandlerLinter(definitions: definitions)
            for source in try swiftSources(handlers) {
                guard let text = try? String(contentsOfFile: source, encoding: .utf8) else {
                    Console.error("cannot read the handler source; check the path and that it is UTF-8 text", at: source)
                    throw ExitCode(.badInput)
                }
                let found = handlerLinter.lint(source: text, file: source)
                diagnostics += found
                if !json { found.forEach { Console.line($0.description) } }
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

    /// The `.swift` files of the paths given: a file as is, a folder searched, sorted.
    private func swiftSources(_ paths: [String]) throws -> [String] {
        var sources: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                Console.error("no such file or folder; give the extension's handler sources", at: path)
                throw ExitCode(.badInput)
            }
            guard isFolder.boolValue else {
                sources.append(path)
                continue
            }
            let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            sources += found.sorted().map { (path as NSString).appendingPathComponent($0) }
        }
        return sources
    }
}
