import Foundation
import GRDB

/// A phrase the user attached to a shortcut ("Add to Siri"): `INVoiceShortcut`.
public struct VoiceShortcut: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "voiceShortcut"

    /// A UUID, made when the phrase is added.
    public var identifier: String
    /// The phrase as the user wrote it.
    public var invocationPhrase: String
    /// The phrase as compared (see ``PhraseNormalizer``).
    public var normalizedPhrase: String
    /// What the phrase runs.
    public var shortcut: Shortcut
    public var created: Date
    public var modified: Date

    enum Field: String, ColumnExpression {
        case identifier, invocationPhrase, normalizedPhrase, app, shortcut, shortcutKey, created, modified
    }

    /// Creates a voice shortcut.
    public init(identifier: String = UUID().uuidString, invocationPhrase: String, shortcut: Shortcut, date: Date = Date()) {
        self.identifier = identifier
        self.invocationPhrase = invocationPhrase
        self.normalizedPhrase = PhraseNormalizer.normalize(invocationPhrase)
        self.shortcut = shortcut
        self.created = date
        self.modified = date
    }

    public init(row: Row) throws {
        identifier = row[Field.identifier]
        invocationPhrase = row[Field.invocationPhrase]
        normalizedPhrase = row[Field.normalizedPhrase]
        let text: String = row[Field.shortcut]
        shortcut = try JSONDecoder().decode(Shortcut.self, from: Data(text.utf8))
        created = Date(timeIntervalSince1970: row[Field.created])
        modified = Date(timeIntervalSince1970: row[Field.modified])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Field.identifier] = identifier
        container[Field.invocationPhrase] = invocationPhrase
        container[Field.normalizedPhrase] = normalizedPhrase
        container[Field.app] = shortcut.app
        container[Field.shortcut] = String(decoding: try ShortcutCoding.encoder.encode(shortcut), as: UTF8.self)
        container[Field.shortcutKey] = shortcut.key
        container[Field.created] = created.timeIntervalSince1970
        container[Field.modified] = modified.timeIntervalSince1970
    }

    /// The voice shortcut as JSON, for `--json` output.
    public var jsonObject: [String: Any] {
        ["identifier": identifier, "invocationPhrase": invocationPhrase, "shortcut": shortcut.jsonObject]
    }
}

enum ShortcutCoding {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
