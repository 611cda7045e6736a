import AppManifests
import Foundation
import Testing

@Suite("Manifest paths")
struct AppManifestPathTests {
    @Test("a manifest reached through a relative path resolves its executable and definition to absolute paths")
    func relativeManifest() throws {
        let cwd = FileManager.default.currentDirectoryPath
        let folder = "exthost-manifest-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: cwd + "/" + folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: cwd + "/" + folder) }
        let json = #"{"identifier": "com.example.rel", "executable": "../bin/App", "intentDefinition": "App.intentdefinition"}"#
        try json.write(toFile: cwd + "/" + folder + "/app.json", atomically: true, encoding: .utf8)
        let manifest = try AppManifest.load(from: folder + "/app.json")
        #expect(manifest.executablePath == URL(fileURLWithPath: cwd + "/bin/App").standardized.path)
        #expect(manifest.intentDefinitionPath == cwd + "/" + folder + "/App.intentdefinition")
    }
}
