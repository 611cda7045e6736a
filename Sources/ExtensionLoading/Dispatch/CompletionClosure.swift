import CFFI
import IntentConversation
import Foundation

/// A C function made at run time with libffi's closure API: calling it
/// delivers the arguments to a `PendingCompletion`.
///
/// This is what lets the host hand a plugin a plain typed C function as the
/// completion of a call, bound to the request it belongs to.
///
/// Closures are kept for reuse, per call interface: a request's closures go
/// back to the pool when the request has ended (``giveBack(_:)``), and a
/// later call takes one (``take(_:)``) instead of allocating and preparing
/// a new one. This is what freeing did already, in effect: libffi hands a
/// freed trampoline to the next allocation, so a plugin that calls a
/// completion after its request ended reached a later call's either way;
/// kept, the trampoline at least stays valid memory.
final class CompletionClosure: @unchecked Sendable {
    /// The executable address: what the plugin calls.
    var code: UnsafeMutableRawPointer { closure.executable }
    let target: PendingCompletion
    let interface: CallInterface
    private let closure: FFIClosure

    private init(shape: CompletionShape, interface: CallInterface) {
        target = PendingCompletion(shape: shape)
        self.interface = interface
        closure = FFIClosure(interface, handler: completionTrampoline, userData: Unmanaged.passUnretained(target).toOpaque())
    }

    deinit {
        closure.free()
    }

    /// Guards the kept closures, one list per call interface
    /// (``CallInterface/keptCompletions``; a handful of interfaces: see
    /// `CompletionShape.interface`); at most ``poolLimit`` in each.
    private static let poolLock = NSLock()
    /// Enough for the concurrent requests of a busy service; beyond it,
    /// closures given back are freed.
    private static let poolLimit = 64

    /// A closure for a new call whose completion has `shape`: a kept one of
    /// the same call interface, reset, or a new one.
    static func take(_ shape: CompletionShape) -> CompletionClosure {
        let interface = shape.interface
        poolLock.lock()
        let kept = interface.keptCompletions.popLast()
        poolLock.unlock()
        if let kept {
            kept.target.reset(for: shape)
            return kept
        }
        return CompletionClosure(shape: shape, interface: interface)
    }

    /// Keeps the closures of calls whose request has ended, for later calls.
    /// Never a closure of a call that timed out: its request's plugin may
    /// still be running the method.
    static func giveBack(_ closures: some Sequence<CompletionClosure>) {
        poolLock.lock()
        defer { poolLock.unlock() }
        for closure in closures where closure.interface.keptCompletions.count < poolLimit {
            closure.interface.keptCompletions.append(closure)
        }
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
