@_exported import enum ExthostABI.IntentsErrorCode

/// A failure of the system side, numbered as on iOS, with what to do about it.
public struct IntentsError: Error, CustomStringConvertible, Sendable {
    public var code: IntentsErrorCode
    /// What failed, naming the intent, extension or file.
    public var message: String

    public init(_ code: IntentsErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "error \(code.rawValue) (\(code.name)): \(message)" }
}
