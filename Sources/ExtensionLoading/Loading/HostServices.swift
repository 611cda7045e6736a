import ExthostABI
#if canImport(Glibc)
import Glibc
#endif

/// What the system offers the extensions it loads beyond the loading
/// itself: the entry behind `exthost_host_api.donations`. The loader puts it
/// in every host API table it makes.
///
/// Loading knows nothing of the donation store; the system that owns the
/// store (`IntentSystem`) hands its entry in.
public struct HostServices: @unchecked Sendable {
    /// `exthost_host_api.donations`: operation, request JSON, message
    /// buffer and its capacity; returns 0 or an `IntentsErrorCode`.
    public typealias DonationsEntry = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// The donation store's entry.
    public var donations: DonationsEntry

    /// Services with the given donation store entry.
    public init(donations: DonationsEntry) {
        self.donations = donations
    }

    /// No donation store: every request is refused (1901) with a message
    /// that says so. For tools that load a plugin only to inspect it.
    public static let withoutDonationStore = HostServices { _, _, message, capacity in
        if let message, capacity > 0 {
            let text = Array("this process has no donation store (it loads extensions only to inspect them)".utf8CString.prefix(capacity - 1)) + [0]
            text.withUnsafeBufferPointer { _ = memcpy(message, $0.baseAddress!, $0.count) }
        }
        return IntentsErrorCode.donatingInteraction.rawValue
    }
}
