import Foundation

/// What the build made, for tests that run it: the `exthost` executable, the
/// example apps and the test fixtures, and the example plugins. The one way
/// tests find a built binary.
///
/// `swift build --build-tests` (or `swift test`) puts every product in one
/// folder, the one holding the test runner, so the products are looked for
/// beside it (which also holds with `--scratch-path`).
public enum BuiltProducts {
    /// The folder the build put its products in.
    public static let directory: URL = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: runner)
        // The runner may sit inside a .xctest bundle folder.
        while url.path != "/" {
            url.deleteLastPathComponent()
            if !url.lastPathComponent.hasSuffix(".xctest") { break }
        }
        return url
    }()

    /// A built executable product, e.g. `exthost` or `StudyRecord`.
    ///
    /// - Parameter name: The product's name.
    /// - Returns: Its path (which exists once the product was built).
    public static func executable(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// A built plugin: the shared object of a dynamic library product.
    ///
    /// - Parameter product: The product's name, e.g. `StudyRecordExtension`.
    /// - Returns: The path of `lib<product>.so`.
    public static func plugin(_ product: String) -> URL {
        directory.appendingPathComponent("lib\(product).so")
    }
}
