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
        let stamp = ExthostABI.swiftToolchain
        #expect(stamp.hasPrefix("swift-"))
        if line.contains("(swift-") {
            // A release or snapshot names its tag: the stamp is that tag, whole.
            #expect(line.contains("(\(stamp))"), "stamp \(stamp), the compiler says: \(line)")
        } else {
            // A development build without a tag: its version number is in the stamp.
            let number = line.split(separator: " ").first { $0.first?.isNumber == true } ?? "?"
            #expect(stamp.contains(number), "stamp \(stamp), the compiler says: \(line)")
        }
    }
}
