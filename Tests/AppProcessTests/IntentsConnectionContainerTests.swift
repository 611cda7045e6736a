import AppWire
@testable import AppProcessIntents
import ExthostTestSupport
import Foundation
import Testing

/// An app connected to the system (`IntentsConnection.connect(app:)`) is
/// given its app group's container as its extensions are, so
/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` finds
/// the same folder in the app.
struct IntentsConnectionContainerTests {
    @Test func theContainerOfTheGroupTheAppWasLaunchedWith() throws {
        let base = try makeTemporaryDirectory("containers")
        let path = try #require(IntentsConnection.launchContainer(environment: [
            LaunchEnvironment.appGroup: "group.com.example.media",
            LaunchEnvironment.sharedContainers: base.path,
        ]))
        #expect(path == base.appendingPathComponent("group.com.example.media").path)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func anAppWithoutAGroupHasNoContainer() {
        #expect(IntentsConnection.launchContainer(environment: [:]) == nil)
        #expect(IntentsConnection.launchContainer(environment: [LaunchEnvironment.appGroup: "../escape"]) == nil)
    }
}
