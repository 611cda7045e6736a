import AppManifests
import Foundation
import Testing

@Suite("App manifests")
struct AppManifestTests {
    private func write(_ text: String, named name: String = "app.json") throws -> (directory: String, file: String) {
        let directory = NSTemporaryDirectory() + "ehmanifest-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return (directory, file)
    }

    @Test("a manifest loads, with its executable found beside it")
    func loads() throws {
        let (directory, file) = try write("""
            {"identifier": "com.example.studyrecord", "executable": "StudyRecord",
             "NSUserActivityTypes": ["com.example.studyrecord.showGoal"],
             "INIntentsSupported": ["ShowDirectionsIntent"], "appGroup": "group.com.example.studyrecord"}
            """)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let manifest = try AppManifest.load(from: file)
        #expect(manifest.identifier == "com.example.studyrecord")
        #expect(manifest.executablePath == directory + "/StudyRecord")
        #expect(manifest.declares(activityType: "com.example.studyrecord.showGoal"))
        #expect(manifest.intentsSupported == ["ShowDirectionsIntent"])
        #expect(manifest.appGroup == "group.com.example.studyrecord")
    }

    @Test("a missing key is named with the file")
    func missingKey() throws {
        let (directory, file) = try write(#"{"identifier": "com.example.a"}"#)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        #expect(throws: AppManifestError(file: file, key: "executable", problem: "is missing")) {
            try AppManifest.load(from: file)
        }
    }

    @Test("a value of the wrong type is named by its key")
    func wrongType() throws {
        let (directory, file) = try write(#"{"identifier": "com.example.a", "executable": "a", "NSUserActivityTypes": "one"}"#)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        #expect {
            try AppManifest.load(from: file)
        } throws: { error in
            let error = error as? AppManifestError
            return error?.key == "NSUserActivityTypes" && error?.problem == "must be an array of strings"
                && error?.description.hasPrefix(file) == true
        }
    }

    @Test("a type listed twice is refused")
    func duplicateType() throws {
        let (directory, file) = try write(
            #"{"identifier": "com.example.a", "executable": "a", "NSUserActivityTypes": ["t", "t"]}"#)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        #expect(throws: AppManifestError(file: file, key: "NSUserActivityTypes", problem: "lists \"t\" twice")) {
            try AppManifest.load(from: file)
        }
    }

    @Test("the extensions it names are the ones it admits; naming none, those its identifier prefixes")
    func admitsExtensions() throws {
        let (directory, file) = try write(#"{"identifier": "com.example.a", "executable": "a", "extensions": ["com.example.a.intents", "org.other.x"]}"#)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let named = try AppManifest.load(from: file)
        #expect(named.admits(extension: "org.other.x"))
        #expect(named.admits(extension: "com.example.a.intents"))
        #expect(!named.admits(extension: "com.example.a.other"))

        let unnamed = AppManifest(identifier: "com.example.a", executable: "a")
        #expect(unnamed.admits(extension: "com.example.a.intents"))
        #expect(!unnamed.admits(extension: "com.example.a"))
        #expect(!unnamed.admits(extension: "com.example.a."))
        #expect(!unnamed.admits(extension: "com.example.ab.intents"))
        #expect(!AppManifest(identifier: "com.example.a", executable: "a", extensions: []).admits(extension: "com.example.a.intents"))
    }

    @Test("an extension named twice or empty is refused")
    func extensionsChecked() throws {
        let (directory, file) = try write(#"{"identifier": "com.example.a", "executable": "a", "extensions": ["x", "x"]}"#)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: AppManifestError(file: file, key: "extensions", problem: "lists \"x\" twice")) {
            try AppManifest.load(from: file)
        }
    }
}
