import CExthost
import Foundation

/// What a plugin handed a completion, copied out while it was borrowed.
enum CompletionPayload: Sendable {
    case resolution(kind: Int32, value: IntentValue?, alternatives: [IntentValue], reason: Int32)
    case options([IntentValue], error: String?)
    case response(code: Int32, activity: UserActivityValue?, properties: [IntentValue?])
}

/// The signature of one completion: what its arguments are.
enum CompletionShape: Hashable, Sendable {
    /// `(exthost_resolution, T, const exthost_list *, int32_t)`.
    case resolve(ValueShape)
    /// `(const exthost_list *, const char *)`.
    case options(ValueShape)
    /// `(int32_t code, const <Name>IntentResponse *)`, with the response's
    /// parameters.
    case response([ValueShape])

    var interface: CallInterface {
        switch self {
        case .resolve(let value): CallInterface.interface([.sint32, value.argumentType, .pointer, .sint32])
        case .options: CallInterface.interface([.pointer, .pointer])
        case .response: CallInterface.interface([.sint32, .pointer])
        }
    }
}

/// One call of a plugin method that has not completed yet.
///
/// The completion may be called from any thread, at most once that counts:
/// a second call is counted and ignored.
final class PendingCompletion: @unchecked Sendable {
    let shape: CompletionShape
    private let condition = NSCondition()
    private var payload: CompletionPayload?
    private var extraCalls = 0

    init(shape: CompletionShape) {
        self.shape = shape
    }

    /// Called by the closure trampoline on the plugin's thread.
    func receive(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let received = decode(arguments)
        condition.lock()
        defer { condition.unlock() }
        if payload == nil {
            payload = received
            condition.signal()
        } else {
            extraCalls += 1
        }
    }

    /// How many times the completion was called after the first.
    var duplicateCalls: Int {
        condition.lock()
        defer { condition.unlock() }
        return extraCalls
    }

    /// Waits until the completion is called or the monotonic clock reaches
    /// `deadline`; nil means the deadline passed first.
    func wait(until deadline: UInt64) -> CompletionPayload? {
        condition.lock()
        defer { condition.unlock() }
        while payload == nil {
            let now = Posix.monotonicNanoseconds()
            guard now < deadline else { return nil }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
        return payload
    }

    private func decode(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> CompletionPayload {
        switch shape {
        case .resolve(let valueShape):
            let kind = arguments[0]!.load(as: Int32.self)
            var value: IntentValue?
            var alternatives: [IntentValue] = []
            switch kind {
            case Int32(EXTHOST_RESOLUTION_SUCCESS), Int32(EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED):
                value = CValueReader.argument(arguments[1]!, shape: valueShape)
            case Int32(EXTHOST_RESOLUTION_DISAMBIGUATION):
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
