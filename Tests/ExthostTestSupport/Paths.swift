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

extension TestPaths {
    /// The folder the build put its products in (beside the test runner).
    public static let productsDirectory: URL = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: runner)
        // The runner may sit inside a .xctest bundle folder.
        while url.path != "/" {
            url.deleteLastPathComponent()
            if !url.lastPathComponent.hasSuffix(".xctest") { break }
        }
        return url
    }()

    /// A built executable product, e.g. `exthost`.
    public static func executable(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }
}
