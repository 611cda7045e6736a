import AppHandoff
import IntentConversation
import Foundation

/// An activity file: a user activity and, optionally, the app that should
/// continue it. `exthost run --save-activity` writes one from a response's
/// activity; `exthost open` reads one and continues it in the app, as
/// tapping the response does on iOS.
///
///     {"activityType": "...", "title": "...", "userInfo": {...},
///      "persistentIdentifier": "...", "app": "..."}
///
/// Only `activityType` is required. `exthost run --json` prints a response's
/// activity in the same form (without `app`).
struct ActivityFile: Codable {
    /// The activity to continue.
    var activity: UserActivityPayload
    /// The app's identifier, when the file names one.
    var app: String?

    init(activity: UserActivityPayload, app: String? = nil) {
        self.activity = activity
        self.app = app
    }

    /// The file for an activity a response carried.
    ///
    /// - Parameters:
    ///   - value: The activity as the conversation returned it (`userInfo` as JSON text).
    ///   - app: The app that should continue it.
    init(_ value: UserActivityValue, app: String? = nil) {
        let info = value.userInfo.flatMap { try? JSONDecoder().decode([String: WireValue].self, from: Data($0.utf8)) } ?? [:]
        self.init(
            activity: UserActivityPayload(activityType: value.activityType, title: value.title, userInfo: info,
                                          persistentIdentifier: value.persistentIdentifier),
            app: app)
    }

    private enum CodingKeys: String, CodingKey {
        case activityType, title, userInfo, persistentIdentifier, app
    }

    init(from decoder: any Decoder) throws {
        activity = try UserActivityPayload(from: decoder)
        app = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .app)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activity.activityType, forKey: .activityType)
        try container.encodeIfPresent(activity.title, forKey: .title)
        if !activity.userInfo.isEmpty { try container.encode(activity.userInfo, forKey: .userInfo) }
        try container.encodeIfPresent(activity.persistentIdentifier, forKey: .persistentIdentifier)
        try container.encodeIfPresent(app, forKey: .app)
    }

    /// Reads an activity file.
    ///
    /// - Parameter path: The file.
    /// - Returns: The activity and its app.
    /// - Throws: ``ActivityFileError`` when the file cannot be read or is not an activity.
    static func load(from path: String) throws(ActivityFileError) -> ActivityFile {
        try parse(FileManager.default.contents(atPath: path), source: path)
    }

    /// Reads an activity file's bytes.
    ///
    /// - Parameters:
    ///   - data: The bytes, or nil when the file could not be read.
    ///   - source: The file's name, for messages.
    /// - Throws: ``ActivityFileError`` when there are none or they are not an activity.
    static func parse(_ data: Data?, source: String) throws(ActivityFileError) -> ActivityFile {
        guard let data else {
            throw ActivityFileError(message: "\(source): cannot be read")
        }
        do {
            return try JSONDecoder().decode(ActivityFile.self, from: data)
        } catch {
            throw ActivityFileError(message: "\(source): not a user activity (\(describe(error)))")
        }
    }

    /// Writes the file, as every command writes JSON.
    ///
    /// - Parameter path: Where to write.
    /// - Throws: The encoder's or the file system's error.
    func write(to path: String) throws {
        try Console.encodedJSON(self).write(to: URL(fileURLWithPath: path))
    }

    /// The file's content as a JSON object, for a command's `--json` output.
    var jsonObject: [String: Any] {
        guard let data = try? JSONEncoder().encode(self),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return ["activityType": activity.activityType] }
        return object
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, _): return "key '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            return key.isEmpty ? context.debugDescription : "key '\(key)': \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
