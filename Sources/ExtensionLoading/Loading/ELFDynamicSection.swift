import ExthostPosix
import Foundation

/// Reads the shared libraries a plugin links (`DT_NEEDED` entries of its ELF
/// dynamic section), without loading it: what an author should look at when
/// loading is slow.
public enum ELFDynamicSection {
    /// The `DT_NEEDED` names of a 64-bit little-endian ELF file, in order.
    ///
    /// - Throws: `ELFError` when the file is not such an ELF file.
    public static func neededLibraries(ofFileAt path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return try neededLibraries(in: data, path: path)
    }

    /// What is wrong with the file.
    public struct ELFError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The bytes the segments of a 64-bit little-endian ELF file's program
    /// headers load (`PT_LOAD`: offset plus size in the file), when the file
    /// is shorter than that; `nil` when they fit or the file is no such ELF
    /// file (the dynamic linker says why). A file cut short would be mapped
    /// past its end, and the first touch of that page kills the process
    /// with `SIGBUS`.
    ///
    /// Looks at the file's first page (the ELF header and, as linkers lay
    /// them out, the program headers right after it), which the caller has
    /// read, and reads the file up to the program headers' end only when
    /// they lie further in: the check runs on every load, and mapping the
    /// whole file through Foundation cost more than the rest of the load's
    /// host-side checks together.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - size: Its length in bytes (`st_size`).
    ///   - firstPage: Its first `min(size, 4096)` bytes
    ///     (``firstPageLength(ofFileOfSize:)``).
    /// - Returns: The length the file needs, when it is shorter.
    public static func truncatedLength(ofFileAt path: String, size: UInt64, firstPage: [UInt8]) -> UInt64? {
        var bytes = firstPage
        if let tableEnd = bytes.withUnsafeBytes({ programHeaders(in: ELFBytes(bytes: $0))?.end }), tableEnd <= size, tableEnd > UInt64(bytes.count) {
            guard let whole = try? Posix.readPrefix(path, count: Int(tableEnd)) else { return nil }
            bytes = whole
        }
        return bytes.withUnsafeBytes { truncatedLength(in: $0, fileSize: size) }
    }

    /// How many bytes of a file of `size` bytes
    /// ``truncatedLength(ofFileAt:size:firstPage:)`` wants read first.
    public static func firstPageLength(ofFileOfSize size: UInt64) -> Int {
        Int(min(size, 4096))
    }

    /// Where the program header table of a 64-bit little-endian ELF file
    /// lies, from its header; nil when `file` starts with no such header.
    /// `end` is `UInt64.max` when it overflows.
    private static func programHeaders(in file: ELFBytes) -> (table: UInt64, entrySize: UInt16, count: UInt16, end: UInt64)? {
        guard file.isELF, file.is64BitLittleEndian, let table = file.read(0x20, as: UInt64.self),
              let entrySize = file.read(0x36, as: UInt16.self), let count = file.read(0x38, as: UInt16.self) else { return nil }
        let (end, overflow) = table.addingReportingOverflow(UInt64(entrySize) * UInt64(count))
        return (table, entrySize, count, overflow ? UInt64.max : end)
    }

    /// The check on the file's first `bytes`, which hold its program headers
    /// whenever they lie inside a file of `fileSize` bytes.
    static func truncatedLength(in bytes: UnsafeRawBufferPointer, fileSize: UInt64) -> UInt64? {
        let file = ELFBytes(bytes: bytes)
        guard let (table, entrySize, count, tableEnd) = programHeaders(in: file), entrySize >= 56 else { return nil }
        if tableEnd > fileSize { return tableEnd }
        var needed: UInt64 = 0
        for index in 0..<UInt64(count) {
            let header = table + index * UInt64(entrySize)
            guard file.read(header, as: UInt32.self) == 1,  // PT_LOAD
                  let offset = file.read(header + 8, as: UInt64.self),
                  let size = file.read(header + 0x20, as: UInt64.self) else { continue }
            let (end, overflow) = offset.addingReportingOverflow(size)
            needed = max(needed, overflow ? UInt64.max : end)
        }
        return needed > fileSize ? needed : nil
    }

    static func neededLibraries(in data: Data, path: String) throws -> [String] {
        try data.withUnsafeBytes { bytes throws(ELFError) in try neededLibraries(in: bytes, path: path) }
    }

    private static func neededLibraries(in data: UnsafeRawBufferPointer, path: String) throws(ELFError) -> [String] {
        func fail(_ reason: String) -> ELFError { ELFError(path: path, reason: reason) }
        let file = ELFBytes(bytes: data)
        guard file.isELF else { throw fail("not an ELF file") }
        guard file.is64BitLittleEndian else { throw fail("not a 64-bit little-endian ELF file") }
        func read<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) throws(ELFError) -> T {
            guard offset >= 0, let value = file.read(UInt64(offset), as: type) else { throw fail("truncated at offset \(offset)") }
            return value
        }
        // Offsets come from the file: each is checked to lie inside it before
        // any arithmetic, so that a crafted header cannot overflow an Int.
        func offset(_ value: UInt64) throws(ELFError) -> Int {
            guard value <= UInt64(data.count) else { throw fail("an offset outside the file (\(value))") }
            return Int(value)
        }
        let sectionTable = try offset(try read(0x28, as: UInt64.self))
        let sectionSize = Int(try read(0x3A, as: UInt16.self))
        let sectionCount = Int(try read(0x3C, as: UInt16.self))
        guard sectionSize >= 64 else { return [] }

        for index in 0..<sectionCount {
            let header = sectionTable + index * sectionSize
            let type = try read(header + 4, as: UInt32.self)
            guard type == 6 else { continue }  // SHT_DYNAMIC
            let start = try offset(try read(header + 0x18, as: UInt64.self))
            let size = try offset(try read(header + 0x20, as: UInt64.self))
            let link = Int(try read(header + 0x28, as: UInt32.self))
            let stringHeader = sectionTable + link * sectionSize
            let strings = try offset(try read(stringHeader + 0x18, as: UInt64.self))
            var names: [String] = []
            var entry = start
            while entry + 16 <= start + size {
                let tag = try read(entry, as: Int64.self)
                if tag == 0 { break }  // DT_NULL
                if tag == 1 {  // DT_NEEDED
                    let name = strings + (try offset(try read(entry + 8, as: UInt64.self)))
                    guard name < data.count else { throw fail("DT_NEEDED name outside the file") }
                    let end = data[name...].firstIndex(of: 0) ?? data.count
                    names.append(String(decoding: UnsafeRawBufferPointer(rebasing: data[name..<end]), as: UTF8.self))
                }
                entry += 16
            }
            return names
        }
        return []
    }
}

/// The bytes of an ELF file (or its first bytes), read little-endian at
/// offsets the file itself gives, each checked against their length.
private struct ELFBytes {
    let bytes: UnsafeRawBufferPointer

    var isELF: Bool { bytes.count >= 64 && bytes[0] == 0x7F && bytes[1] == 0x45 && bytes[2] == 0x4C && bytes[3] == 0x46 }
    var is64BitLittleEndian: Bool { bytes[4] == 2 && bytes[5] == 1 }

    /// The integer at `offset`, or `nil` when it does not lie whole inside the bytes.
    func read<T: FixedWidthInteger>(_ offset: UInt64, as type: T.Type) -> T? {
        let size = UInt64(MemoryLayout<T>.size)
        guard offset <= UInt64(bytes.count), UInt64(bytes.count) - offset >= size else { return nil }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: Int(offset), as: T.self))
    }
}
