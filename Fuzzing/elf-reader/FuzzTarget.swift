import Foundation

/// libFuzzer's entry: the ELF reader exthost runs in its own process on
/// every new plugin file (`ELFDynamicSection`, compiled into this target)
/// must answer for any bytes, never trap or read outside them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzELFReader(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = ELFDynamicSection.truncatedLength(in: data)
    _ = try? ELFDynamicSection.neededLibraries(in: data, path: "fuzz.so")
    return 0
}
