import CAppWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every system call the app-process modules make goes through here, so
/// `errno` is read in one place.
package enum Posix {
    /// A system call that failed.
    package struct Failure: Error, CustomStringConvertible {
        package let call: String
        package let errno: Int32
        package var description: String { "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))" }
    }

    @discardableResult
    package static func check(_ call: String, _ result: Int32) throws(Failure) -> Int32 {
        if result < 0 { throw Failure(call: call, errno: errno) }
        return result
    }

    package static func retryingInterrupts(_ call: String, _ body: () -> Int) throws(Failure) -> Int {
        while true {
            let result = body()
            if result >= 0 { return result }
            if errno != EINTR { throw Failure(call: call, errno: errno) }
        }
    }

    // MARK: Sockets

    package static func unixStreamSocket() throws(Failure) -> Int32 {
        try check("socket", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
    }

    /// Calls `body` with a `sockaddr_un` for `path`.
    package static func withUnixAddress<R>(
        _ path: String,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> R
    ) -> R? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// The longest socket path the platform takes.
    package static let maximumSocketPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    package static func connect(_ fd: Int32, path: String) throws(Failure) {
        let result = withUnixAddress(path) { Glibc.connect(fd, $0, $1) } ?? { errno = ENAMETOOLONG; return -1 }()
        try check("connect(\(path))", result)
    }

    package static func bind(_ fd: Int32, path: String) throws(Failure) {
        let result = withUnixAddress(path) { Glibc.bind(fd, $0, $1) } ?? { errno = ENAMETOOLONG; return -1 }()
        try check("bind(\(path))", result)
    }

    package static func listen(_ fd: Int32, backlog: Int32 = 16) throws(Failure) {
        try check("listen", Glibc.listen(fd, backlog))
    }

    package static func accept(_ fd: Int32) throws(Failure) -> Int32 {
        let connection = Int32(try retryingInterrupts("accept") { Int(Glibc.accept(fd, nil, nil)) })
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        return connection
    }

    package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let sent = try retryingInterrupts("send") {
                Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            offset += sent
        }
    }

    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        try retryingInterrupts("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Waits until `fd` is readable; false when `milliseconds` pass first.
    package static func pollReadable(_ fd: Int32, milliseconds: Int32) throws(Failure) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = try retryingInterrupts("poll") { Int(poll(&entry, 1, milliseconds)) }
        return ready > 0
    }

    package static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    package static func unlink(_ path: String) {
        _ = Glibc.unlink(path)
    }

    // MARK: Files and locks

    package static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        Int32(try retryingInterrupts("open(\(path))") { Int(Glibc.open(path, flags | O_CLOEXEC, mode)) })
    }

    /// `flock(LOCK_EX)` on `fd`, waiting for it.
    package static func lockExclusive(_ fd: Int32) throws(Failure) {
        _ = try retryingInterrupts("flock") { Int(flock(fd, LOCK_EX)) }
    }

    package static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(Failure) {
        if mkdir(path, mode) < 0 && errno != EEXIST { throw Failure(call: "mkdir(\(path))", errno: errno) }
    }

    // MARK: Processes

    package static var processID: Int32 { getpid() }

    /// Whether a process with this id exists (it may be a zombie).
    package static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    package static func sendSignal(_ signal: Int32, to pid: Int32) {
        _ = kill(pid, signal)
    }

    package static func ignoreBrokenPipes() {
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
    }

    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    package static var userID: UInt32 { getuid() }

    /// Writes `text` to standard output at once, unbuffered (so a log file
    /// the system reads has it immediately).
    package static func writeStandardOutput(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    package static func exit(_ code: Int32) -> Never {
        fflush(nil)
        Glibc.exit(code)
    }

    /// How a child process ended.
    package enum ExitStatus: Hashable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        /// Ended, but its status was collected elsewhere (SIGCHLD ignored, or
        /// another waiter reaped it).
        case unknown

        package var description: String {
            switch self {
            case .exited(let code): return "exited with status \(code)"
            case .signaled(let signal):
                let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
                return "was killed by signal \(signal) (\(name))"
            case .unknown:
                return "ended (its exit status is unknown)"
            }
        }
    }

    /// Starts `path` with `arguments` (not counting argv[0]) in its own process
    /// group, stdin from /dev/null, stdout and stderr appended to `outputPath`,
    /// no other file descriptor inherited,
    /// all signals unblocked and SIGPIPE at its default.
    package static func spawn(
        path: String,
        arguments: [String],
        environment: [String: String],
        outputPath: String
    ) throws(Failure) -> Int32 {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
        // Nothing else the system has open (sockets, pipes of its own parent)
        // reaches the app: an app outlives the call that launched it, and an
        // inherited pipe would keep the system's parent waiting for EOF.
        cappwire_spawn_file_actions_addclosefrom(&fileActions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &fileActions, &attributes, argv, envp)
        if result != 0 { throw Failure(call: "posix_spawn(\(path))", errno: result) }
        return pid
    }

    /// The child's exit status if it has ended (and reaps it), nil while it runs.
    package static func waitWithoutBlocking(_ pid: Int32) -> ExitStatus? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result < 0 && errno == ECHILD { return .unknown }
        guard result == pid else { return nil }
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }

    /// The process at the other end of a connected Unix-domain socket.
    package static func peerProcessID(_ fd: Int32) -> Int32? {
        let pid = cappwire_peer_pid(fd)
        return pid > 0 ? pid : nil
    }

    /// Whether `path` names a file this process may execute.
    package static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    package static func sleep(milliseconds: Int) {
        usleep(UInt32(milliseconds * 1000))
    }

    package static let killSignal = SIGKILL
    package static let noSuchFile = ENOENT
    package static let connectionRefused = ECONNREFUSED
}

