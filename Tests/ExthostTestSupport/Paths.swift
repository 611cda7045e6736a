import Foundation

/// Where things are, for tests: the package root and the shared corpus.
public enum TestPaths {
    /// The package root (the folder holding `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// `../shared/corpus/intentdefinition`, beside the checkout.
    public static let corpus: URL = packageRoot
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/intentdefinition")
}
