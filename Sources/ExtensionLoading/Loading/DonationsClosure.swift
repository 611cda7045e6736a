import CFFI

/// The `exthost_host_api.donations` function of one extension: a C function
/// made at run time (``HostFunction``), bound to the extension
/// (``DonatingExtension``) and the system's handler (``HostServices``).
///
/// The ABI's donations call carries no context, as `log` does not; each
/// table gets its own function so the handler knows who asks. Like the
/// table that holds it, it is never freed.
enum DonationsClosure {
    /// The function for `caller`. [any-thread]
    static func make(for caller: DonatingExtension, services: HostServices) -> HostServices.DonationsEntry {
        let executable = HostFunction.make(
            CallInterface.interface(returning: .sint32, [.sint32, .pointer, .pointer, .sint64]),
            trampoline: donationsTrampoline,
            boundTo: Binding(caller: caller, handler: services.donations)
        )
        return unsafeBitCast(executable, to: HostServices.DonationsEntry.self)
    }

    struct Binding: Sendable {
        var caller: DonatingExtension
        var handler: HostServices.DonationsHandler
    }
}

/// The one C entry point of every extension's donations function.
private func donationsTrampoline(
    _ cif: UnsafeMutablePointer<ffi_cif>?,
    _ result: UnsafeMutableRawPointer?,
    _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ userData: UnsafeMutableRawPointer?
) {
    guard let result, let arguments, let userData,
          let operation = arguments[0], let request = arguments[1], let message = arguments[2], let capacity = arguments[3] else { return }
    let binding = HostFunction.Context<DonationsClosure.Binding>.from(userData)
    let status = binding.handler(
        binding.caller,
        operation.load(as: Int32.self),
        request.load(as: UnsafePointer<CChar>?.self),
        message.load(as: UnsafeMutablePointer<CChar>?.self),
        capacity.load(as: Int.self)
    )
    // libffi returns integers narrower than a register as a whole ffi_arg.
    result.storeBytes(of: Int(status), as: Int.self)
}
