import ExthostABI

/// What the donation store refuses or fails with, numbered as iOS numbers
/// `INIntentErrorCode` where iOS has a number.
///
/// The message says what failed and what to do.
public struct DonationStoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The error's number: `INIntentErrorCode` where iOS has one, exthost's
    /// own 1910–1912 otherwise.
    public typealias Code = IntentsErrorCode

    /// The number.
    public var code: Code
    /// What failed, and what to do.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) (IntentsErrorDomain \(code.rawValue))" }
}
