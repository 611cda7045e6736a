import CFFI
import IntentConversation

/// A C function made at run time with libffi's closure API: calling it
/// delivers the arguments to a `PendingCompletion`.
///
/// This is what lets the host hand a plugin a plain typed C function as the
/// completion of a call, bound to the request it belongs to.
final class CompletionClosure: @unchecked Sendable {
    /// The executable address: what the plugin calls.
    var code: UnsafeMutableRawPointer { closure.executable }
    let target: PendingCompletion
    private let closure: FFIClosure

    init(target: PendingCompletion) {
        self.target = target
        closure = FFIClosure(target.shape.interface, handler: completionTrampoline, userData: Unmanaged.passUnretained(target).toOpaque())
    }

    deinit {
        closure.free()
    }
}

/// The one C entry point of every completion closure.
private func completionTrampoline(
    _ cif: UnsafeMutablePointer<ffi_cif>?,
    _ result: UnsafeMutableRawPointer?,
    _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ userData: UnsafeMutableRawPointer?
) {
    guard let arguments, let userData else { return }
    Unmanaged<PendingCompletion>.fromOpaque(userData).takeUnretainedValue().receive(arguments)
}
