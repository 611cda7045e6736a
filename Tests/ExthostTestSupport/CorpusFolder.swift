import Foundation

/// The shared corpus of real intent definitions from public iOS apps,
/// `../shared/corpus/intentdefinition` beside the checkout, read in place:
/// the project keeps no copy of them.
public enum CorpusFolder {
    /// The folder (``TestPaths/corpus``).
    public static var url: URL { TestPaths.corpus }

    /// Whether the folder exists here.
    public static let isPresent = FileManager.default.fileExists(atPath: TestPaths.corpus.path)

    /// Every `*.intentdefinition` file in it, by name, sorted; empty when the
    /// folder is absent.
    public static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path)) ?? [])
        .filter { $0.hasSuffix(".intentdefinition") }
        .sorted()

    /// The URL of a file in the folder.
    ///
    /// - Parameter file: The file's name, e.g. `soupchef.intentdefinition`.
    /// - Returns: Its URL (whether or not it exists).
    public static func url(of file: String) -> URL {
        TestPaths.corpus.appendingPathComponent(file)
    }

    /// Why a test that needs the folder was skipped.
    public static var absence: String {
        "needs the shared corpus of real definitions, \(TestPaths.corpus.path), which is absent here: check it out beside the package as ../shared"
    }

    /// Why a test that needs particular files of the folder was skipped.
    ///
    /// - Parameter names: The files the test reads.
    /// - Returns: The reason, naming the missing files.
    public static func absence(of names: [String]) -> String {
        guard isPresent else { return absence }
        let missing = names.filter { !files.contains($0) }
        return "needs \(missing.joined(separator: ", ")) in \(TestPaths.corpus.path), which does not hold it"
    }
}
