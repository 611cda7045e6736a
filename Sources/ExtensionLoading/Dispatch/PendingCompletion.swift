import IntentConversation
import ExthostABI
import ExthostPosix
import CExthost
import Dispatch
import Synchronization

extension CompletionShape {
    /// The completion's call interface; prepared once per signature, so a
    /// call looks nothing up.
    var interface: CallInterface {
        switch self {
        case .resolve(let value):
            switch value.argumentType {
            case .pointer: Self.resolvePointer
            case .sint64: Self.resolveInteger
            case .double: Self.resolveDouble
            case .uint8: Self.resolveBoolean
            case .sint32: Self.resolveEnumeration
            case .void: Self.resolvePointer
            }
        case .options, .optionSections: Self.options
        case .response: Self.response
        }
    }

    private static let resolvePointer = CallInterface.interface([.sint32, .pointer, .pointer, .sint32])
    private static let resolveInteger = CallInterface.interface([.sint32, .sint64, .pointer, .sint32])
    private static let resolveDouble = CallInterface.interface([.sint32, .double, .pointer, .sint32])
    private static let resolveBoolean = CallInterface.interface([.sint32, .uint8, .pointer, .sint32])
    private static let resolveEnumeration = CallInterface.interface([.sint32, .sint32, .pointer, .sint32])
    private static let options = CallInterface.interface([.pointer, .pointer])
    private static let response = CallInterface.interface([.sint32, .pointer])
}


/// One call of a plugin method that has not completed yet.
///
/// The completion may be called from any thread, at most once that counts:
/// a second call is counted and ignored. A completion called before the
/// method returns (the common case) costs one uncontended lock; only a
/// caller that has to wait makes a semaphore.
///
/// One is reused for call after call (``CompletionClosure/take(_:)``):
/// ``reset(for:)`` starts a new call.
final class PendingCompletion: @unchecked Sendable {
    private struct State {
        var shape: CompletionShape
        var payload: CompletionPayload?
        var extraCalls = 0
        var waiter: DispatchSemaphore?
    }
    private let state: Mutex<State>

    init(shape: CompletionShape) {
        state = Mutex(State(shape: shape))
    }

    /// Starts a new call, whose completion has `shape`: what the previous
    /// call received is forgotten.
    func reset(for shape: CompletionShape) {
        state.withLock { $0 = State(shape: shape) }
    }

    /// Called by the closure trampoline on the plugin's thread. The
    /// arguments are read only by the first call: a second one is counted.
    func receive(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let waiter: DispatchSemaphore? = state.withLock { state in
            guard state.payload == nil else {
                state.extraCalls += 1
                return nil
            }
            state.payload = Self.decode(arguments, shape: state.shape)
            return state.waiter
        }
        waiter?.signal()
    }

    /// How many times the completion was called after the first.
    var duplicateCalls: Int {
        state.withLock { $0.extraCalls }
    }

    /// Waits until the completion is called or the monotonic clock reaches
    /// `deadline`; nil means the deadline passed first.
    func wait(until deadline: UInt64) -> CompletionPayload? {
        let waiter: DispatchSemaphore? = state.withLock { state in
            if state.payload != nil { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            state.waiter = semaphore
            return semaphore
        }
        if let waiter {
            let now = Posix.monotonicNanoseconds()
            if now < deadline {
                _ = waiter.wait(timeout: .now() + .nanoseconds(Int(deadline - now)))
            }
        }
        return state.withLock { $0.payload }
    }

    private static func decode(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>, shape: CompletionShape) -> CompletionPayload {
        switch shape {
        case .resolve(let valueShape):
            let kind = arguments[0]!.load(as: Int32.self)
            var value: IntentValue?
            var alternatives: [IntentValue] = []
            switch ResolutionKind(rawValue: kind) {
            case .success, .confirmationRequired:
                value = CValueReader.argument(arguments[1]!, shape: valueShape)
            case .disambiguation:
                if let list = arguments[2]!.load(as: UnsafePointer<exthost_list>?.self) {
                    alternatives = CValueReader.list(list, kind: valueShape.kind)
                }
            default:
                break
            }
            let reason = arguments[3]!.load(as: Int32.self)
            return .resolution(kind: kind, value: value, alternatives: alternatives, reason: reason)
        case .options(let valueShape):
            var options: [IntentValue] = []
            if let list = arguments[0]!.load(as: UnsafePointer<exthost_list>?.self) {
                options = CValueReader.list(list, kind: valueShape.kind)
            }
            let error = arguments[1]!.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
            return .options(options, error: error)
        case .optionSections(let valueShape):
            var sections: [OptionSection] = []
            if let list = arguments[0]!.load(as: UnsafePointer<exthost_list>?.self), let items = list.pointee.items {
                for position in 0..<list.pointee.count {
                    guard let section = items[position]?.assumingMemoryBound(to: exthost_section.self) else { continue }
                    sections.append(OptionSection(
                        title: section.pointee.title.map { String(cString: $0) },
                        items: section.pointee.items.map { CValueReader.list($0, kind: valueShape.kind) } ?? []))
                }
            }
            let error = arguments[1]!.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
            return .optionSections(sections, error: error)
        case .response(let shapes):
            let code = arguments[0]!.load(as: Int32.self)
            guard let response = arguments[1]!.load(as: UnsafePointer<UnsafeRawPointer?>?.self) else {
                return .response(code: code, activity: nil, properties: shapes.map { _ in nil })
            }
            let activity = CValueReader.userActivity(response[0])
            let properties = shapes.enumerated().map { index, shape in
                CValueReader.field(response[index + 1], shape: shape)
            }
            return .response(code: code, activity: activity, properties: properties)
        }
    }
}
