import Foundation
import IntentDefinition

/// libFuzzer's entry: the JSON form of a definition (what every plugin
/// embeds and the host reads at load) must throw its error for any bytes,
/// never crash; what it reads must encode again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDefinitionJSON(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let definition = try? IntentDefinitionFile.parseJSON(data, file: "fuzz.json") {
        _ = try? IntentDefinitionFile.encodeJSON(definition)
    }
    return 0
}
