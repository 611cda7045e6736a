import ExthostABI
#if canImport(Glibc)
import Glibc
#endif

/// What the system offers the extensions it loads beyond the loading
/// itself: the handler behind `exthost_host_api.donations`. The loader gives
/// every host API table it makes a donations function of its own
/// (``DonationsClosure``), which calls the handler with the extension that
/// called (``DonatingExtension``).
///
/// Loading knows nothing of the donation store; the system that owns the
/// store (`IntentSystem`) hands its handler in.
public struct HostServices: Sendable {
    /// `exthost_host_api.donations` as C sees it: operation, request JSON,
    /// message buffer and its capacity; returns 0 or an `IntentsErrorCode`.
    public typealias DonationsEntry = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// What answers a donations call: the calling extension, then the C
    /// call's arguments. [any-thread]
    public typealias DonationsHandler = @Sendable (DonatingExtension, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// The donation store's handler.
    public var donations: DonationsHandler

    /// Services with the given donation store handler.
    public init(donations: @escaping DonationsHandler) {
        self.donations = donations
    }

    /// No donation store: every request is refused (1901) with a message
    /// that says so. For tools that load a plugin only to inspect it.
    public static let withoutDonationStore = HostServices { _, _, _, message, capacity in
        if let message, capacity > 0 {
            let text = Array("this process has no donation store (it loads extensions only to inspect them)".utf8CString.prefix(capacity - 1)) + [0]
            text.withUnsafeBufferPointer { _ = memcpy(message, $0.baseAddress!, $0.count) }
        }
        return IntentsErrorCode.donatingInteraction.rawValue
    }
}
