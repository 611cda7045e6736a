import ExthostPosix
import IntentDefinition
#if canImport(Glibc)
import Glibc
#endif

/// What a spare does before it says `waiting`, so that the plugin it is
/// given, and that plugin's first request, do not pay for it: work the
/// process would do anyway on its first request and that does not depend on
/// the plugin.
///
/// - The definition tables' reader runs once, on one intent of the system
///   intents' tables compiled into exthost: the reader's code, its type
///   metadata and the protocol conformances it looks up are then in place
///   when the plugin's own tables are read at `open`. Nothing is kept
///   (``SystemIntents/intent(named:)``'s cache is not used).
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
        readSystemIntent()
        return populateReadOnlyMappings()
    }

    /// Reads one system intent's part of the compiled-in tables.
    static func readSystemIntent() {
        _ = try? SystemIntents.tables.definition(forIntent: "INSendMessageIntent").addingSystemIntents([])
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
