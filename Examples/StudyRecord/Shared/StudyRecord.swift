/// One study record, as the backend takes it (`POST /records`).
public struct StudyRecord: Codable, Equatable, Sendable {
    /// The material's identifier, e.g. `book-2`.
    public var materialIdentifier: String?
    /// The material's title.
    public var materialName: String?
    public var durationMinutes: Int?
    public var amount: Int?
    public var rangeStart: Int?
    public var rangeEnd: Int?
    public var memo: String?
    /// The request that made the record: the backend takes one record per
    /// request once, so a record sent twice (offline, then again) counts once.
    public var requestIdentifier: String?

    public init(
        materialIdentifier: String? = nil,
        materialName: String? = nil,
        durationMinutes: Int? = nil,
        amount: Int? = nil,
        rangeStart: Int? = nil,
        rangeEnd: Int? = nil,
        memo: String? = nil,
        requestIdentifier: String? = nil
    ) {
        self.materialIdentifier = materialIdentifier
        self.materialName = materialName
        self.durationMinutes = durationMinutes
        self.amount = amount
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
        self.memo = memo
        self.requestIdentifier = requestIdentifier
    }
}
