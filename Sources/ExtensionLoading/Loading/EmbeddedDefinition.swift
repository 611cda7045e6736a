import ExthostPosix
import Foundation
import IntentDefinition
import Synchronization

/// The intent definition a plugin embeds in its descriptor: its tables
/// (`definition_tables`, ABI 2), read in place one intent at a time, or its
/// JSON text (`definition`: every version 1 plugin, and a version 2 plugin
/// without tables), parsed whole when the plugin loads.
///
/// Either way the definition has the system intents the manifest claims
/// (`INSendMessageIntent`, …: the system defines them, not the app).
///
/// A supervisor reads the definition its extension process sent in `ready`
/// the same way (``init(receivedTables:manifest:path:)``): the tables'
/// bytes, copied, opened in place; the text only for a plugin without them.
package final class EmbeddedDefinition: Sendable {
    private enum Form: @unchecked Sendable {
        case parsed(IntentDefinition)
        /// The text is nil for tables received from an extension process.
        case tables(DefinitionTables, text: UnsafePointer<CChar>?)
    }

    /// Bytes this definition owns: tables received from an extension
    /// process, freed with it.
    private final class OwnedBytes: @unchecked Sendable {
        let buffer: UnsafeMutableRawBufferPointer
        init(_ bytes: [UInt8]) {
            buffer = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
        deinit { buffer.deallocate() }
    }

    private let form: Form
    private let owned: OwnedBytes?
    private let manifest: ExtensionManifest
    private let path: String
    /// The whole definition once read, and each intent's definition once read.
    private let cache = Mutex<(whole: IntentDefinition?, byIntent: [String: IntentDefinition])>((nil, [:]))

    /// Parses the JSON text, as a version 1 plugin's definition is read.
    ///
    /// - Throws: ``ExtensionLoadError`` when the text is not a definition, or
    ///   the manifest claims an intent it does not define.
    package init(text: String, manifest: ExtensionManifest, path: String) throws(ExtensionLoadError) {
        let definition: IntentDefinition
        do {
            definition = try IntentDefinitionFile.parseEmbeddedJSON(Data(text.utf8), file: "embedded definition")
                .addingSystemIntents(manifest.intentsSupported)
        } catch {
            throw ExtensionLoadError(path: path, reason: .invalidDefinition(String(describing: error)))
        }
        try Self.checkDefines(manifest.intentsSupported, names: definition.intents.map(\.name), path: path)
        self.form = .parsed(definition)
        self.owned = nil
        self.manifest = manifest
        self.path = path
    }

    /// Opens the tables where they lie: their header and index only.
    ///
    /// - Parameters:
    ///   - tables: The descriptor's `definition_tables` and its size.
    ///   - text: The descriptor's `definition`, for ``text``.
    /// - Throws: ``ExtensionLoadError`` when the tables cannot be read, or
    ///   the manifest claims an intent they do not define.
    init(tables: UnsafeRawBufferPointer, text: UnsafePointer<CChar>, manifest: ExtensionManifest, path: String) throws(ExtensionLoadError) {
        self.form = .tables(try Self.open(tables, manifest: manifest, path: path), text: text)
        self.owned = nil
        self.manifest = manifest
        self.path = path
    }

    /// Opens tables an extension process sent: a copy of `bytes`, kept as
    /// long as this definition, read in place as the plugin's own are.
    /// The definition's text is not there: ``whole`` reads the tables only.
    ///
    /// - Throws: As ``init(tables:text:manifest:path:)``.
    package init(receivedTables bytes: [UInt8], manifest: ExtensionManifest, path: String) throws(ExtensionLoadError) {
        let owned = OwnedBytes(bytes)
        let tables = UnsafeRawBufferPointer(rebasing: owned.buffer[0..<bytes.count])
        self.form = .tables(try Self.open(tables, manifest: manifest, path: path), text: nil)
        self.owned = owned
        self.manifest = manifest
        self.path = path
    }

    /// The tables' header and index, checked against what the manifest claims.
    private static func open(_ tables: UnsafeRawBufferPointer, manifest: ExtensionManifest, path: String) throws(ExtensionLoadError) -> DefinitionTables {
        let opened: DefinitionTables
        do {
            opened = try DefinitionTables(bytes: tables)
        } catch {
            throw ExtensionLoadError(path: path, reason: .invalidDefinition(error.description))
        }
        // The system intents' definitions are asked only for intents the
        // tables do not define: reading them is a parse of its own.
        let systemIntents = manifest.intentsSupported.filter { !opened.intentNames.contains($0) && SystemIntents.intent(named: $0) != nil }
        try checkDefines(manifest.intentsSupported, names: opened.intentNames + systemIntents, path: path)
        return opened
    }

    /// Whether the definition is read from tables (not parsed from text).
    package var isTables: Bool {
        if case .tables = form { return true }
        return false
    }

    /// The definition with `intent`'s part (and the shared enums, types and
    /// translations): from tables, that intent alone, read once; from text,
    /// the whole definition.
    ///
    /// - Returns: The definition, and whether this call read it (the first).
    /// - Throws: ``ExtensionLoadError`` when the intent's part is malformed.
    package func definition(forIntent intent: String) throws(ExtensionLoadError) -> (IntentDefinition, read: Bool) {
        switch form {
        case .parsed(let definition):
            return (definition, false)
        case .tables:
            if let known = cache.withLock({ $0.byIntent[intent] }) { return (known, false) }
            let read = try readAgain(forIntent: intent)
            cache.withLock { $0.byIntent[intent] = read }
            return (read, true)
        }
    }

    /// Reads `intent`'s part again, past the cache (what `exthost bench`
    /// times as the warm read).
    func readAgain(forIntent intent: String) throws(ExtensionLoadError) -> IntentDefinition {
        switch form {
        case .parsed(let definition):
            return definition
        case .tables(let tables, _):
            do {
                return try tables.definition(forIntent: intent).addingSystemIntents([intent])
            } catch {
                throw ExtensionLoadError(path: path, reason: .invalidDefinition(error.description), manifest: manifest)
            }
        }
    }

    /// The whole definition: every intent, for tools (`probe`, `list`) and
    /// for checking the extension's donations. Tables are read whole the
    /// first time; tables whose index was sound but a part is not fall back
    /// to the JSON text the plugin also carries.
    package var whole: IntentDefinition {
        switch form {
        case .parsed(let definition):
            return definition
        case .tables(let tables, let text):
            if let known = cache.withLock({ $0.whole }) { return known }
            let read = (try? tables.definition())
                ?? text.flatMap { try? IntentDefinitionFile.parseEmbeddedJSON(Data(String(cString: $0).utf8), file: "embedded definition") }
                ?? IntentDefinition()
            let definition = read.addingSystemIntents(manifest.intentsSupported)
            cache.withLock { $0.whole = definition }
            return definition
        }
    }

    /// Refuses a manifest that claims an intent the definition does not define.
    private static func checkDefines(_ claimed: [String], names: [String], path: String) throws(ExtensionLoadError) {
        for name in claimed where !names.contains(name) {
            throw ExtensionLoadError(
                path: path,
                reason: .invalidManifest("intents_supported names \"\(name)\", which its definition does not define (it defines \(names.joined(separator: ", ")), and it is not a system intent exthost supports)")
            )
        }
    }
}
