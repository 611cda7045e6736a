import Foundation

/// libFuzzer's entry: every message an app and the system send each other
/// over the app socket (`AppWire`'s messages, compiled into this target), as
/// the socket reads them (one JSON line), must be read or refused, never
/// trap; what was read is written again and must read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppWire(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    roundTrip(AppRequest.self, data)
    roundTrip(AppReply.self, data)
    roundTrip(AppStatus.self, data)
    roundTrip(InAppIntentRequest.self, data)
    roundTrip(InAppStageReply.self, data)
    roundTrip(InAppIntentResponse.self, data)
    roundTrip(UserActivityPayload.self, data)
    roundTrip(InteractionPayload.self, data)
    return 0
}

private func roundTrip<Message: Codable>(_ type: Message.Type, _ data: Data) {
    guard let message = try? JSONDecoder().decode(type, from: data) else { return }
    guard let written = try? JSONEncoder().encode(message) else {
        fatalError("\(type) read but could not be written again: \(String(decoding: data, as: UTF8.self))")
    }
    if (try? JSONDecoder().decode(type, from: written)) == nil {
        fatalError("\(type) written as \(String(decoding: written, as: UTF8.self)) does not read back")
    }
}
