import CExthostPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Posix {
    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// The size of a memory page in bytes (`sysconf(_SC_PAGESIZE)`).
    package static let pageSize = UInt64(max(sysconf(Int32(_SC_PAGESIZE)), 1))

    /// Whether a process with this id exists (it may be a zombie).
    package static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || Glibc.errno == EPERM
    }

    /// `kill(2)`; a process that is already gone is not an error.
    package static func sendSignal(_ signal: Int32, to pid: Int32) {
        _ = kill(pid, signal)
    }

    /// Limits this process's address space (`RLIMIT_AS`, soft and hard) to
    /// `bytes`: past it, `mmap` and `malloc` fail.
    package static func limitAddressSpace(to bytes: UInt64) throws(SystemCallError) {
        try syscall("setrlimit(RLIMIT_AS)") { cexthostposix_limit_address_space(bytes) }
    }

    /// Asks the kernel to kill this process with `SIGKILL` when the thread
    /// of its parent that started it ends (`PR_SET_PDEATHSIG`), so a child
    /// stuck in foreign code does not outlive a supervisor that was killed.
    package static func dieWithParent() {
        _ = cexthostposix_kill_with_parent()
    }

    /// `SIGKILL`.
    package static let killSignal = SIGKILL

    /// Ignores `SIGPIPE`, so a write to a closed socket or pipe fails with
    /// `EPIPE` instead of ending the process.
    package static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Ignores the signals that ask a process to end (`SIGTERM`, `SIGINT`,
    /// `SIGHUP`, `SIGQUIT`) from now on: for the last moments of a command
    /// that has told its caller something and must still write it down.
    /// `SIGKILL` cannot be ignored.
    package static func ignoreTerminationRequests() {
        for request in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] { _ = signal(request, SIG_IGN) }
    }

    /// Writes `text` to standard output at once, unbuffered (so a log file
    /// another process reads has it immediately). A closed standard output
    /// loses the text, nothing more.
    package static func writeStandardOutput(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            _ = try? write(1, UnsafeRawBufferPointer(buffer))
        }
    }

    /// Raises the soft limit on open descriptors (`RLIMIT_NOFILE`) to at
    /// least `minimum` when the hard limit allows it.
    ///
    /// - Returns: The soft limit now in force.
    package static func raiseDescriptorLimit(toAtLeast minimum: UInt64) -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return minimum }
        if UInt64(limit.rlim_cur) >= minimum { return UInt64(limit.rlim_cur) }
        let raised = min(rlim_t(minimum), limit.rlim_max)
        var wanted = rlimit(rlim_cur: raised, rlim_max: limit.rlim_max)
        return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &wanted) == 0 ? UInt64(raised) : UInt64(limit.rlim_cur)
    }

    /// The signals that end a process for a fault in its code: what
    /// ``armFatalSignalReports(fd:status:report:)`` reports.
    package static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]

    /// Until ``disarmFatalSignalReports()``, a fatal signal (``fatalSignals``)
    /// writes its report to `fd` and ends the process with `status`, instead
    /// of killing it: for a fault in code the process runs but does not trust.
    ///
    /// - Parameters:
    ///   - fd: Where the report goes.
    ///   - status: The exit status.
    ///   - report: The bytes to write for a signal and its name ("Segmentation fault").
    package static func armFatalSignalReports(fd: Int32, status: Int32, report: (Int32, String) -> [UInt8]) {
        for signal in fatalSignals {
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            let bytes = report(signal, name)
            _ = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    cexthostposix_arm_fatal_signal(signal, fd, $0.baseAddress, $0.count, status)
                }
            }
        }
    }

    /// For a process that runs a plugin's code (an extension process, a
    /// probe): replaces the Swift runtime's crash backtracer with a short
    /// report on `fd`, the signal and the stack's frames with their dynamic
    /// symbols; the process still ends by the signal. The runtime's
    /// backtracer symbolicates every image from its DWARF before the process
    /// dies (4.1–4.7 s for an extension process, ~1 s for a probe, on a
    /// release build), time the request or the registration that waits for
    /// it loses. Left alone when `SWIFT_BACKTRACE` is set: the person asked
    /// for the runtime's report (Swift names, source lines).
    ///
    /// - Parameters:
    ///   - fd: Where the report goes.
    ///   - label: What the process is, at the head of the report
    ///     ("exthost extension process").
    package static func installCrashBacktraceUnlessAsked(fd: Int32, label: String) {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        _ = cexthostposix_install_crash_backtrace(fd, label)
    }

    /// Gives the fatal signals back the handlers they had before arming.
    package static func disarmFatalSignalReports() {
        cexthostposix_disarm_fatal_signals()
    }

    /// Has `handler` run when the process ends through `exit` (not `_exit`,
    /// not a signal), after the handlers registered later.
    package static func atExit(_ handler: @escaping @convention(c) () -> Void) {
        _ = atexit(handler)
    }

    /// Flushes stdio and ends the process, running `atexit` handlers.
    package static func exit(_ code: Int32) -> Never {
        fflush(nil)
        Glibc.exit(code)
    }

    /// Ends the process at once, without running `atexit` handlers or Swift
    /// deinitialisers: how a stuck extension is unloaded.
    package static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }
}
