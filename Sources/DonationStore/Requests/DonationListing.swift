/// A page of the donation store, newest first, as `exthost donations list
/// --json` prints it and `GET /v1/donations` answers: the donations, how
/// many there are in all, and whether some were left out.
public struct DonationListing {
    /// What `GET /v1/donations` lists without a `limit`.
    public static let defaultLimit = 1000
    /// The most one listing holds (`limit` and `--limit`): enough for a
    /// screen or a script, few enough to answer in well under a second.
    public static let maximumLimit = 10_000

    public var donations: [Donation]
    /// How many donations there are (of the app, when one is named).
    public var total: Int

    /// - Parameter page: What ``DonationStore/donations(app:limit:)`` read.
    public init(_ page: (donations: [Donation], total: Int)) {
        donations = page.donations
        total = page.total
    }

    /// True when the listing holds fewer than ``total``.
    public var truncated: Bool { donations.count < total }

    public var jsonObject: [String: Any] {
        ["donations": donations.map(\.jsonObject), "total": total, "truncated": truncated]
    }
}
