import CExthost
import Foundation

/// What a request's ``IntentHandlerSession`` needs besides its handler,
/// kept on its extension from one request to the next: the arena's block,
/// the method and completion tables' storage, and the completion closures
/// of the calls the request made.
///
/// A warm request of the same intent makes the same calls in the same
/// order, so the next request takes the kept closures one by one, in
/// order, without the pool's lock; a closure of another call interface is
/// taken from the pool as before (``CompletionClosure/take(_:)``).
struct SessionScratch {
    let arena: CValueArena
    var methods: [(selector: String, function: exthost_method?)]
    /// The completions of the request that gave the scratch back, in the
    /// order they were called.
    var completions: [(selector: String, closure: CompletionClosure)]
    /// Empty storage for the next request's finished completions.
    var spareStorage: [(selector: String, closure: CompletionClosure)]

    init() {
        arena = CValueArena()
        methods = []
        completions = []
        spareStorage = []
    }
}

/// The scratches of an extension's sessions that have ended
/// (``SessionScratch``): a few, for the concurrent requests of a service.
final class SessionScratchPool: @unchecked Sendable {
    /// Guards `kept`.
    private let lock = NSLock()
    private var kept: [SessionScratch] = []
    /// Beyond it, a scratch given back is dropped: its closures go back to
    /// the pool of every extension's (``CompletionClosure/giveBack(_:)``),
    /// its arena is freed.
    static let limit = 8

    /// A kept scratch, or a new one.
    func take() -> SessionScratch {
        lock.lock()
        let taken = kept.popLast()
        lock.unlock()
        return taken ?? SessionScratch()
    }

    /// Keeps `scratch` for a later request.
    func keep(_ scratch: SessionScratch) {
        lock.lock()
        let room = kept.count < Self.limit
        if room { kept.append(scratch) }
        lock.unlock()
        if !room { CompletionClosure.giveBack(scratch.completions.lazy.map(\.closure)) }
    }
}
