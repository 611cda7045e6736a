import ExthostPosix
import ExtensionLoading
import IntentDefinition
#if canImport(Glibc)
import Glibc
#endif

/// What a spare does before it says `waiting`, so that the plugin it is
/// given, and that plugin's first request, do not pay for it: work the
/// process would do anyway on its first request and that does not depend on
/// the plugin.
///
/// - The loader's steps that do not need the plugin run once on what
///   exthost has: its file checks on exthost's own executable, and the
///   definition tables opened and one intent read, as the loader opens a
///   plugin's, on the system intents' tables compiled into exthost; and
///   the output marks are made once. Their code and the type metadata
///   they instantiate are then in place. This matters most for a Swift
///   plugin: loading one registers its protocol conformances, and the
///   Swift runtime then empties its whole conformance cache, so every
///   conformance looked up after the `dlopen` scans every conformance
///   record of the process (~9,700 in a debug build; ~360,000
///   instructions each). What was instantiated before the `dlopen` (a
///   type's metadata, kept at its use) is not looked up again. Nothing
///   is kept (``SystemIntents/intent(named:)``'s cache is not used).
/// - The page tables of the read-only mappings of exthost and the libraries
///   it has loaded (code, read-only data and the Swift runtime's
///   conformance and type records) are filled in (`MADV_POPULATE_READ`),
///   so that code the first request runs for the first time in this
///   process does not take a page fault per page. The pages are the page
///   cache's, shared with every exthost process; the spare's resident size
///   grows by them (and its page tables by ~2 KiB per MiB), the memory
///   limit's verdict is unaffected (it counts growth after `ready`).
///   Mappings larger than ``largestPopulated`` (ICU's data) are left alone.
///
/// Nothing here starts a thread, opens a descriptor that stays open, or
/// changes signal state.
enum SpareWarmUp {
    /// A read-only mapping larger than this is not populated: data a
    /// request rarely reads (ICU's tables are ~30 MiB).
    static let largestPopulated = 16 << 20

    /// Runs both; returns how many bytes of mappings were populated.
    @discardableResult
    static func run() -> Int {
        runLoaderSteps()
        return populateReadOnlyMappings()
    }

    /// The loader's file checks on exthost's own executable, and one system
    /// intent read from the compiled-in tables through the loader's
    /// ``EmbeddedDefinition`` (opened, checked against a manifest, the
    /// intent's part read), as a plugin's are at `load` and `open`; the
    /// marks `open` and `close` write.
    static func runLoaderSteps() {
        if let executable = Posix.executablePath(), let identity = try? Posix.fileIdentity(executable) {
            try? ExtensionLoader.checkFileKind(executable, identity: identity)
        }
        let intent = "INSendMessageIntent"
        let manifest = ExtensionManifest(identifier: "", app: "", toolchain: "", abiVersion: 0, intentsSupported: [intent], intentsRestrictedWhileLocked: [])
        _ = try? EmbeddedDefinition(receivedTables: [UInt8](SystemIntents.tablesBytes), manifest: manifest, path: "").definition(forIntent: intent)
        _ = OutputMark.opening("")
    }

    /// `madvise(MADV_POPULATE_READ)` over each read-only file mapping of
    /// this process no larger than ``largestPopulated``; a kernel without
    /// it (before Linux 5.14) refuses with `EINVAL` and nothing happens.
    ///
    /// - Returns: The bytes populated.
    static func populateReadOnlyMappings() -> Int {
        guard let bytes = try? Posix.readFile("/proc/self/maps") else { return 0 }
        var populated = 0
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            // "start-end perms offset dev inode path"
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].hasPrefix("/"), fields[1].hasPrefix("r"), fields[1].dropFirst().first == "-" else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start else { continue }
            let length = Int(end - start)
            guard length <= largestPopulated, let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
            if madvise(address, length, populateRead) == 0 { populated += length }
        }
        return populated
    }

    /// `MADV_POPULATE_READ` (Linux 5.14), not in every C library's headers.
    private static let populateRead: Int32 = 22
}
