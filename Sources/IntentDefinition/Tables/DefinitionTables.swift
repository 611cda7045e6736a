import ExthostABI

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
///
/// An extension with several definitions carries their tables joined as a
/// set (`EXDS`, `DefinitionTablesFraming`), each member as above; this type
/// opens either.
public struct DefinitionTables: @unchecked Sendable {
    /// The version this exthost writes and the only one it reads. Version 2
    /// added a parameter's confirmation reasons and a custom type's
    /// plain-object and Swift value type marks, version 3 an intent's
    /// deprecation message, version 4 a response property's JSON-object
    /// mark (``ResponseParameter/isJSONObject``); the loader reads an older version's plugin from
    /// its JSON text instead (``version(of:)``).
    public static let version: UInt64 = 4
    /// The version `bytes` say they are (for a set of several definitions'
    /// tables, the oldest of its members'), or nil when they do not start as
    /// tables do (then ``init(bytes:)`` says what is wrong).
    public static func version(of bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count >= 4 else { return nil }
        if bytes.prefix(4).elementsEqual(magic) {
            var reader = TableReader(bytes, from: 4)
            return try? reader.number()
        }
        guard bytes.prefix(4).elementsEqual(DefinitionTablesFraming.setMagic),
              let members = try? members(ofSet: bytes) else { return nil }
        return members.map { version(of: UnsafeRawBufferPointer(rebasing: bytes[$0.lowerBound..<$0.upperBound])) }.reduce(UInt64?.none) { oldest, member in
            guard let member else { return oldest }
            return min(oldest ?? member, member)
        }
    }

    /// The four bytes the tables start with: `EXDT`.
    public static let magic: [UInt8] = DefinitionTablesFraming.magic

    /// The intents, in definition order (several definitions' one after
    /// the other).
    public let intentNames: [String]

    private let bytes: UnsafeRawBufferPointer
    /// Byte offsets from `lowerBound` up to `upperBound`. Not `Range<Int>`:
    /// the first array of ranges made after a Swift plugin's `dlopen` looks
    /// up `Int`'s `Comparable` conformance (`Range`'s requirement) while the
    /// runtime's conformance cache is empty, which scans every conformance
    /// record of the process (~380,000 instructions in a release build,
    /// at each plugin's load); an array of a plain struct needs no look-up.
    private struct Span {
        var lowerBound: Int
        var upperBound: Int
        init(_ lowerBound: Int, _ upperBound: Int) {
            self.lowerBound = lowerBound
            self.upperBound = upperBound
        }
    }

    /// Each definition's shared part: one, or one per member of a set.
    private let shared: [Span]
    /// Each intent's part, in the order of ``intentNames``.
    private let parts: [Span]
    /// The definition (index into `shared`) each intent's part belongs to.
    private let owners: [Int]

    /// Opens tables where they lie: checks the magic, the version and the
    /// index. The bytes must stay valid and unchanged while this value is
    /// used (a plugin's static data does: a plugin is never unloaded).
    ///
    /// A set of several definitions' tables (`EXDS`,
    /// `DefinitionTablesFraming`) opens each member's index; the intents
    /// are then every member's, in the members' order.
    ///
    /// - Parameter bytes: The tables.
    /// - Throws: ``DefinitionTablesError`` saying what is wrong and where.
    public init(bytes: UnsafeRawBufferPointer) throws(DefinitionTablesError) {
        let members: [Span]
        if bytes.count >= 4, bytes.prefix(4).elementsEqual(DefinitionTablesFraming.setMagic) {
            members = try Self.members(ofSet: bytes)
        } else {
            members = [Span(0, bytes.count)]
        }
        var names: [String] = []
        var shared: [Span] = []
        var parts: [Span] = []
        var owners: [Int] = []
        for (index, member) in members.enumerated() {
            let opened = try Self.index(of: bytes, member: member)
            names += opened.names
            parts += opened.parts
            owners += repeatElement(index, count: opened.parts.count)
            shared.append(opened.shared)
        }
        self.bytes = bytes
        self.intentNames = names
        self.shared = shared
        self.parts = parts
        self.owners = owners
    }

    /// The byte ranges of a set's members, checked to lie within it.
    private static func members(ofSet bytes: UnsafeRawBufferPointer) throws(DefinitionTablesError) -> [Span] {
        var reader = TableReader(bytes, from: 4)
        let version = try reader.number()
        guard version == DefinitionTablesFraming.setVersion else {
            throw DefinitionTablesError(
                offset: 4,
                problem: "they are a set of version \(version) and this exthost reads version \(DefinitionTablesFraming.setVersion)",
                remedy: version > DefinitionTablesFraming.setVersion ? "update exthost, or build the extension with this exthost's SDK" : nil
            )
        }
        let count = try reader.count()
        var lengths: [Int] = []
        lengths.reserveCapacity(count)
        for _ in 0..<count { lengths.append(try reader.count()) }
        var start = reader.offset
        var members: [Span] = []
        members.reserveCapacity(count)
        for (index, length) in lengths.enumerated() {
            guard length <= bytes.count - start else { throw reader.failure("the set's definition \(index + 1) of \(count) runs past the end") }
            members.append(Span(start, start + length))
            start += length
        }
        return members
    }

    /// One definition's header and index, within `member`; offsets are the whole buffer's.
    private static func index(
        of bytes: UnsafeRawBufferPointer, member: Span
    ) throws(DefinitionTablesError) -> (names: [String], shared: Span, parts: [Span]) {
        guard member.upperBound - member.lowerBound >= 4, bytes[member.lowerBound..<(member.lowerBound + 4)].elementsEqual(magic) else {
            throw DefinitionTablesError(offset: member.lowerBound, problem: "they do not start with \"EXDT\"")
        }
        var reader = TableReader(bytes, from: member.lowerBound + 4, to: member.upperBound)
        let version = try reader.number()
        guard version == Self.version else {
            throw DefinitionTablesError(
                offset: member.lowerBound + 4,
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
        guard sharedLength <= member.upperBound - start else { throw reader.failure("the shared part runs past the end") }
        let shared = Span(start, start + sharedLength)
        start += sharedLength
        var parts: [Span] = []
        parts.reserveCapacity(intentCount)
        for (name, length) in zip(names, lengths) {
            guard length <= member.upperBound - start else { throw reader.failure("intent \(name)'s part runs past the end") }
            parts.append(Span(start, start + length))
            start += length
        }
        return (names, shared, parts)
    }

    /// The definition with only `name`'s intent (and everything shared:
    /// enums, custom types, translations); without intents when the tables
    /// do not define it (a system intent the host adds). Reads that
    /// intent's part alone.
    ///
    /// In a set of several definitions, what is shared is the intent's own
    /// definition's (each refers only to its own enums and types), under the
    /// model version, namespace and class prefix the whole set has
    /// (``IntentDefinition/merging(_:)``).
    ///
    /// - Throws: ``DefinitionTablesError`` when the part is malformed.
    public func definition(forIntent name: String) throws(DefinitionTablesError) -> IntentDefinition {
        guard let index = intentNames.firstIndex(of: name) else { return try sharedDefinition() }
        var definition = try sharedDefinition(of: owners[index])
        if shared.count > 1 {
            let header = try mergedHeader()
            definition.modelVersion = header.modelVersion
            definition.namespace = header.namespace
            definition.classPrefix = header.classPrefix
        }
        definition.intents = [try intent(at: index)]
        return definition
    }

    /// The whole definition, every intent's part read (several definitions
    /// merged: ``IntentDefinition/merging(_:)``).
    ///
    /// - Throws: ``DefinitionTablesError`` when a part is malformed.
    public func definition() throws(DefinitionTablesError) -> IntentDefinition {
        var members: [IntentDefinition] = []
        for member in shared.indices {
            var definition = try sharedDefinition(of: member)
            for index in parts.indices where owners[index] == member { definition.intents.append(try intent(at: index)) }
            members.append(definition)
        }
        return IntentDefinition.merging(members)
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
    /// version, namespace, class prefix, enums, custom types, translations;
    /// several definitions' merged).
    ///
    /// - Throws: ``DefinitionTablesError`` when the part is malformed.
    public func sharedDefinition() throws(DefinitionTablesError) -> IntentDefinition {
        guard shared.count > 1 else { return try sharedDefinition(of: 0) }
        var members: [IntentDefinition] = []
        for member in shared.indices { members.append(try sharedDefinition(of: member)) }
        return IntentDefinition.merging(members)
    }

    private func sharedDefinition(of member: Int) throws(DefinitionTablesError) -> IntentDefinition {
        var reader = TableReader(bytes, from: shared[member].lowerBound, to: shared[member].upperBound)
        var definition = try Self.header(&reader)
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

    /// The model version, namespace and class prefix of a set, as
    /// ``IntentDefinition/merging(_:)`` merges them. Reads the three texts
    /// each shared part starts with, nothing more.
    private func mergedHeader() throws(DefinitionTablesError) -> IntentDefinition {
        var headers: [IntentDefinition] = []
        headers.reserveCapacity(shared.count)
        for range in shared {
            var reader = TableReader(bytes, from: range.lowerBound, to: range.upperBound)
            headers.append(try Self.header(&reader))
        }
        return IntentDefinition.merging(headers)
    }

    /// A definition holding only the model version, namespace and class
    /// prefix a shared part starts with, read from `reader`.
    private static func header(_ reader: inout TableReader) throws(DefinitionTablesError) -> IntentDefinition {
        var header = IntentDefinition()
        header.modelVersion = try reader.optionalText()
        header.namespace = try reader.optionalText()
        header.classPrefix = try reader.optionalText()
        return header
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
