import IntentConversation
import CFFI

/// A C function made at run time with libffi's closure API: calling it
/// delivers the arguments to a `PendingCompletion`.
///
/// This is what lets the host hand a plugin a plain typed C function as the
/// completion of a call, bound to the request it belongs to.
final class CompletionClosure: @unchecked Sendable {
    /// The executable address: what the plugin calls.
    let code: UnsafeMutableRawPointer
    let target: PendingCompletion
    private let writable: UnsafeMutablePointer<ffi_closure>
    private let interface: CallInterface

    init(target: PendingCompletion) {
        self.target = target
        interface = target.shape.interface
        var executable: UnsafeMutableRawPointer?
        // ffi_closure_alloc returns the writable address and stores the
        // executable one separately; they may differ.
        guard let raw = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &executable), let executable else {
            fatalError("ffi_closure_alloc failed: out of executable memory")
        }
        writable = raw.assumingMemoryBound(to: ffi_closure.self)
        code = executable
        let status = ffi_prep_closure_loc(
            writable,
            interface.cif,
            completionTrampoline,
            Unmanaged.passUnretained(target).toOpaque(),
            executable
        )
        precondition(status == FFI_OK, "ffi_prep_closure_loc failed (\(status))")
    }

    deinit {
        ffi_closure_free(writable)
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
