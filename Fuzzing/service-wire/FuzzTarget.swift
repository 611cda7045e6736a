import Foundation
import RequestWire

/// libFuzzer's entry: a line of the service's protocol, read as a client's
/// message (`ClientMessage.parse`, what the service reads from anyone who
/// connects) and as the service's (`ServiceMessage.parse`, what a client
/// reads), must be read or refused, never trap; what was read is written
/// again and must read back as the same kind of message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServiceWire(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let line = Data(bytes: bytes, count: count)
    if let message = try? ClientMessage.parse(line) {
        let written = message.line.dropLast()
        do {
            let again = try ClientMessage.parse(Data(written))
            guard kind(of: again) == kind(of: message) else {
                fatalError("a \(kind(of: message)) message read back as \(kind(of: again)): \(String(decoding: written, as: UTF8.self))")
            }
        } catch {
            fatalError("a client message written as \(String(decoding: written, as: UTF8.self)) does not read back: \(error)")
        }
    }
    if let message = try? ServiceMessage.parse(line) {
        let written = message.line.dropLast()
        do {
            _ = try ServiceMessage.parse(Data(written))
        } catch {
            fatalError("a service message written as \(String(decoding: written, as: UTF8.self)) does not read back: \(error)")
        }
    }
    return 0
}

private func kind(of message: ClientMessage) -> String {
    switch message {
    case .run: "run"
    case .answer: "answer"
    case .resume: "resume"
    case .cancel: "cancel"
    case .setDeviceLocked(let locked): locked ? "lock" : "unlock"
    case .list: "list"
    case .sessions: "sessions"
    case .open: "open"
    }
}
