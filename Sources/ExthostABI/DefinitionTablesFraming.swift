/// The framing of a plugin's definition tables (exthost.h,
/// `definition_tables`) that both sides of the ABI share: how a number is
/// written, and how the tables of several definitions are joined into one
/// set.
///
/// One definition's tables start with `EXDT` (the host's
/// `DefinitionTables` reads them). An extension whose target has several
/// definitions (Xcode allows `Intents.intentdefinition` beside a widget's)
/// gives the host their tables joined, as they are:
///
///     "EXDS"                          4 bytes
///     set version                     number
///     member count                    number
///     per member: length              number
///     each member's tables            "EXDT" …, in the definitions' order
///
/// Each member keeps its own version; the host reads the set only when it
/// reads every member's version.
public enum DefinitionTablesFraming {
    /// The four bytes one definition's tables start with: `EXDT`.
    public static let magic: [UInt8] = Array("EXDT".utf8)
    /// The four bytes a set of several definitions' tables starts with: `EXDS`.
    public static let setMagic: [UInt8] = Array("EXDS".utf8)
    /// The set's own version (of the framing above, not of its members).
    public static let setVersion: UInt64 = 1

    /// Appends an unsigned number six bits at a time, least significant
    /// first; a byte with 0x40 set says another byte follows. Every byte is
    /// below 0x80, so the tables stay valid UTF-8.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - bytes: Where it goes.
    public static func appendNumber(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        repeat {
            let digit = UInt8(rest & 0x3F)
            rest >>= 6
            bytes.append(rest == 0 ? digit : digit | 0x40)
        } while rest != 0
    }

    /// Several definitions' tables as one set, each copied as it is.
    ///
    /// - Parameter members: Each definition's tables (`EXDT` …), in the
    ///   definitions' order.
    /// - Returns: The set's bytes.
    public static func joining(_ members: [UnsafeRawBufferPointer]) -> [UInt8] {
        var bytes = setMagic
        bytes.reserveCapacity(16 + members.reduce(0) { $0 + $1.count + 4 })
        appendNumber(setVersion, to: &bytes)
        appendNumber(UInt64(members.count), to: &bytes)
        for member in members { appendNumber(UInt64(member.count), to: &bytes) }
        for member in members { bytes.append(contentsOf: member) }
        return bytes
    }
}
