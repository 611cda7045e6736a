/// A C function made at run time with libffi's closure API: what lets a
/// host API entry whose C signature carries no context (`log`, `donations`)
/// still know which extension called it. Each call lands in `trampoline`
/// with `userData`; like the tables that hold them, these functions are
/// never freed.
enum HostFunction {
    /// The shape of every trampoline: libffi's closure handler.
    typealias Trampoline = FFIClosure.Handler

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
        FFIClosure(interface, handler: trampoline, userData: Unmanaged.passRetained(Context(value)).toOpaque()).executable
    }
}
