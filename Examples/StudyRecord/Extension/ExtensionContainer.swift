import Foundation
import Intents
import StudyRecordKit

/// The app group's container, as the host gives it to the extension (or
/// the group's default location when the host gives none).
enum ExtensionContainer {
    static func open() -> StudyContainer? {
        do {
            return try StudyContainer.open(path: ExtensionHost.sharedContainerPath)
        } catch {
            ExtensionHost.log("cannot open the shared container: \(error)", level: .error)
            return nil
        }
    }

    /// Queues an event for the app to send when it next launches.
    static func log(_ name: String, _ properties: [String: String] = [:]) {
        do {
            try open()?.log(StudyEvent(name: name, source: "extension", properties: properties))
        } catch {
            ExtensionHost.log("cannot queue the event \(name): \(error)", level: .error)
        }
    }
}
