import ArgumentParser

/// The one check of every numeric option, made when the command line is
/// parsed: a value out of its range (infinite, not a number, negative,
/// absurdly large) is a usage error (``ExitStatus/usage``) before anything runs.
enum NumericOption {
    /// The longest any time option may be: one day. A stage, a hand-off or
    /// a session that needs longer is a mistake, and a larger value would
    /// overflow the clocks it is added to.
    static let maximumSeconds: Double = 86_400

    /// The largest address-space limit `--memory-limit` takes, in MiB (1 TiB).
    static let maximumMemoryMiB: UInt64 = 1 << 20

    /// Checks a number of seconds: more than 0, at most ``maximumSeconds``.
    ///
    /// - Parameters:
    ///   - value: The option's value, or nil when not given.
    ///   - option: The option as typed, `--deadline`.
    /// - Throws: `ValidationError` naming the option, its range and the value.
    static func validateSeconds(_ value: Double?, _ option: String) throws {
        guard let value else { return }
        guard value.isFinite, value > 0, value <= maximumSeconds else {
            throw ValidationError("\(option) takes seconds, more than 0 and at most \(Int(maximumSeconds)) (a day); got \(value)")
        }
    }

    /// Checks a number against a closed range.
    ///
    /// - Parameters:
    ///   - value: The option's value, or nil when not given.
    ///   - option: The option as typed.
    ///   - range: The values it takes.
    ///   - unit: What the number counts, for the message.
    /// - Throws: `ValidationError` naming the option, its range and the value.
    static func validate<Number: Comparable & CustomStringConvertible>(
        _ value: Number?, _ option: String, in range: ClosedRange<Number>, unit: String
    ) throws {
        guard let value else { return }
        guard range.contains(value) else {
            throw ValidationError("\(option) takes \(unit) from \(range.lowerBound) to \(range.upperBound); got \(value)")
        }
    }
}
