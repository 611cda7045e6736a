import Foundation

/// libFuzzer's entry: the frames an extension process sends its supervisor
/// (`FrameReader`, compiled into this target with the protocol's types).
/// The process runs a plugin, so its bytes are untrusted: every decoder must
/// throw `ExtensionProtocolError` for any frame, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtensionFrames(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let reader = try? FrameReader(body: Array(UnsafeBufferPointer(start: bytes, count: count))) else { return 0 }
    var payload = reader, values = reader, shape = reader, error = reader, activity = reader
    _ = try? payload.payload()
    _ = try? values.values()
    _ = try? shape.completionShape()
    _ = try? error.error()
    _ = try? activity.activity()
    return 0
}
