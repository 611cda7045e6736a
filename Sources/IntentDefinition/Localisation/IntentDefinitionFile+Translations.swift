import Foundation

extension IntentDefinitionFile {
    /// The translations Xcode keeps beside a definition: every
    /// `<lang>.lproj/<Name>.strings` in the definition's folder, or beside
    /// its `Base.lproj` when the definition is in one (`Base.lproj` itself
    /// holds the base texts, which are the definition's own).
    ///
    /// - Parameter url: The definition file (`<Name>.intentdefinition` or its JSON form).
    /// - Returns: The tables by language, or nil when there are none.
    /// - Throws: ``IntentDefinitionError`` naming the `.strings` file and line at fault.
    public static func translations(besides url: URL) throws -> [String: [String: String]]? {
        var result: [String: [String: String]] = [:]
        for file in translationFiles(besides: url) {
            let language = String(file.deletingLastPathComponent().lastPathComponent.dropLast(".lproj".count))
            result[language] = try StringsTable.read(contentsOf: file).entries
        }
        return result.isEmpty ? nil : result
    }

    /// The definition in `url` with the translations beside it
    /// (``translations(besides:)``) as its ``IntentDefinition/localizations``,
    /// a file's table winning over one the definition carries: what the
    /// code generator embeds and what the system reads for an app's
    /// in-app handling.
    ///
    /// - Parameter url: The definition file.
    /// - Returns: The definition.
    /// - Throws: ``IntentDefinitionError`` for the definition or a `.strings` file at fault.
    public static func loadWithTranslations(contentsOf url: URL) throws -> IntentDefinition {
        var definition = try load(contentsOf: url)
        if let translations = try translations(besides: url) {
            definition.localizations = (definition.localizations ?? [:]).merging(translations) { _, fromFile in fromFile }
        }
        return definition
    }

    /// The `.strings` files a definition's translations are read from, for a
    /// build that must run again when one changes.
    ///
    /// - Parameter url: The definition file.
    /// - Returns: The existing `<lang>.lproj/<Name>.strings` files, sorted.
    public static func translationFiles(besides url: URL) -> [URL] {
        var folder = url.deletingLastPathComponent()
        if folder.lastPathComponent == "Base.lproj" { folder = folder.deletingLastPathComponent() }
        let name = stem(of: url.lastPathComponent) + ".strings"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return folders.filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }.sorted()
            .map { folder.appendingPathComponent($0).appendingPathComponent(name) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The stem of a definition file: `StudyRecord.intentdefinition` →
    /// `StudyRecord` (also for `.intentdefinition.json` and `.json`).
    ///
    /// - Parameter fileName: The file's name.
    /// - Returns: The stem, which names its generated file and its `.strings` tables.
    public static func stem(of fileName: String) -> String {
        var stem = fileName
        for suffix in [".json", ".intentdefinition"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return stem
    }
}
