import Foundation

/// Where the system keeps its donation store.
///
/// `$EXTHOST_DATA_DIR/donations.sqlite` when that variable is set (tests use
/// a temporary folder per test), else `$XDG_DATA_HOME/exthost/donations.sqlite`,
/// else `~/.local/share/exthost/donations.sqlite`, as the XDG base-directory
/// specification places user data.
public enum StoreLocation {
    /// The store's file name inside the data directory.
    public static let fileName = "donations.sqlite"

    /// The data directory, from the environment.
    ///
    /// - Parameter environment: The environment to read (the process's by default).
    /// - Returns: The folder the store lives in.
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["EXTHOST_DATA_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("exthost", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/exthost", isDirectory: true)
    }

    /// The store file, from the environment.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        dataDirectory(environment: environment).appendingPathComponent(fileName).path
    }
}
