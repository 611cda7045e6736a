/// One finding of the linter: what Xcode would refuse (an error) or warn about.
public struct Diagnostic: Codable, Equatable, Hashable, Sendable {
    /// How serious a finding is.
    public enum Severity: String, Codable, Sendable, Comparable {
        /// Xcode refuses the definition, or exthost cannot generate or run it.
        case error
        /// Legal, but probably not what the author meant.
        case warning

        /// Errors sort before warnings.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    /// Error or warning.
    public var severity: Severity
    /// The file the definition came from.
    public var file: String
    /// The intent concerned, when there is one.
    public var intent: String?
    /// The parameter concerned, when there is one.
    public var parameter: String?
    /// What is wrong and what to do.
    public var message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Error or warning.
    ///   - file: The file the definition came from.
    ///   - intent: The intent concerned, if any.
    ///   - parameter: The parameter concerned, if any.
    ///   - message: What is wrong and what to do.
    public init(_ severity: Severity, file: String, intent: String? = nil, parameter: String? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.intent = intent
        self.parameter = parameter
        self.message = message
    }

    /// `file: error: Intent › parameter: message`.
    public var description: String {
        var location = [intent, parameter].compactMap { $0 }.joined(separator: " › ")
        if !location.isEmpty { location += ": " }
        return "\(file): \(severity.rawValue): \(location)\(message)"
    }
}

extension Diagnostic: CustomStringConvertible {}
