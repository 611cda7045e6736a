import ExthostABI
import CExthost
import Foundation

/// Turns Swift results into calls of the host's C completions. For
/// generated code: every generated thunk ends in one of these.
public enum _CompletionBridge {
    /// Calls a resolve completion for a single-value parameter.
    ///
    /// - Parameters:
    ///   - result: The handler's result.
    ///   - codec: The parameter's value codec.
    ///   - call: Calls the C completion with (kind, value, alternatives, reason).
    @inlinable
    public static func resolve<Value, CValue>(
        _ result: INIntentResolutionResult,
        codec: _ValueCodec<Value, CValue>,
        _ call: (Int32, CValue, UnsafePointer<exthost_list>?, Int32) -> Void
    ) {
        _CArena.withArena { arena in
            let typed = result as? TypedResolutionResult<Value>
            var value = codec.zero
            var alternatives: UnsafePointer<exthost_list>?
            switch result.outcome {
            case .success, .confirmationRequired:
                if let resolved = typed?.resolvedValue { value = codec.encode(resolved, arena) }
            case .disambiguation:
                alternatives = arena.list((typed?.alternatives ?? []).map { codec.element($0, arena) })
            case .needsValue, .notRequired, .unsupported:
                break
            }
            call(result.outcome.rawValue, value, alternatives, reasonField(result, position: 0))
        }
    }

    /// Calls a resolve completion for a parameter with multiple values.
    ///
    /// The per-value results become one (see ``INIntentResolutionResult``):
    /// all successes → SUCCESS with the list of values; an empty array →
    /// NOT_REQUIRED; else the first result that is not a success decides.
    ///
    /// - Parameters:
    ///   - results: The handler's results, one per value.
    ///   - codec: The parameter's element codec.
    ///   - call: Calls the C completion with (kind, list, alternatives, reason).
    @inlinable
    public static func resolveMultiple<Value, CValue>(
        _ results: [INIntentResolutionResult],
        codec: _ValueCodec<Value, CValue>,
        _ call: (Int32, UnsafePointer<exthost_list>?, UnsafePointer<exthost_list>?, Int32) -> Void
    ) {
        _CArena.withArena { arena in
            guard !results.isEmpty else {
                call(ResolutionKind.notRequired.rawValue, nil, nil, 0)
                return
            }
            guard let position = results.firstIndex(where: { $0.outcome != .success }) else {
                let values = results.compactMap { ($0 as? TypedResolutionResult<Value>)?.resolvedValue }
                call(ResolutionKind.success.rawValue, arena.list(values.map { codec.element($0, arena) }), nil, 0)
                return
            }
            let first = results[position]
            let typed = first as? TypedResolutionResult<Value>
            var value: UnsafePointer<exthost_list>?
            var alternatives: UnsafePointer<exthost_list>?
            switch first.outcome {
            case .confirmationRequired:
                value = arena.list([typed?.resolvedValue].compactMap { $0 }.map { codec.element($0, arena) })
            case .disambiguation:
                alternatives = arena.list((typed?.alternatives ?? []).map { codec.element($0, arena) })
            default:
                break
            }
            // A question about one value: its 1-based position, so the answer replaces it alone (exthost.h, "Methods").
            call(first.outcome.rawValue, value, alternatives, reasonField(first, position: Int32(position + 1)))
        }
    }

    /// The completion's `unsupported_reason` for a result: the reason of an
    /// unsupported value; for a disambiguation, the position of the value
    /// asked about (0 = not said); for a confirmation, that position and the
    /// confirmation reason (``ConfirmationDetail``).
    @usableFromInline
    static func reasonField(_ result: INIntentResolutionResult, position: Int32) -> Int32 {
        switch result.outcome {
        case .disambiguation: position
        case .confirmationRequired: ConfirmationDetail(position: position, reason: Int32(truncatingIfNeeded: result.confirmationReason)).field
        default: Int32(truncatingIfNeeded: result.unsupportedReason)
        }
    }

    /// Calls a `provide<Param>OptionsCollection` completion (what a host
    /// that predates sections asks for): the options, sections flattened,
    /// or the error's description.
    ///
    /// - Parameters:
    ///   - collection: The options, or `nil`.
    ///   - error: The handler's error, or `nil`.
    ///   - codec: The parameter's element codec.
    ///   - call: Calls the C completion with (options, error).
    @inlinable
    public static func options<Value, CValue>(
        _ collection: INObjectCollection<Value>?,
        error: (any Error)?,
        codec: _ValueCodec<Value, CValue>,
        _ call: (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void
    ) {
        answerOptions(error: error, call) { arena in
            arena.list((collection?.allItems ?? []).map { codec.element($0, arena) })
        }
    }

    /// Calls a `provide<Param>OptionsSections` completion: the options in
    /// their sections (a list of `exthost_section`), titles kept, or the
    /// error's description.
    ///
    /// - Parameters:
    ///   - collection: The options, or `nil`.
    ///   - error: The handler's error, or `nil`.
    ///   - codec: The parameter's element codec.
    ///   - call: Calls the C completion with (sections, error).
    @inlinable
    public static func optionSections<Value, CValue>(
        _ collection: INObjectCollection<Value>?,
        error: (any Error)?,
        codec: _ValueCodec<Value, CValue>,
        _ call: (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void
    ) {
        answerOptions(error: error, call) { arena in
            arena.list((collection?.sections ?? []).map { section -> UnsafeRawPointer? in
                let items = arena.list(section.items.map { codec.element($0, arena) })
                return UnsafeRawPointer(arena.store(exthost_section(title: arena.cString(section.title), items: items)))
            })
        }
    }

    /// Calls an options completion with the error's description, or else
    /// with the list `list` builds.
    @usableFromInline
    static func answerOptions(
        error: (any Error)?,
        _ call: (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void,
        list: (_CArena) -> UnsafePointer<exthost_list>
    ) {
        _CArena.withArena { arena in
            if let error {
                call(nil, arena.cString(String(describing: error)))
            } else {
                call(list(arena), nil)
            }
        }
    }

    /// Calls a `confirm` or `handle` completion: the code, and the response
    /// struct (user activity, then the response parameters in order).
    ///
    /// - Parameters:
    ///   - response: The handler's response.
    ///   - fields: Builds the response parameters' fields, in order.
    ///   - call: Calls the C completion with (code, response struct).
    public static func response(
        _ response: INIntentResponse,
        fields: (_CArena) -> [UnsafeRawPointer?],
        _ call: (Int32, UnsafeRawPointer?) -> Void
    ) {
        _CArena.withArena { arena in
            let activity = arena.userActivity(response.userActivity).map(UnsafeRawPointer.init)
            let structure = arena.pointers([activity] + fields(arena))
            call(response._exthostCode, UnsafeRawPointer(structure))
        }
    }
}

/// Reads the host's intent struct. For generated code.
public enum _IntentDecoding {
    /// The fields of a generated intent struct (`identifier`, then one per
    /// parameter), as pointers.
    ///
    /// - Parameters:
    ///   - intent: The struct the host passed.
    ///   - count: The number of parameters.
    /// - Returns: One pointer per parameter, in order (NULL = no value).
    @inlinable
    public static func fields(_ intent: UnsafeRawPointer?, count: Int) -> _IntentFields {
        _IntentFields(base: intent?.assumingMemoryBound(to: UnsafeRawPointer?.self), count: count)
    }

    /// Sets the intent's identifier from the struct's first field.
    ///
    /// - Parameters:
    ///   - intent: The Swift intent.
    ///   - structure: The struct the host passed.
    public static func setIdentifier(of intent: INIntent, from structure: UnsafeRawPointer?) {
        guard let first = structure?.load(as: UnsafePointer<CChar>?.self) else { return }
        intent.identifier = String(cString: first)
    }
}

/// The parameter fields of a generated intent struct, read in place. For
/// generated code.
@frozen
public struct _IntentFields {
    @usableFromInline let base: UnsafePointer<UnsafeRawPointer?>?
    @usableFromInline let count: Int

    @inlinable
    init(base: UnsafePointer<UnsafeRawPointer?>?, count: Int) {
        self.base = base
        self.count = count
    }

    /// Parameter `index`'s field (0-based), NULL when it has no value.
    @inlinable
    public subscript(index: Int) -> UnsafeRawPointer? {
        guard let base, index >= 0, index < count else { return nil }
        return base[index + 1]
    }
}
