/// The few process-level facts the command line needs from the host.
public enum HostProcess {
    /// The monotonic clock, in nanoseconds: what all timings use.
    public static func monotonicNanoseconds() -> UInt64 { Posix.monotonicNanoseconds() }

    /// The path of the running executable, when the system tells it.
    public static var executablePath: String? { Posix.executablePath() }

    /// Ends the process now, without running deinitialisers: the way a
    /// stuck extension is unloaded.
    public static func exitImmediately(_ status: Int32) -> Never { Posix.exitImmediately(status) }
}
