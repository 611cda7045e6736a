import AppHandoff
import ExthostTestSupport
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

    @Test("the catalog keeps good manifests and reports bad ones and duplicate identifiers")
    func catalogProblems() throws {
        let (directory, _) = try write(#"{"identifier": "com.example.a", "executable": "a"}"#, named: "a.json")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"identifier": "com.example.a", "executable": "b"}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/b.json"))
        try Data("not json".utf8).write(to: URL(fileURLWithPath: directory + "/c.json"))
        try FileManager.default.createDirectory(atPath: directory + "/D", withIntermediateDirectories: true)
        try Data(#"{"identifier": "com.example.d", "executable": "D"}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/D/app.json"))

        let catalog = AppCatalog(directories: [directory])
        #expect(catalog.apps.keys.sorted() == ["com.example.a", "com.example.d"])
        #expect(catalog.app(identifier: "com.example.d")?.executablePath == directory + "/D/D")
        #expect(catalog.problems.count == 2)
        #expect(catalog.problems.contains { $0.file.hasSuffix("b.json") && $0.key == "identifier" })
        #expect(catalog.problems.contains { $0.file.hasSuffix("c.json") && $0.problem.contains("not valid JSON") })
    }
}

@Suite("Fixtures")
struct FixtureLocationTests {
    @Test("the fixture executables are built with the tests")
    func fixturesExist() {
        for name in ["LifecycleProbeApp", "ConcurrentQueueWriter", "exthost"] {
            #expect(FileManager.default.isExecutableFile(atPath: BuiltProducts.executable(name).path), "\(name) was not built")
        }
    }
}
