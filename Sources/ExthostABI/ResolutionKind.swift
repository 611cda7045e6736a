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
