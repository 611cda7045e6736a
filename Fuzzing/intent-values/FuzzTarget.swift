import Foundation
import IntentConversation
import IntentDefinition

/// libFuzzer's entry: the values of an intent file (its `parameters`, or
/// the whole object) and typed answers, read by `IntentValueReader` for
/// every parameter of every type, must be read or refused, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIntentValues(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return 0 }
    let fields = ((json as? [String: Any])?["parameters"] as? [String: Any]) ?? (json as? [String: Any]) ?? ["": json]
    for intent in allTypes.intents {
        let reader = IntentValueReader(definition: allTypes, intent: intent)
        for parameter in intent.parameters {
            for value in fields.values {
                _ = try? reader.read(json: value, for: parameter)
                if let text = value as? String { _ = try? reader.read(text: text, for: parameter) }
            }
        }
    }
    return 0
}
