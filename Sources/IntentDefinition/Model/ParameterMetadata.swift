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

    /// Creates metadata; every entry defaults to absent.
    public init(
        minimum: Double? = nil,
        maximum: Double? = nil,
        defaultValue: String? = nil,
        capitalization: String? = nil,
        other: [String: String] = [:]
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.defaultValue = defaultValue
        self.capitalization = capitalization
        self.other = other
    }
}
