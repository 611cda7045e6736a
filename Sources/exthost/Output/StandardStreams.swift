import ExtensionProcesses
import ExthostPosix
import Foundation
import Logging
import Synchronization

/// The standard streams exthost was started with, made safe before any
/// command runs: what ``Console`` writes through.
///
/// A stream that was closed (`>&-`, `2>&-`, `<&-`) is opened on `/dev/null`,
/// so no file the command opens later takes its number (a store opened as
/// descriptor 1 would receive the output), and the command can tell what was
/// closed. `SIGPIPE` is ignored: a write to a reader that went away fails
/// with `EPIPE`, which the console reports. Results go to a descriptor of
/// their own, a duplicate of standard output made here, so descriptor 1 can
/// be handed to plugin code (``givePluginsStandardOutput(logLabel:)``)
/// without plugins writing into the results.
struct StandardStreams: Sendable {
    /// Descriptors 0, 1, 2 that were closed when the process started.
    let closedAtStart: Set<Int32>
    /// Where results are written: standard output as the process got it.
    let output: Int32

    /// The streams of this process, set up on first use (``Console/start()``).
    static let process = StandardStreams()

    private init() {
        var closed = Set<Int32>()
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where !Posix.isOpen(descriptor) {
            closed.insert(descriptor)
            try? Posix.openNullDevice(on: descriptor)
        }
        closedAtStart = closed
        Posix.ignoreBrokenPipes()
        output = (try? Posix.duplicate(STDOUT_FILENO)) ?? STDOUT_FILENO
    }

    /// Gives descriptor 1 (and with it C's `stdout` and Swift's `print`) to
    /// plugin code loaded in this process: a pipe whose lines are logged as
    /// the extension's (logger `exthost.extension`, `stream=stdout`),
    /// as an extension process's output is. Results still go to ``output``.
    /// When the pipe cannot be made, descriptor 1 is left as it is.
    ///
    /// - Parameter label: Who the lines are attributed to.
    func givePluginsStandardOutput(label: String) {
        guard let pipe = try? Posix.pipe() else { return }
        defer { Posix.close(pipe.write) }
        guard (try? Posix.duplicate(pipe.write, onto: STDOUT_FILENO)) != nil else {
            Posix.close(pipe.read)
            return
        }
        let log = ExtensionOutputLog(streams: [(name: "stdout", descriptor: pipe.read)], label: label,
                                     logger: Logger(label: "exthost.extension"))
        // The newest log is the one to finish; the hook is registered once.
        let first = Self.pluginOutput.withLock { current in
            defer { current = log }
            return current == nil
        }
        if first { atexit { StandardStreams.finishPluginOutput() } }
    }

    /// The log of plugin code's standard output, once given.
    private static let pluginOutput = Mutex<ExtensionOutputLog?>(nil)

    /// Run at `exit`, whichever way the command ends: what plugin code
    /// printed is logged before the process is gone, not lost with the
    /// reading thread. C's buffers are flushed into the pipe, descriptor 1
    /// (the pipe's last write end, unless the plugin started a process that
    /// kept it) is put on `/dev/null`, and the log is given half a second
    /// to read to the end.
    private static func finishPluginOutput() {
        guard let log = pluginOutput.withLock({ $0 }) else { return }
        fflush(nil)
        try? Posix.openNullDevice(on: STDOUT_FILENO)
        log.finish(within: 0.5)
    }
}
