import Foundation
import IntentDefinition

/// libFuzzer's entry: Xcode's `.intentdefinition` property list reader
/// (XML or binary) must throw its error for any bytes, never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDefinitionPropertyList(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = try? IntentDefinitionFile.parsePropertyList(data, file: "fuzz.intentdefinition")
    return 0
}
