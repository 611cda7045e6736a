/// An intent definition in the form a plugin carries for the host to read
/// in place, without parsing text (exthost.h: `definition_tables`, ABI 2).
///
/// Code generation writes the bytes (``encode(_:)``) into the plugin's
/// read-only data: a `StaticString` literal in Swift, a string literal in C.
/// The host opens them where they lie (``init(bytes:)`` reads the header and
/// the intents' index, nothing else) and decodes one intent's part when a
/// request names it (``definition(forIntent:)``), or all of them for tools
/// (``definition()``).
///
/// The form, version 3 (numbers, flags, text and lists as ``TableWriter``
/// writes them; every byte valid UTF-8):
///
///     "EXDT"                          4 bytes
///     version                         number
///     shared part's length            number
///     intent count                    number
///     per intent: name, part length   text, number
///     shared part                     model version, namespace, class prefix,
///                                     enums, custom types, translations
///     each intent's part              in the index's order
///
/// The shared part is what every intent may refer to (its enums and types,
/// and the translations); an intent's part is the intent alone. The
/// property list's kept keys are not carried (they change nothing the host
/// does; the JSON form has them).
public struct DefinitionTables: @unchecked Sendable {
    /// The version this exthost writes and the only one it reads. Version 2
    /// added a parameter's confirmation reasons and a custom type's
    /// plain-object and Swift value type marks, version 3 an intent's
    /// deprecation message, version 4 a response property's JSON-object
    /// mark (``ResponseParameter/isJSONObject``); the loader reads an older version's plugin from
    /// its JSON text instead (``version(of:)``).
    public static let version: UInt64 = 4
    /// The version `bytes` say they are, or nil when they do not start as
    /// tables do (then ``init(bytes:)`` says what is wrong).
    public static func version(of bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count >= 4, bytes.prefix(4).elementsEqual(magic) else { return nil }
        var reader = TableReader(bytes, from: 4)
        return try? reader.number()
    }

    /// The four bytes the tables start with: `EXDT`.
    public static let magic: [UInt8] = Array("EXDT".utf8)

    /// The intents, in definition order.
    public let intentNames: [String]

    private let bytes: UnsafeRawBufferPointer
    private let shared: Range<Int>
    private let parts: [Range<Int>]

    /// Opens tables where they lie: checks the magic, the version and the
    /// index. The bytes must stay valid and unchanged while this value is
    /// used (a plugin's static data does: a plugin is never unloaded).
    ///
    /// - Parameter bytes: The tables.
    /// - Throws: ``DefinitionTablesError`` saying what is wrong and where.
    public init(bytes: UnsafeRawBufferPointer) throws(DefinitionTablesError) {
        guard bytes.count >= 4, bytes.prefix(4).elementsEqual(Self.magic) else {
            throw DefinitionTablesError(offset: 0, problem: "they do not start with \"EXDT\"")
        }
        var reader = TableReader(bytes, from: 4)
        let version = try reader.number()
        guard version == Self.version else {
            throw DefinitionTablesError(
                offset: 4,
                problem: "they are version \(version) and this exthost reads version \(Self.version)",
                remedy: version > Self.version ? "update exthost, or build the extension with this exthost's code generation" : nil
            )
        }
        let sharedLength = try reader.count()
        let intentCount = try reader.count()
        var names: [String] = []
        var lengths: [Int] = []
        names.reserveCapacity(intentCount)
        lengths.reserveCapacity(intentCount)
        for _ in 0..<intentCount {
            names.append(try reader.text())
            lengths.append(try reader.count())
        }
        var start = reader.offset
        guard sharedLength <= bytes.count - start else { throw reader.failure("the shared part runs past the end") }
        shared = start..<(start + sharedLength)
        start += sharedLength
        var parts: [Range<Int>] = []
        parts.reserveCapacity(intentCount)
        for (name, length) in zip(names, lengths) {
            guard length <= bytes.count - start else { throw reader.failure("intent \(name)'s part runs past the end") }
            parts.append(start..<(start + length))
            start += length
        }
        self.bytes = bytes
        self.intentNames = names
        self.parts = parts
    }

    /// The definition with only `name`'s intent (and everything shared:
    /// enums, custom types, translations); without intents when the tables
    /// do not define it (a system intent the host adds). Reads that
    /// intent's part alone.
    ///
    /// - Throws: ``DefinitionTablesError`` when the part is malformed.
    public func definition(forIntent name: String) throws(DefinitionTablesError) -> IntentDefinition {
        var definition = try sharedDefinition()
        if let index = intentNames.firstIndex(of: name) {
            definition.intents = [try intent(at: index)]
        }
        return definition
    }

    /// The whole definition, every intent's part read.
    ///
    /// - Throws: ``DefinitionTablesError`` when a part is malformed.
    public func definition() throws(DefinitionTablesError) -> IntentDefinition {
        var definition = try sharedDefinition()
        definition.intents.reserveCapacity(parts.count)
        for index in parts.indices { definition.intents.append(try intent(at: index)) }
        return definition
    }

    /// The intent named `name`, its part alone read; nil when the tables
    /// do not define it.
    ///
    /// - Throws: ``DefinitionTablesError`` when the part is malformed.
    public func intent(named name: String) throws(DefinitionTablesError) -> Intent? {
        guard let index = intentNames.firstIndex(of: name) else { return nil }
        return try intent(at: index)
    }

    private func intent(at index: Int) throws(DefinitionTablesError) -> Intent {
        var reader = TableReader(bytes, from: parts[index].lowerBound, to: parts[index].upperBound)
        let intent = try Intent(tables: &reader)
        guard intent.name == intentNames[index] else {
            throw reader.failure("the index names intent \(intentNames[index]) and its part is \(intent.name)")
        }
        try reader.expectEnd("intent \(intent.name)'s part")
        return intent
    }

    /// The definition without intents: the shared part alone (model
    /// version, namespace, class prefix, enums, custom types, translations).
    ///
    /// - Throws: ``DefinitionTablesError`` when the part is malformed.
    public func sharedDefinition() throws(DefinitionTablesError) -> IntentDefinition {
        var reader = TableReader(bytes, from: shared.lowerBound, to: shared.upperBound)
        var definition = IntentDefinition()
        definition.modelVersion = try reader.optionalText()
        definition.namespace = try reader.optionalText()
        definition.classPrefix = try reader.optionalText()
        definition.enums = try reader.list { reader throws(DefinitionTablesError) in try EnumType(tables: &reader) }
        definition.types = try reader.list { reader throws(DefinitionTablesError) in try CustomType(tables: &reader) }
        definition.localizations = try reader.optional { reader throws(DefinitionTablesError) in
            let count = try reader.count()
            var tables: [String: [String: String]] = [:]
            for _ in 0..<count {
                let language = try reader.text()
                tables[language] = try reader.textTable()
            }
            return tables
        }
        try reader.expectEnd("the shared part")
        return definition
    }

    /// The tables of a definition (its kept property-list keys left out).
    ///
    /// - Parameter definition: The definition.
    /// - Returns: The bytes, valid UTF-8.
    public static func encode(_ definition: IntentDefinition) -> [UInt8] {
        var shared = TableWriter()
        shared.text(definition.modelVersion)
        shared.text(definition.namespace)
        shared.text(definition.classPrefix)
        shared.list(definition.enums) { $1.write(to: &$0) }
        shared.list(definition.types) { $1.write(to: &$0) }
        shared.optional(definition.localizations) { out, tables in
            out.list(tables.keys.sorted()) { out, language in
                out.text(language)
                out.textTable(tables[language]!)
            }
        }
        let parts = definition.intents.map { intent in
            var part = TableWriter()
            intent.write(to: &part)
            return part.bytes
        }
        var out = TableWriter()
        out.append(magic)
        out.number(version)
        out.count(shared.bytes.count)
        out.count(parts.count)
        for (intent, part) in zip(definition.intents, parts) {
            out.text(intent.name)
            out.count(part.count)
        }
        out.append(shared.bytes)
        for part in parts { out.append(part) }
        return out.bytes
    }
}

extension TableReader {
    func expectEnd(_ what: String) throws(DefinitionTablesError) {
        guard offset == end else { throw failure("\(what) has \(end - offset) bytes more than its fields") }
    }
}

/// Definition tables that cannot be read: what is wrong, at which byte.
public struct DefinitionTablesError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The byte offset in the tables where reading stopped.
    public var offset: Int
    /// What is wrong.
    public var problem: String
    /// What to do, when it is not "regenerate".
    public var remedy: String?

    public init(offset: Int, problem: String, remedy: String? = nil) {
        self.offset = offset
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String {
        "the definition tables cannot be read at byte \(offset): \(problem); "
            + (remedy ?? "rebuild the extension from its .intentdefinition with exthost's code generation")
    }
}
