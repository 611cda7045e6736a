import ExthostABI

/// The primitives of the definition tables' byte form (``DefinitionTables``),
/// written and read in one place so that the writer and the reader cannot
/// drift apart.
///
/// Every byte a number or a flag takes is below 0x80, and text is UTF-8, so
/// the whole form is valid UTF-8: a Swift `StaticString` literal or a C
/// string literal holds it as it is, in the plugin's read-only data.
///
/// - A *number* (unsigned) is written six bits at a time, least significant
///   first; a byte with 0x40 set says another byte follows
///   (`DefinitionTablesFraming.appendNumber`, which the SDK shares).
/// - A signed number is zigzag-coded first (0, -1, 1, -2, … → 0, 1, 2, 3, …).
/// - A `Double` is its IEEE 754 bit pattern as a number.
/// - A flag is one byte, 0 or 1; an optional is a flag, then the value when
///   it is 1.
/// - Text is its UTF-8 length as a number, then its bytes.
/// - A list is its count as a number, then its items.
struct TableWriter {
    private(set) var bytes: [UInt8] = []

    mutating func number(_ value: UInt64) { DefinitionTablesFraming.appendNumber(value, to: &bytes) }

    mutating func count(_ value: Int) { number(UInt64(value)) }

    mutating func signed(_ value: Int) {
        let wide = Int64(value)
        number(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    mutating func real(_ value: Double) { number(value.bitPattern) }

    mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func text(_ value: String) {
        let utf8 = Array(value.utf8)
        count(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout TableWriter, Value) -> Void) {
        flag(value != nil)
        if let value { write(&self, value) }
    }

    mutating func text(_ value: String?) { optional(value) { $0.text($1) } }

    mutating func list<Item>(_ items: [Item], _ write: (inout TableWriter, Item) -> Void) {
        count(items.count)
        for item in items { write(&self, item) }
    }

    mutating func texts(_ items: [String]) { list(items) { $0.text($1) } }

    /// A dictionary of texts, keys sorted (the same definition always gives the same bytes).
    mutating func textTable(_ table: [String: String]) {
        list(table.keys.sorted()) { writer, key in
            writer.text(key)
            writer.text(table[key]!)
        }
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}

/// Reads what ``TableWriter`` wrote, never past the end it was given; every
/// malformation is a ``DefinitionTablesError`` with the byte offset.
struct TableReader {
    let base: UnsafeRawBufferPointer
    private(set) var offset: Int
    let end: Int

    init(_ base: UnsafeRawBufferPointer, from offset: Int = 0, to end: Int? = nil) {
        self.base = base
        self.offset = offset
        self.end = end ?? base.count
    }

    func failure(_ what: String) -> DefinitionTablesError {
        DefinitionTablesError(offset: offset, problem: what)
    }

    mutating func byte() throws(DefinitionTablesError) -> UInt8 {
        guard offset < end else { throw failure("the tables end in the middle of a value") }
        let value = base[offset]
        offset += 1
        return value
    }

    mutating func number() throws(DefinitionTablesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let digit = try byte()
            guard digit < 0x80, shift < 64 else { throw failure("a number is malformed") }
            value |= UInt64(digit & 0x3F) << shift
            if digit & 0x40 == 0 { return value }
            shift += 6
        }
    }

    mutating func count() throws(DefinitionTablesError) -> Int {
        let value = try number()
        // A count can never exceed the bytes left: each item takes at least one.
        guard value <= UInt64(end - offset) else { throw failure("a count (\(value)) is larger than the tables") }
        return Int(value)
    }

    mutating func signed() throws(DefinitionTablesError) -> Int {
        let raw = try number()
        let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
        guard let narrow = Int(exactly: value) else { throw failure("a number does not fit") }
        return narrow
    }

    mutating func real() throws(DefinitionTablesError) -> Double { Double(bitPattern: try number()) }

    mutating func flag() throws(DefinitionTablesError) -> Bool {
        let at = offset
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw DefinitionTablesError(offset: at, problem: "a flag is \(other), neither 0 nor 1")
        }
    }

    mutating func text() throws(DefinitionTablesError) -> String {
        let length = try count()
        let start = offset
        offset += length
        guard let text = String(validating: UnsafeRawBufferPointer(rebasing: base[start..<offset]), as: UTF8.self) else {
            offset = start
            throw failure("a text is not UTF-8")
        }
        return text
    }

    mutating func optional<Value>(_ read: (inout TableReader) throws(DefinitionTablesError) -> Value) throws(DefinitionTablesError) -> Value? {
        try flag() ? try read(&self) : nil
    }

    mutating func optionalText() throws(DefinitionTablesError) -> String? {
        try optional { reader throws(DefinitionTablesError) in try reader.text() }
    }

    mutating func list<Item>(_ read: (inout TableReader) throws(DefinitionTablesError) -> Item) throws(DefinitionTablesError) -> [Item] {
        let count = try count()
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try read(&self)) }
        return items
    }

    mutating func texts() throws(DefinitionTablesError) -> [String] {
        try list { reader throws(DefinitionTablesError) in try reader.text() }
    }

    mutating func textTable() throws(DefinitionTablesError) -> [String: String] {
        let count = try count()
        var table: [String: String] = [:]
        table.reserveCapacity(count)
        for _ in 0..<count {
            let key = try text()
            table[key] = try text()
        }
        return table
    }
}
