import Foundation
import PackagePlugin

/// Generates Swift from every definition in the shared corpus,
/// `../shared/corpus/intentdefinition/*.intentdefinition` beside the
/// checkout, for the target it is applied to: `<stem>.swift` per
/// definition (by `intentgen`, as IntentCodegenPlugin does for a target's own
/// definitions) and `CorpusIndex.swift` (by `corpus-index`), which lists them.
///
/// The folder is read at every build, so a file added to it is compiled
/// without changing the package. Where the folder is absent, only the index
/// is generated, listing no definition.
@main
struct CorpusCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL
            .deletingLastPathComponent()
            .appending(path: "shared/corpus/intentdefinition")
        let definitions = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.lastPathComponent.hasSuffix(".intentdefinition") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let intentgen = try context.tool(named: "intentgen")
        let corpusIndex = try context.tool(named: "corpus-index")
        let output = context.pluginWorkDirectoryURL.appending(path: "Corpus")
        let index = output.appending(path: "CorpusIndex.swift")
        let generate: [Command] = definitions.map { input in
            let stem = String(input.lastPathComponent.dropLast(".intentdefinition".count))
            return .buildCommand(
                displayName: "Generating intent classes from corpus file \(input.lastPathComponent)",
                executable: intentgen.url,
                arguments: [input.path(), "--output", output.path(), "--language", "swift"],
                inputFiles: [input],
                outputFiles: [output.appending(path: stem + ".intentdefinition.swift")]
            )
        }
        let list: Command = .buildCommand(
            displayName: "Listing \(definitions.count) corpus definitions",
            executable: corpusIndex.url,
            arguments: ["--folder", folder.path(), "--output", index.path()] + definitions.map { $0.path() },
            inputFiles: definitions,
            outputFiles: [index]
        )
        return generate + [list]
    }
}
