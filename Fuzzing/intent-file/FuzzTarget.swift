import Foundation
import IntentDefinition
import RequestWire

/// libFuzzer's entry: a whole intent file, as `exthost run FILE` reads it
/// (`IntentRequest.parse`), must be read or refused, never trap. What was
/// read is written again as the service's `run` message carries it and
/// must read back the same; its values are then typed against every intent
/// of the AllTypes definition, as the runner types them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIntentFile(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let request = try? IntentRequest.parse(data, source: "fuzz") else { return 0 }
    guard let written = try? JSONSerialization.data(withJSONObject: request.intentFileObject) else {
        fatalError("an intent file read but not written again: \(String(decoding: data, as: UTF8.self))")
    }
    let again: IntentRequest
    do {
        again = try IntentRequest.parse(written, source: "fuzz")
    } catch {
        fatalError("an intent file written as \(String(decoding: written, as: UTF8.self)) does not read back: \(error)")
    }
    guard again.intent == request.intent, again.app == request.app, again.extensionIdentifier == request.extensionIdentifier,
          again.identifier == request.identifier, again.locale == request.locale, again.concise == request.concise,
          again.answers == request.answers, Set(again.parameterJSON.keys) == Set(request.parameterJSON.keys) else {
        fatalError("an intent file read back differently: \(String(decoding: data, as: UTF8.self)) → \(String(decoding: written, as: UTF8.self))")
    }
    for intent in allTypes.intents {
        _ = try? request.values(for: intent, in: allTypes)
    }
    return 0
}
