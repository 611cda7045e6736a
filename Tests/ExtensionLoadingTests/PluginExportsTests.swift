import ExthostABI
import ExthostTestSupport
import Foundation
import Testing

/// Every Swift plugin the package builds is linked as the README tells
/// authors to link theirs (`Sources/CExthost/exthost-plugin.map`): its
/// dynamic symbol table exports the plugin ABI's entry function and
/// nothing else, so the SDK linked into it binds inside the plugin and
/// `dlopen` looks up only what the plugin takes from the host's libraries.
@Suite("Swift plugins' exports")
struct PluginExportsTests {
    static let swiftPlugins = [
        "StudyRecordExtension", "FreeeExtension", "SoupChefExtension", "AccountSyncExtension", "MessagingExtension",
        "CallingExtension", "NotesExtension", "WorkoutsExtension", "MediaExtension", "SecondMessagingExtension",
        "TwoDefinitionsExtension", "PortingCustomIntents", "PortingSystemIntents",
    ]

    @Test("a Swift plugin exports exthost_extension_entry alone", arguments: swiftPlugins)
    func exportsTheEntryAlone(product: String) throws {
        let exports = try DynamicSymbols.exported(ofFileAt: BuiltProducts.plugin(product).path)
        #expect(exports == [ExthostABI.entrySymbol], "\(product) exports \(exports.count) symbols: \(exports.prefix(5))…")
    }

    @Test("the reader sees what a plugin linked without the map exports")
    func readerSeesAnUnrestrictedLibrary() throws {
        // Built here without a version script: the entry, a second function
        // and a pointer are global and exported, the static function is not.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("open.c")
        try "int exthost_extension_entry(void) { return 1; }\nint helper_left_global(void) { return 2; }\nstatic int hidden(void) { return 3; }\nint (*keep)(void) = hidden;\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libopen.so")
        let compile = try CommandRunner().runExternal("/usr/bin/env", ["cc", "-shared", "-fPIC", "-o", library.path, source.path])
        try #require(compile.status == 0, "\(compile.standardError)")
        #expect(try DynamicSymbols.exported(ofFileAt: library.path) == ["exthost_extension_entry", "helper_left_global", "keep"])
    }
}

/// The names a 64-bit little-endian ELF file exports: defined, global or
/// weak, default or protected visibility symbols of its `.dynsym`, sorted.
enum DynamicSymbols {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func exported(ofFileAt path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try data.withUnsafeBytes { bytes in
            func read<T: FixedWidthInteger>(_ offset: Int, _: T.Type) throws -> T {
                guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else {
                    throw Malformed(description: "\(path): a read at \(offset) past the end (\(bytes.count) bytes)")
                }
                return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            guard bytes.count > 0x40, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[4] == 2, bytes[5] == 1 else {
                throw Malformed(description: "\(path): not a 64-bit little-endian ELF file")
            }
            let sections = Int(try read(0x28, UInt64.self))
            let entrySize = Int(try read(0x3A, UInt16.self))
            let count = Int(try read(0x3C, UInt16.self))
            for index in 0..<count {
                let header = sections + index * entrySize
                guard try read(header + 4, UInt32.self) == 11 else { continue }  // SHT_DYNSYM
                let table = Int(try read(header + 0x18, UInt64.self))
                let size = Int(try read(header + 0x20, UInt64.self))
                let strings = Int(try read(sections + Int(try read(header + 0x28, UInt32.self)) * entrySize + 0x18, UInt64.self))
                var names: [String] = []
                for symbol in stride(from: table, to: table + size, by: 24) {
                    let info = try read(symbol + 4, UInt8.self)
                    let visibility = try read(symbol + 5, UInt8.self) & 3
                    let sectionIndex = try read(symbol + 6, UInt16.self)
                    guard sectionIndex != 0, [1, 2].contains(info >> 4), [0, 3].contains(visibility) else { continue }
                    let name = strings + Int(try read(symbol, UInt32.self))
                    guard name < bytes.count else { throw Malformed(description: "\(path): a symbol name outside the file") }
                    let end = bytes[name...].firstIndex(of: 0) ?? bytes.count
                    names.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[name..<end]), as: UTF8.self))
                }
                return names.sorted()
            }
            throw Malformed(description: "\(path): no dynamic symbol table")
        }
    }
}
