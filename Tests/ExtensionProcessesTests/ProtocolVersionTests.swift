import ExthostABI
import ExtensionProcesses
import ExthostTestSupport
import Foundation
import Logging
import Testing

/// A supervisor refuses an extension process of another exthost build: one
/// that says `ready` in an older protocol version (7, which answered `open`
/// before the first stage was sent) is killed and the load fails with a message
/// that says so and what to do.
@Suite("Extension-process protocol versions")
struct ProtocolVersionTests {
    @Test("an extension process speaking protocol version 7 is refused: 5001, both versions named, one exthost for both")
    func olderPeerRefused() throws {
        let folder = try makeTemporaryDirectory("old-peer")
        let peer = folder.appendingPathComponent("exthost-v7")
        // What an exthost of protocol version 7 sends first: a frame of 5
        // bytes, `ready` (0x81), version 7; then it waits for requests.
        try "#!/bin/sh\nprintf '\\005\\000\\000\\000\\201\\007\\000\\000\\000' >&3\nexec sleep 30\n"
            .write(to: peer, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: peer.path)
        let plugin = try FixturePlugins.build("good")
        let configuration = ExtensionProcessConfiguration(
            executable: peer.path, logger: Logger(label: "exthost.test") { _ in SwiftLogNoOpLogHandler() })
        let error = #expect(throws: IntentsError.self) {
            _ = try IsolatedExtension(path: plugin.path, configuration: configuration)
        }
        #expect(error?.code == .extensionBringUpFailed)
        let message = error?.message ?? ""
        #expect(message.contains("speaks protocol version 7, the supervisor 9"), "\(message)")
        #expect(message.contains("is another exthost build. Use one exthost for both."), "\(message)")
    }
}
