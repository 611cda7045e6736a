import Foundation
import IntentDefinition

/// libFuzzer's entry: definition tables (what a version 2 plugin carries and
/// the host reads in place) must throw their error for any bytes, never
/// crash or read past their end. Input that is not tables ("EXDT") is taken
/// as a JSON definition (the seeds), written as tables and read back: the
/// two must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDefinitionTables(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: bytes, count: count)
    if input.starts(with: DefinitionTables.magic) {
        if let tables = try? DefinitionTables(bytes: input) {
            for name in tables.intentNames { _ = try? tables.definition(forIntent: name) }
            _ = try? tables.definition()
        }
    } else if let definition = try? IntentDefinitionFile.parseJSON(Data(input), file: "fuzz.json") {
        var kept = definition
        kept.keptPropertyListKeys = [:]
        let encoded = DefinitionTables.encode(kept)
        let read = encoded.withUnsafeBytes { try? DefinitionTables(bytes: $0).definition() }
        if read != kept { fatalError("the tables of a definition read back as another definition") }
    }
    return 0
}
