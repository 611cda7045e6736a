import AppManifests
import Foundation
import Testing

/// Which files in an app folder are manifests, and what the catalog makes of them.
@Suite("App catalog")
struct AppCatalogTests {
    /// A fresh folder with these files (path relative to the folder, content).
    private func folder(_ files: [(String, String)]) throws -> String {
        let directory = NSTemporaryDirectory() + "ehcatalog-\(UUID().uuidString.prefix(8))"
        for (path, text) in files {
            let file = directory + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    private func manifest(_ identifier: String, types: [String] = []) -> String {
        let list = types.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"identifier": "\#(identifier)", "executable": "x", "NSUserActivityTypes": [\#(list)]}"#
    }

    @Test("the catalog keeps good manifests and reports bad ones and duplicate identifiers")
    func catalogProblems() throws {
        let directory = try folder([
            ("a.json", #"{"identifier": "com.example.a", "executable": "a"}"#),
            ("b.json", #"{"identifier": "com.example.a", "executable": "b"}"#),
            ("c.json", "not json"),
            ("D/app.json", #"{"identifier": "com.example.d", "executable": "D"}"#),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let catalog = AppCatalog(directories: [directory])
        #expect(catalog.apps.keys.sorted() == ["com.example.a", "com.example.d"])
        #expect(catalog.app(identifier: "com.example.d")?.executablePath == directory + "/D/D")
        #expect(catalog.problems.count == 2)
        #expect(catalog.problems.contains { $0.file.hasSuffix("b.json") && $0.key == "identifier" })
        #expect(catalog.problems.contains { $0.file.hasSuffix("c.json") && $0.problem.contains("not valid JSON") })
    }

    @Test("a manifest is a *.json file in the folder or app.json in a subfolder, nothing else")
    func discoveryRule() throws {
        let directory = try folder([
            ("flat.json", manifest("com.example.flat")),
            ("notes.txt", manifest("com.example.text")),
            ("Bundled/app.json", manifest("com.example.bundled")),
            ("Bundled/Requests.json", manifest("com.example.request")),
            ("Bundled/Deeper/app.json", manifest("com.example.deeper")),
            ("Empty/data.json", manifest("com.example.data")),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }

        #expect(AppCatalog.manifestFiles(in: [directory]) == [directory + "/Bundled/app.json", directory + "/flat.json"])
        let catalog = AppCatalog(directories: [directory])
        #expect(catalog.apps.keys.sorted() == ["com.example.bundled", "com.example.flat"])
        #expect(catalog.problems.isEmpty)
    }

    @Test("folders are read in the order given; a missing one holds no apps; the first claim of an identifier wins")
    func folderOrder() throws {
        let first = try folder([("z.json", manifest("com.example.a", types: ["first"]))])
        let second = try folder([("a.json", manifest("com.example.a", types: ["second"]))])
        defer { for directory in [first, second] { try? FileManager.default.removeItem(atPath: directory) } }

        let catalog = AppCatalog(directories: [first + "/missing", first, second])
        #expect(catalog.declaredActivityTypes(app: "com.example.a") == ["first"])
        #expect(catalog.problems.map(\.file) == [second + "/a.json"])
    }

    @Test("folders given are searched instead of the default ones")
    func givenFolders() {
        #expect(AppCatalog.directories(given: ["/a", "/b"]) == ["/a", "/b"])
        #expect(AppCatalog.directories(given: []) == AppCatalog.defaultDirectories)
    }

    @Test("an app's declared activity types, and nil for an app no manifest has")
    func declaredActivityTypes() throws {
        let directory = try folder([("Shop/app.json", manifest("com.example.shop", types: ["com.example.shop.cart"]))])
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let catalog = AppCatalog(directories: [directory])
        #expect(catalog.declaredActivityTypes(app: "com.example.shop") == ["com.example.shop.cart"])
        #expect(catalog.declaredActivityTypes(app: "com.example.other") == nil)
    }
}
