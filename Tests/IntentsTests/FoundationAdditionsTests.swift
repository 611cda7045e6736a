import CExthost
import Foundation
@testable import Intents
import Testing

/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` and
/// the security-scoped URL calls, which Linux's Foundation lacks, against a
/// host table made here (the real host gives the container in
/// `MediaLibraryTests`).
extension CThunkTests {
@Suite(.serialized)
struct FoundationAdditionsTests {
    @Test func theAppGroupsContainerIsTheOneTheSystemGives() {
        let path = strdup("/tmp/exthost-containers/group.com.example.media")!
        let table = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)
        table.initialize(to: exthost_host_api(size: UInt32(MemoryLayout<exthost_host_api>.size), abi_version: EXTHOST_ABI_VERSION,
                                              log: { _, _ in }, shared_container: UnsafePointer(path), donations: nil))
        ExtensionHost.connect(table, app: "com.example.media")
        defer { ExtensionHost.connect(nil) }
        let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.media")
        #expect(container?.path == "/tmp/exthost-containers/group.com.example.media")
        // Another group is one the app is not entitled to.
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.other") == nil)
    }

    @Test func withoutASystemThereIsNoContainer() {
        ExtensionHost.connect(nil)
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.media") == nil)
    }

    @Test func securityScopedAccessIsAlwaysGranted() {
        let url = URL(fileURLWithPath: "/tmp/picked.pdf")
        #expect(url.startAccessingSecurityScopedResource())
        url.stopAccessingSecurityScopedResource()
    }
}
}
