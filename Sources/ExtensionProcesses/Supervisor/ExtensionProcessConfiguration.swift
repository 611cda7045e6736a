import ExthostPosix
import Logging

/// How a supervisor runs extension processes.
public struct ExtensionProcessConfiguration: Sendable {
    /// The default memory limit: 1 GiB of address space (`RLIMIT_AS`).
    ///
    /// The limit counts address space, not resident memory: an extension
    /// process with the Swift runtime, Foundation and a plugin loaded maps
    /// about 175 MiB (measured with Soup Chef, Study record and Lights:
    /// 173–175 MiB mapped, 28 MiB resident, 222 MiB at its peak), and each
    /// thread that allocates may reserve a 64 MiB malloc arena. 1 GiB leaves
    /// a plugin roughly 800 MiB: far more than any intent needs, small enough
    /// that a plugin allocating without bound is stopped long before the
    /// machine swaps. (iOS gives an Intents extension a few tens of MiB of
    /// resident memory; a resident limit needs a cgroup, which the service
    /// may create.)
    public static let defaultMemoryLimit: UInt64 = 1 << 30

    /// The `exthost` executable, run as `exthost extension-process`.
    public var executable: String
    /// The memory limit of each process, in bytes; nil for none. Resident
    /// memory when ``memoryCgroups`` is set, else address space (`RLIMIT_AS`).
    public var memoryLimit: UInt64?
    /// Where each process gets a memory cgroup of its own, limited to
    /// ``memoryLimit``; nil for `RLIMIT_AS`, set by the process on itself.
    package var memoryCgroups: MemoryCgroups?
    /// Seconds a process may take to launch (load the plugin, run `init`)
    /// and a handler to come up when no request deadline covers it (a new
    /// process after a crash).
    public var launchBudget: Double
    /// Where what the plugin writes to standard output and standard error
    /// goes, one line per entry with the metadata `extension` and `stream`.
    public var logger: Logger
    /// The thread processes are started from, when the caller's threads are
    /// short-lived (a process dies with the thread that started it); nil
    /// starts them from the calling thread.
    public var launcher: LauncherThread?
    /// The processes' whole environment; nil for the supervisor's own.
    package var environment: [String: String]?
    /// Whether spares warm up before they wait (``SpareWarmUp``); off only
    /// to measure what the warm-up saves.
    package var warmsUpSpares = true

    /// A configuration.
    ///
    /// - Parameters:
    ///   - executable: The `exthost` executable.
    ///   - memoryLimit: Bytes of address space per process; nil for none.
    ///   - launchBudget: Seconds a launch may take when no request deadline covers it.
    ///   - logger: Where the plugin's output goes.
    ///   - launcher: The long-lived thread processes are started from; nil for the calling thread.
    public init(
        executable: String,
        memoryLimit: UInt64? = defaultMemoryLimit,
        launchBudget: Double = 10,
        logger: Logger = Logger(label: "exthost.extension"),
        launcher: LauncherThread? = nil
    ) {
        self.executable = executable
        self.memoryLimit = memoryLimit
        self.launchBudget = launchBudget
        self.logger = logger
        self.launcher = launcher
    }
}
