import CFFI

/// A C function made at run time with libffi's closure API: what lets a
/// host API entry whose C signature carries no context (`log`, `donations`)
/// still know which extension called it. Each call lands in `trampoline`
/// with `userData`; like the tables that hold them, these functions are
/// never freed.
enum HostFunction {
    /// The shape of every trampoline: libffi's closure handler.
    typealias Trampoline = @convention(c) (
        UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?
    ) -> Void

    /// What a trampoline is given: the value the function is bound to.
    final class Context<Value: Sendable>: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }

        /// The context a trampoline was given as `userData`.
        static func from(_ userData: UnsafeMutableRawPointer) -> Value {
            Unmanaged<Context>.fromOpaque(userData).takeUnretainedValue().value
        }
    }

    /// Makes a function of `interface`'s signature, bound to `value`.
    ///
    /// - Parameters:
    ///   - interface: The C signature.
    ///   - trampoline: What every call runs; it reads `value` with ``Context/from(_:)``.
    ///   - value: What the trampoline is given; kept for the life of the process.
    /// - Returns: The function's (executable) address.
    static func make<Value: Sendable>(_ interface: CallInterface, trampoline: Trampoline, boundTo value: Value) -> UnsafeMutableRawPointer {
        let userData = Unmanaged.passRetained(Context(value)).toOpaque()
        var executable: UnsafeMutableRawPointer?
        // ffi_closure_alloc returns the writable address and stores the
        // executable one separately; they may differ.
        guard let raw = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &executable), let executable else {
            fatalError("ffi_closure_alloc failed: out of executable memory")
        }
        let status = ffi_prep_closure_loc(raw.assumingMemoryBound(to: ffi_closure.self), interface.cif, trampoline, userData, executable)
        precondition(status == FFI_OK, "ffi_prep_closure_loc failed (\(status))")
        return executable
    }
}
