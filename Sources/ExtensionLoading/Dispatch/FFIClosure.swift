import CFFI

/// A C function made at run time with libffi's closure API: the one place
/// closures are allocated and prepared, for completions (freed with their
/// call) and host API entries (kept for the life of the process).
struct FFIClosure {
    /// libffi's closure handler: every call of the function lands here with
    /// its arguments and the closure's `userData`.
    typealias Handler = @convention(c) (
        UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?
    ) -> Void

    /// The executable address: what C code calls.
    let executable: UnsafeMutableRawPointer
    private let writable: UnsafeMutablePointer<ffi_closure>

    /// Makes a function of `interface`'s signature that calls `handler` with `userData`.
    init(_ interface: CallInterface, handler: Handler, userData: UnsafeMutableRawPointer) {
        var executable: UnsafeMutableRawPointer?
        // ffi_closure_alloc returns the writable address and stores the
        // executable one separately; they may differ.
        guard let raw = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &executable), let executable else {
            fatalError("ffi_closure_alloc failed: out of executable memory")
        }
        writable = raw.assumingMemoryBound(to: ffi_closure.self)
        self.executable = executable
        let status = ffi_prep_closure_loc(writable, interface.cif, handler, userData, executable)
        precondition(status == FFI_OK, "ffi_prep_closure_loc failed (\(status))")
    }

    /// Frees the closure; the function must not be called again.
    func free() {
        ffi_closure_free(writable)
    }
}
