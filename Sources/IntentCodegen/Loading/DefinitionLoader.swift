import Foundation
import IntentDefinition

/// Reads a definition file for code generation: Xcode's `.intentdefinition`
/// property list, or exthost's JSON form (`.json`).
public enum DefinitionLoader {
    /// Loads the definition at `url`.
    ///
    /// - Parameter url: A `.intentdefinition`, `.intentdefinition.json` or `.json` file.
    /// - Returns: The definition.
    /// - Throws: ``CodegenError`` naming the file and what is wrong.
    public static func load(contentsOf url: URL) throws -> IntentDefinition {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CodegenError(description: "\(url.path): cannot read the file (\(error.localizedDescription))")
        }
        if url.pathExtension == "json" {
            do {
                return try JSONDecoder().decode(IntentDefinition.self, from: data)
            } catch {
                throw CodegenError(description: "\(url.path): not an intent definition in exthost's JSON form: \(error)")
            }
        }
        throw CodegenError(description: "\(url.path): reading Xcode's .intentdefinition property lists is not in this build yet; convert it to exthost's JSON form or update exthost")
    }
}
