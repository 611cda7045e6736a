import Foundation

/// A manifest that could not be loaded: which file, which key, what is wrong.
public struct AppManifestError: Error, Hashable, CustomStringConvertible {
    public let file: String
    /// The key at fault (a coding path such as `NSUserActivityTypes[2]`), if one is.
    public let key: String?
    public let problem: String

    public init(file: String, key: String?, problem: String) {
        self.file = file
        self.key = key
        self.problem = problem
    }

    init(decoding error: DecodingError, file: String) {
        func path(_ codingPath: [any CodingKey]) -> String? {
            guard !codingPath.isEmpty else { return nil }
            return codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
                .joined().replacingOccurrences(of: ".[", with: "[").trimmingCharacters(in: ["."])
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(file: file, key: path(context.codingPath + [key]), problem: "is missing")
        case .typeMismatch(let type, let context):
            self.init(file: file, key: path(context.codingPath), problem: "must be \(Self.jsonName(type))")
        case .valueNotFound(let type, let context):
            self.init(file: file, key: path(context.codingPath), problem: "must be \(Self.jsonName(type)), not null")
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            self.init(file: file, key: path(context.codingPath), problem: "is not valid JSON: \(context.debugDescription)\(underlying)")
        @unknown default:
            self.init(file: file, key: nil, problem: "\(error)")
        }
    }

    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        // Every array in a manifest holds strings; Foundation reports the
        // expected type as Array<Any>.
        case _ where "\(type)".hasPrefix("Array"): return "an array of strings"
        default: return "\(type)"
        }
    }

    public var description: String {
        if let key { return "\(file): key '\(key)' \(problem)" }
        return "\(file): \(problem)"
    }
}
