import CFFI
import Logging

/// The `exthost_host_api.log` function of one extension: a C function made
/// at run time (``HostFunction``), bound to the extension's `Logger`.
///
/// The ABI's log call carries no context, so a plain C function could not
/// tell which extension wrote a line; each table gets its own function
/// instead. Like the table that holds it, it is never freed.
enum LogClosure {
    /// The function for an extension whose lines go to `logger`. [any-thread]
    static func make(logger: Logger) -> @convention(c) (Int32, UnsafePointer<CChar>?) -> Void {
        let executable = HostFunction.make(
            CallInterface.interface(returning: .void, [.sint32, .pointer]),
            trampoline: logTrampoline,
            boundTo: logger
        )
        return unsafeBitCast(executable, to: (@convention(c) (Int32, UnsafePointer<CChar>?) -> Void).self)
    }
}

/// The one C entry point of every extension's log function.
private func logTrampoline(
    _ cif: UnsafeMutablePointer<ffi_cif>?,
    _ result: UnsafeMutableRawPointer?,
    _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ userData: UnsafeMutableRawPointer?
) {
    guard let arguments, let userData, let level = arguments[0], let message = arguments[1] else { return }
    guard let text = message.load(as: UnsafePointer<CChar>?.self) else { return }
    let logger = HostFunction.Context<Logger>.from(userData)
    logger.log(level: HostAPI.level(level.load(as: Int32.self)), "\(String(cString: text))")
}
