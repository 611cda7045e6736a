import ExthostABI
import IntentConversation
import ExthostPosix
import CExthost
import Foundation
import IntentDefinition

/// One handler object of an extension, for one request: the host's side of
/// `handler(for:)`, method lookup by name, and typed calls through libffi.
///
/// The host holds no code for any intent: each call's C signature comes from
/// the intent's definition.
package final class IntentHandlerSession: HandlerConnection {
    let loaded: LoadedExtension
    private let handler: UnsafeMutableRawPointer
    /// The arena, tables and closures an earlier request left on the
    /// extension, or new ones (``SessionScratch``); given back when the
    /// session ends.
    private var scratch: SessionScratch
    private var arena: CValueArena { scratch.arena }
    /// The `<Name>Intent` struct: identifier, then one field per parameter.
    private let intentStruct: UnsafeMutablePointer<UnsafeRawPointer?>
    /// The methods looked up so far, by selector: a few entries, scanned
    /// (the plan's selector strings compare by identity first), which costs
    /// less than hashing each selector into a dictionary.
    private var methods: [(selector: String, function: exthost_method?)]
    /// Completions of calls that finished: kept until the request ends, so a
    /// second call of one is counted, not a crash.
    private var finished: [(selector: String, closure: CompletionClosure)]
    /// The completions of the request that used the scratch before, in the
    /// order it called them: this request's calls take them in order while
    /// their call interfaces match (``completion(for:)``).
    private var earlier: [(selector: String, closure: CompletionClosure)]
    private var nextEarlier = 0
    /// Whether a call timed out: its method may still read the intent, so
    /// the arena is not handed to a later request.
    private var timedOut = false

    /// Completions of calls that timed out: the plugin may still call them,
    /// so they stay valid for the life of the process.
    nonisolated(unsafe) private static var abandoned: [CompletionClosure] = []
    private static let abandonedLock = NSLock()

    /// Asks the extension for a handler (`handler(for:)`) for an intent
    /// with the request's values: a plugin of ABI 3 receives them in
    /// `handler_for_intent_values`, as iOS's `handler(for:)` receives the
    /// intent with its parameters set; an earlier plugin, the name alone.
    ///
    /// - Parameters:
    ///   - values: The parameters' values in definition order (nil = no
    ///     value); missing trailing ones have none.
    /// - Throws: `IntentsError` 2003 when the extension gives none.
    package init(extension loaded: LoadedExtension, intent: Intent, identifier: String, values: [IntentValue?] = []) throws(IntentsError) {
        self.loaded = loaded
        var scratch = loaded.sessionScratches.take()
        let arena = scratch.arena
        let fields = intent.parameters.count
        intentStruct = arena.allocate(UnsafeRawPointer?.self, count: fields + 1)
        intentStruct.initialize(repeating: nil, count: fields + 1)
        intentStruct[0] = UnsafeRawPointer(arena.string(identifier))
        for index in 0..<min(values.count, fields) {
            if let value = values[index] { intentStruct[index + 1] = arena.field(value) }
        }
        let descriptor = loaded.descriptor
        let start = Posix.monotonicNanoseconds()
        let made = if loaded.manifest.abiVersion >= 3, let withValues = descriptor.pointee.handler_for_intent_values {
            withValues(loaded.context, intent.name, UnsafeRawPointer(intentStruct))
        } else {
            descriptor.pointee.handler_for_intent(loaded.context, intent.name)
        }
        loaded.recordFirstHandlerFor(Posix.monotonicNanoseconds() - start)
        guard let made else {
            arena.reset()
            loaded.sessionScratches.keep(scratch)
            throw IntentsError(
                .noHandlerProvidedForIntent,
                "extension \(loaded.manifest.identifier) returned no handler from handler(for:) for \(intent.name). Return an object conforming to \(intent.name)IntentHandling."
            )
        }
        handler = made
        methods = scratch.methods
        earlier = scratch.completions
        finished = scratch.spareStorage
        scratch.methods = []
        scratch.completions = []
        scratch.spareStorage = []
        self.scratch = scratch
        // A method per parameter (resolve, options), confirm and handle:
        // room for them all, so the table never grows during the request.
        methods.reserveCapacity(2 * intent.parameters.count + 2)
        finished.reserveCapacity(intent.parameters.count + 2)
    }

    deinit {
        loaded.descriptor.pointee.release(handler)
        // The request has ended (its duplicates were counted): its
        // completions serve later calls, the earlier request's that this
        // one did not take go back to the pool.
        if nextEarlier < earlier.count {
            CompletionClosure.giveBack(earlier[nextEarlier...].lazy.map(\.closure))
        }
        if timedOut {
            CompletionClosure.giveBack(finished.lazy.map(\.closure))
            return
        }
        // Emptied here, where the session holds their only reference: an
        // array emptied through a second reference to its storage gets a
        // new buffer instead, which is what the scratch is kept to avoid.
        methods.removeAll(keepingCapacity: true)
        earlier.removeAll(keepingCapacity: true)
        var kept = scratch
        kept.arena.reset()
        kept.methods = methods
        kept.completions = finished
        kept.spareStorage = earlier
        loaded.sessionScratches.keep(kept)
    }

    /// Sets the value of the parameter at `index` (nil = no value).
    package func setValue(_ value: IntentValue?, parameterAt index: Int) {
        intentStruct[index + 1] = value.map(arena.field)
    }

    /// The handler's method for a selector, or nil when it has none.
    func method(_ selector: String) -> exthost_method? {
        for index in 0..<methods.count where methods[index].selector == selector { return methods[index].function }
        let found = selector.withCString { loaded.descriptor.pointee.method(handler, $0) }
        methods.append((selector, found))
        return found
    }

    /// Calls a method and waits for its completion until `deadline`.
    ///
    /// - Parameters:
    ///   - selector: The method's name, e.g. `resolveDuration`.
    ///   - searchTerm: For `provide…OptionsCollection`: the search term
    ///     argument (passed even when nil).
    ///   - shape: The completion's signature.
    ///   - deadline: Monotonic nanoseconds by which the completion must come.
    package func call(
        _ selector: String,
        searchTerm: String??,
        completion shape: CompletionShape,
        deadline: UInt64
    ) -> CallOutcome {
        guard let function = method(selector) else { return .notImplemented }
        let closure = completion(for: shape)
        let pending = closure.target
        let code = UnsafeRawPointer(closure.code)
        // The method's C signature is fixed by its selector (exthost.h,
        // "Methods"): all pointers, no result. Called as that C function,
        // directly: libffi is needed only for the completion, which must
        // carry its call's state.
        if let searchTerm {
            let term = searchTerm.map { UnsafeRawPointer(arena.string($0)) }
            unsafeBitCast(function, to: OptionsMethod.self)(UnsafeRawPointer(handler), UnsafeRawPointer(intentStruct), term, code)
        } else {
            unsafeBitCast(function, to: StageMethod.self)(UnsafeRawPointer(handler), UnsafeRawPointer(intentStruct), code)
        }
        guard let payload = pending.wait(until: deadline) else {
            timedOut = true
            Self.abandonedLock.lock()
            Self.abandoned.append(closure)
            Self.abandonedLock.unlock()
            return .timedOut
        }
        finished.append((selector, closure))
        return .completed(payload)
    }

    /// A closure for a call whose completion has `shape`: the earlier
    /// request's next one when its call interface is the same (a warm
    /// request makes the same calls in the same order), else one from the
    /// pool.
    private func completion(for shape: CompletionShape) -> CompletionClosure {
        let interface = shape.interface
        if nextEarlier < earlier.count, earlier[nextEarlier].closure.interface === interface {
            let kept = earlier[nextEarlier].closure
            nextEarlier += 1
            kept.target.reset(for: shape)
            return kept
        }
        return CompletionClosure.take(shape)
    }

    /// `void (handler, intent, completion)`: resolve, confirm, handle.
    private typealias StageMethod = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) -> Void
    /// `void (handler, intent, search term, completion)`: options collections.
    private typealias OptionsMethod = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) -> Void

    /// Completions that were called more than once, with the extra count.
    package func duplicateCompletions() -> [(selector: String, extraCalls: Int)] {
        var duplicates: [(selector: String, extraCalls: Int)] = []
        for index in 0..<finished.count {
            let extra = finished[index].closure.target.duplicateCalls
            if extra > 0 { duplicates.append((finished[index].selector, extra)) }
        }
        return duplicates
    }
}
