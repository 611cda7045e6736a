import Foundation
import PackagePlugin

/// Generates Swift from every intent definition among a target's source
/// files: `<Stem>.intentdefinition` (or its JSON form,
/// `<Stem>.intentdefinition.json`) → `<Stem>.intentdefinition.swift` in the
/// plugin's work directory, compiled into the target (a name no source of
/// the target has: `Widget.swift` may sit beside `Widget.intentdefinition`).
/// A target may have several definitions; its export names them all. Its translations,
/// `<lang>.lproj/<Stem>.strings` beside it (excluded from the target's
/// sources), are inputs too: `intentgen` embeds them. It only declares inputs
/// and outputs and runs `intentgen`.
@main
struct IntentCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "intentgen")
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedIntents")
        return target.sourceFiles
            .map(\.url)
            .filter { $0.lastPathComponent.hasSuffix(".intentdefinition") || $0.lastPathComponent.hasSuffix(".intentdefinition.json") }
            .map { input in
                var stem = input.lastPathComponent
                for suffix in [".json", ".intentdefinition"] where stem.hasSuffix(suffix) {
                    stem = String(stem.dropLast(suffix.count))
                }
                let generated = output.appending(path: stem + ".intentdefinition.swift")
                return .buildCommand(
                    displayName: "Generating intent classes from \(input.lastPathComponent)",
                    executable: tool.url,
                    arguments: [input.path(), "--output", output.path(), "--language", "swift"],
                    inputFiles: [input] + translations(of: stem, besides: input),
                    outputFiles: [generated]
                )
            }
    }

    /// The `.strings` tables `intentgen` embeds: the plugin cannot link
    /// IntentDefinition, so this is `IntentDefinitionFile.translationFiles`
    /// again, kept in step with it (a definition in `Base.lproj` has its
    /// tables in the folder above).
    private func translations(of stem: String, besides input: URL) -> [URL] {
        var folder = input.deletingLastPathComponent()
        if folder.lastPathComponent == "Base.lproj" { folder = folder.deletingLastPathComponent() }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path())) ?? []
        return names.filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }.sorted()
            .map { folder.appending(path: $0).appending(path: stem + ".strings") }
            .filter { FileManager.default.fileExists(atPath: $0.path()) }
    }
}
