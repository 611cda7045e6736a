import IntentConversation
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

    static func neededLibraries(in data: Data, path: String) throws -> [String] {
        func fail(_ reason: String) -> ELFError { ELFError(path: path, reason: reason) }
        guard data.count >= 64, data.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]) else {
            throw fail("not an ELF file")
        }
        guard data[4] == 2, data[5] == 1 else { throw fail("not a 64-bit little-endian ELF file") }
        func read<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) throws -> T {
            guard offset >= 0, offset + MemoryLayout<T>.size <= data.count else { throw fail("truncated at offset \(offset)") }
            var value: T = 0
            _ = withUnsafeMutableBytes(of: &value) { data.copyBytes(to: $0, from: offset..<offset + MemoryLayout<T>.size) }
            return T(littleEndian: value)
        }
        let sectionTable = Int(try read(0x28, as: UInt64.self))
        let sectionSize = Int(try read(0x3A, as: UInt16.self))
        let sectionCount = Int(try read(0x3C, as: UInt16.self))
        guard sectionSize >= 64 else { return [] }

        for index in 0..<sectionCount {
            let header = sectionTable + index * sectionSize
            let type = try read(header + 4, as: UInt32.self)
            guard type == 6 else { continue }  // SHT_DYNAMIC
            let offset = Int(try read(header + 0x18, as: UInt64.self))
            let size = Int(try read(header + 0x20, as: UInt64.self))
            let link = Int(try read(header + 0x28, as: UInt32.self))
            let stringHeader = sectionTable + link * sectionSize
            let strings = Int(try read(stringHeader + 0x18, as: UInt64.self))
            var names: [String] = []
            var entry = offset
            while entry + 16 <= offset + size {
                let tag = try read(entry, as: Int64.self)
                if tag == 0 { break }  // DT_NULL
                if tag == 1 {  // DT_NEEDED
                    let start = strings + Int(try read(entry + 8, as: UInt64.self))
                    guard start < data.count else { throw fail("DT_NEEDED name outside the file") }
                    let end = data[start...].firstIndex(of: 0) ?? data.count
                    names.append(String(decoding: data[start..<end], as: UTF8.self))
                }
                entry += 16
            }
            return names
        }
        return []
    }
}
