import Foundation

/// One study record, as the backend takes it (`POST /records`).
///
/// An amount is a total (`amount`) or a range (`rangeStart`–`rangeEnd`,
/// e.g. pages 3–8). `studiedAt` is when the study was recorded (the request
/// ran), in JSON an ISO 8601 string: a record kept offline and sent later
/// keeps it.
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
    /// When it was studied: set when the request runs, to the second.
    public var studiedAt: Date?

    public init(
        materialIdentifier: String? = nil,
        materialName: String? = nil,
        durationMinutes: Int? = nil,
        amount: Int? = nil,
        rangeStart: Int? = nil,
        rangeEnd: Int? = nil,
        memo: String? = nil,
        requestIdentifier: String? = nil,
        studiedAt: Date? = nil
    ) {
        self.materialIdentifier = materialIdentifier
        self.materialName = materialName
        self.durationMinutes = durationMinutes
        self.amount = amount
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
        self.memo = memo
        self.requestIdentifier = requestIdentifier
        self.studiedAt = studiedAt
    }

    /// `date` to the second, the precision `studiedAt` keeps in JSON.
    public static func studyTime(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    private enum CodingKeys: String, CodingKey {
        case materialIdentifier, materialName, durationMinutes, amount, rangeStart, rangeEnd, memo, requestIdentifier, studiedAt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        materialIdentifier = try c.decodeIfPresent(String.self, forKey: .materialIdentifier)
        materialName = try c.decodeIfPresent(String.self, forKey: .materialName)
        durationMinutes = try c.decodeIfPresent(Int.self, forKey: .durationMinutes)
        amount = try c.decodeIfPresent(Int.self, forKey: .amount)
        rangeStart = try c.decodeIfPresent(Int.self, forKey: .rangeStart)
        rangeEnd = try c.decodeIfPresent(Int.self, forKey: .rangeEnd)
        memo = try c.decodeIfPresent(String.self, forKey: .memo)
        requestIdentifier = try c.decodeIfPresent(String.self, forKey: .requestIdentifier)
        if let text = try c.decodeIfPresent(String.self, forKey: .studiedAt) {
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw DecodingError.dataCorruptedError(forKey: .studiedAt, in: c, debugDescription: "\(text) is not an ISO 8601 date and time")
            }
            studiedAt = date
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(materialIdentifier, forKey: .materialIdentifier)
        try c.encodeIfPresent(materialName, forKey: .materialName)
        try c.encodeIfPresent(durationMinutes, forKey: .durationMinutes)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(rangeStart, forKey: .rangeStart)
        try c.encodeIfPresent(rangeEnd, forKey: .rangeEnd)
        try c.encodeIfPresent(memo, forKey: .memo)
        try c.encodeIfPresent(requestIdentifier, forKey: .requestIdentifier)
        try c.encodeIfPresent(studiedAt?.formatted(.iso8601), forKey: .studiedAt)
    }
}
