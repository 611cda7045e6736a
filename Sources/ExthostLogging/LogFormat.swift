/// The form of the lines exthost's processes log, read from the
/// environment's `EXTHOST_LOG_FORMAT`:
///
/// - `text` (the default): `[serve info] conversation ended intent=Ping session=…`;
/// - `json`: one JSON object a line, for a collector:
///   `{"label":"exthost.serve","level":"info","message":"conversation ended","metadata":{"intent":"Ping","session":"…"},"time":"2026-11-24T21:50:00.123Z"}`.
public enum LogFormat: String, CaseIterable, Equatable, Sendable {
    case text
    case json

    /// The variable naming the form.
    public static let variable = "EXTHOST_LOG_FORMAT"

    /// The form the environment asks for, and why its value was not used
    /// when it names no form (then `text`).
    ///
    /// - Parameter environment: The process's environment.
    public static func setting(environment: [String: String]) -> (format: LogFormat, problem: String?) {
        guard let text = environment[variable], !text.isEmpty else { return (.text, nil) }
        if let format = LogFormat(rawValue: text.lowercased()) { return (format, nil) }
        return (.text, "\(variable)=\(text) names no form (\(allCases.map(\.rawValue).joined(separator: ", "))); logging as text")
    }
}
