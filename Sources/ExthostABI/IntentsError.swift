/// A failure of the system side, numbered as on iOS, with what to do about
/// it: the one error type the host, the donation store and the service
/// report (the SDK's `INIntentError` is Apple's shape of the same numbers).
public struct IntentsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The error's number.
    public typealias Code = IntentsErrorCode

    public var code: IntentsErrorCode
    /// What failed, naming the intent, extension or file, and what to do.
    public var message: String

    public init(_ code: IntentsErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "error \(code.rawValue) (\(code.name)): \(message)" }
}
