/// How a parameter was resolved: `exthost_resolution`.
public enum ResolutionKind: Int32, CaseIterable, Sendable {
    /// The value is settled. `EXTHOST_RESOLUTION_SUCCESS`.
    case success = 1
    /// The user picks one of several values. `EXTHOST_RESOLUTION_DISAMBIGUATION`.
    case disambiguation = 2
    /// The user confirms a value. `EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED`.
    case confirmationRequired = 3
    /// The user must give a value. `EXTHOST_RESOLUTION_NEEDS_VALUE`.
    case needsValue = 4
    /// The parameter needs no value; move on. `EXTHOST_RESOLUTION_NOT_REQUIRED`.
    case notRequired = 5
    /// The value is not supported, with an optional reason. `EXTHOST_RESOLUTION_UNSUPPORTED`.
    case unsupported = 6
}

/// What a resolve completion's `unsupported_reason` says for
/// CONFIRMATION_REQUIRED (exthost.h, "Methods"): the position of the value
/// asked about in its low 16 bits (0 = not said), the confirmation reason in
/// the bits above (0 = none).
public struct ConfirmationDetail: Equatable, Sendable {
    /// The value's 1-based position among a multi-valued parameter's values.
    public var position: Int32
    /// The 1-based index of the parameter's confirmation reason.
    public var reason: Int32

    /// A position and a reason.
    public init(position: Int32, reason: Int32) {
        self.position = position
        self.reason = reason
    }

    /// Reads the completion's field.
    public init(field: Int32) {
        self.init(position: field & 0xFFFF, reason: (field >> 16) & 0x7FFF)
    }

    /// The completion's field.
    public var field: Int32 { (position & 0xFFFF) | ((reason & 0x7FFF) << 16) }
}
