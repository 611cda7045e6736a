import ExthostABI
import Foundation
import Testing

@Suite struct SwiftToolchainTests {
    /// The stamp is the compiler's own statement of its version, not a
    /// guess from a list: it matches what `swiftc --version` prints for the
    /// compiler on PATH (the one that built these tests).
    @Test func theStampIsWhatTheCompilerSays() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = try #require(text.split(separator: "\n").first { $0.contains("Swift version ") })
        let version = line[line.range(of: "Swift version ")!.upperBound...]
        let expected: String
        if let open = version.range(of: "(swift-"), let close = version[open.upperBound...].firstIndex(of: ")") {
            expected = String(version[version.index(after: open.lowerBound)..<close])
        } else {
            expected = "swift-" + version.split(separator: " ").joined(separator: "-")
        }
        #expect(ExthostABI.swiftToolchain == expected, "the compiler says: \(line)")
    }
}
