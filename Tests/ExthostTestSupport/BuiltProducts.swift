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
    /// `scripts/sanitize` puts a wrapper of `exthost` (which starts it with
    /// the AddressSanitizer runtime) in the folder `EXTHOST_TEST_EXECUTABLES`
    /// names; an executable found there is used instead of the build's.
    ///
    /// - Parameter name: The product's name.
    /// - Returns: Its path (which exists once the product was built).
    public static func executable(_ name: String) -> URL {
        replacement(name, in: "EXTHOST_TEST_EXECUTABLES") ?? directory.appendingPathComponent(name)
    }

    /// A built plugin: the shared object of a dynamic library product.
    ///
    /// `scripts/sanitize` builds some plugins again with AddressSanitizer
    /// into the folder `EXTHOST_TEST_PLUGINS` names; a plugin found there is
    /// used instead of the package's build.
    ///
    /// - Parameter product: The product's name, e.g. `StudyRecordExtension`.
    /// - Returns: The path of `lib<product>.so`.
    public static func plugin(_ product: String) -> URL {
        replacement("lib\(product).so", in: "EXTHOST_TEST_PLUGINS") ?? directory.appendingPathComponent("lib\(product).so")
    }

    /// The file `name` in the folder the environment variable names, if it is there.
    private static func replacement(_ name: String, in variable: String) -> URL? {
        guard let folder = ProcessInfo.processInfo.environment[variable], !folder.isEmpty else { return nil }
        let file = URL(fileURLWithPath: folder).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
}
