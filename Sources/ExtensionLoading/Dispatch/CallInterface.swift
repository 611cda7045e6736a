import IntentConversation
import ExthostABI
import CFFI
import Foundation
import IntentDefinition

/// A C type, as libffi describes it.
enum CType: Hashable, Sendable {
    case void, pointer, sint32, sint64, uint8, double

    var ffiType: UnsafeMutablePointer<ffi_type> {
        switch self {
        case .void: cffi_type_void()
        case .pointer: cffi_type_pointer()
        case .sint32: cffi_type_sint32()
        case .sint64: cffi_type_sint64()
        case .uint8: cffi_type_uint8()
        case .double: cffi_type_double()
        }
    }
}

extension ValueShape {
    /// The C type of the value as a completion argument (see exthost.h).
    var argumentType: CType {
        if multiple { return .pointer }
        switch kind {
        case .string, .object: return .pointer
        case .integer: return .sint64
        case .decimal: return .double
        case .boolean: return .uint8
        case .enumeration: return .sint32
        }
    }
}

/// A prepared libffi call interface (`ffi_cif`) for one C signature.
///
/// A cif and its argument-type array must outlive every call and closure
/// made from it, so interfaces are made once per signature and kept for the
/// life of the process.
final class CallInterface: @unchecked Sendable {
    struct Signature: Hashable {
        var returns: CType
        var arguments: [CType]
    }

    let signature: Signature
    let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    /// Completion closures of this signature whose request has ended, for
    /// later calls (``CompletionClosure/take(_:)``): kept on the interface
    /// itself, so a call finds them without a search. Guarded by
    /// `CompletionClosure`'s pool lock.
    nonisolated(unsafe) var keptCompletions: [CompletionClosure] = []

    private static let lock = NSLock()
    /// The interfaces made so far: a short list (the host's two functions
    /// and a few completion signatures), scanned. A dictionary keyed by
    /// ``Signature`` made the Swift runtime look up `Signature`'s
    /// `Hashable` conformance at its first insert, scanning every
    /// conformance record of the binary: ~0.5 M instructions in every
    /// plugin's load (`HostAPI.make`, the `init` phase).
    nonisolated(unsafe) private static var cache: [CallInterface] = []

    /// The interface for a signature, prepared on first use.
    static func interface(returning returns: CType = .void, _ arguments: [CType]) -> CallInterface {
        let signature = Signature(returns: returns, arguments: arguments)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache.first(where: { $0.signature == signature }) { return cached }
        let made = CallInterface(signature)
        cache.append(made)
        return made
    }

    private init(_ signature: Signature) {
        self.signature = signature
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: max(signature.arguments.count, 1))
        for (index, type) in signature.arguments.enumerated() {
            argumentTypes[index] = type.ffiType
        }
        let status = ffi_prep_cif(
            cif,
            cffi_default_abi(),
            UInt32(signature.arguments.count),
            signature.returns.ffiType,
            argumentTypes
        )
        // Only a malformed type table fails here, and the tables are ours.
        precondition(status == FFI_OK, "ffi_prep_cif failed (\(status)) for \(signature)")
    }
}
