/// How long each phase of loading an extension took, in nanoseconds of the
/// monotonic clock.
///
/// Phases follow the loading pipeline: `dlopen` (including dependent
/// libraries and their constructors), the ABI check (calling the entry
/// function and checking its descriptor's header and manifest), reading the
/// embedded intent definition, `init`, and the first `handler(for:)` (where
/// a Swift plugin's lazy globals first run).
public struct LoadTimings: Codable, Equatable, Sendable {
    public var dlopen: UInt64 = 0
    public var abiCheck: UInt64 = 0
    public var definition: UInt64 = 0
    public var initialize: UInt64 = 0
    /// Zero until the first `handler(for:)` has run.
    public var firstHandlerFor: UInt64 = 0

    public init() {}

    /// The sum of the phases measured so far.
    public var total: UInt64 { dlopen + abiCheck + definition + initialize + firstHandlerFor }

    /// The phases with their names, in pipeline order.
    public var phases: [(name: String, nanoseconds: UInt64)] {
        [("dlopen", dlopen), ("abiCheck", abiCheck), ("definition", definition), ("init", initialize), ("firstHandlerFor", firstHandlerFor)]
    }
}

/// Nanoseconds as milliseconds, for people and JSON.
@inline(__always)
func milliseconds(_ nanoseconds: UInt64) -> Double {
    Double(nanoseconds) / 1_000_000
}
