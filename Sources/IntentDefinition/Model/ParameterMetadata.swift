/// `INIntentParameterMetadata`.
public struct ParameterMetadata: Codable, Equatable, Sendable {
    /// Smallest accepted value (Integer, Decimal, Duration).
    public var minimum: Double?
    /// Largest accepted value (Integer, Decimal, Duration).
    public var maximum: Double?
    /// The default value, as text.
    public var defaultValue: String?
    /// `INIntentParameterMetadataCapitalization`, e.g. `"Sentences"`.
    public var capitalization: String?
    /// Any other metadata key, kept as text so a round trip loses nothing.
    public var other: [String: String]
    /// Entries kept as Xcode wrote them because their shape is not text
    /// (Custom UTIs as dictionaries, a cleared number saved as empty data),
    /// keyed like `other`. exthost does not use them; it writes them back.
    public var uninterpreted: [String: PropertyListValue]

    /// Creates metadata; every entry defaults to absent.
    public init(
        minimum: Double? = nil,
        maximum: Double? = nil,
        defaultValue: String? = nil,
        capitalization: String? = nil,
        other: [String: String] = [:],
        uninterpreted: [String: PropertyListValue] = [:]
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.defaultValue = defaultValue
        self.capitalization = capitalization
        self.other = other
        self.uninterpreted = uninterpreted
    }

    private enum CodingKeys: String, CodingKey {
        case minimum, maximum, defaultValue, capitalization, other, uninterpreted
    }

    /// Encodes the JSON form; `uninterpreted` only when there is something in it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(minimum, forKey: .minimum)
        try container.encodeIfPresent(maximum, forKey: .maximum)
        try container.encodeIfPresent(defaultValue, forKey: .defaultValue)
        try container.encodeIfPresent(capitalization, forKey: .capitalization)
        try container.encode(other, forKey: .other)
        if !uninterpreted.isEmpty { try container.encode(uninterpreted, forKey: .uninterpreted) }
    }
}
