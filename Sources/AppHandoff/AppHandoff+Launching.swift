import AppManifests
import ExthostPosix
import Foundation
import Synchronization

/// Reaching an app's running instance, launching it when none runs, and
/// the processes the system launched.
extension AppHandoff {
    // MARK: Reaching the instance

    func reach(
        _ app: AppManifest,
        launchState: ApplicationState,
        options: LaunchOptions,
        deadline: CallDeadline
    ) throws(AppHandoffError) -> AppConnection {
        reapChildren()
        let directory = configuration.runtimeDirectory
        let lock: Int32
        do {
            try directory.create()
            lock = try Posix.open(directory.lockPath(for: app.identifier), flags: O_RDWR | O_CREAT)
            try Posix.lock(lock)
        } catch {
            throw .runtimeDirectoryUnusable(path: directory.path, reason: "\(error)")
        }
        defer { Posix.close(lock) }
        if let running = try connectToRunning(app, deadline: deadline) { return running }
        return try launch(app, state: launchState, options: options, deadline: deadline)
    }

    /// Connects to the instance listening on the app's socket; nil when none
    /// does (a socket file with nobody behind it is removed).
    func connectToRunning(_ app: AppManifest, deadline: CallDeadline) throws(AppHandoffError) -> AppConnection? {
        let path = configuration.runtimeDirectory.socketPath(for: app.identifier)
        guard path.utf8.count <= Posix.maximumSocketPathLength else {
            throw .runtimeDirectoryUnusable(
                path: configuration.runtimeDirectory.path,
                reason: "the socket path \(path) is longer than \(Posix.maximumSocketPathLength) bytes")
        }
        let socket: UnixSocket
        do {
            socket = try UnixSocket.connect(to: path)
        } catch {
            if error.errno == Posix.connectionRefused { Posix.unlink(path) }
            return nil
        }
        let pid = Posix.peerProcessID(socket.fileDescriptor)
        return try AppConnection.open(app: app, socket: socket, launchedHere: pid.map(isChild) ?? false, deadline: deadline, handoff: self)
    }

    func launch(
        _ app: AppManifest,
        state: ApplicationState,
        options: LaunchOptions,
        deadline: CallDeadline
    ) throws(AppHandoffError) -> AppConnection {
        let directory = configuration.runtimeDirectory
        let executable = app.executablePath
        guard Posix.isExecutable(executable) else {
            throw .appFailedToStart(
                app: app,
                reason: "there is no executable file at \(executable) (key 'executable' in \(app.manifestPath ?? "the manifest"))",
                output: "")
        }
        let socketPath = directory.socketPath(for: app.identifier)
        let logPath = directory.logPath(for: app.identifier)
        let logStart = (try? FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int) ?? 0
        var environment = ProcessInfo.processInfo.environment
        environment[LaunchEnvironment.appIdentifier] = app.identifier
        environment[LaunchEnvironment.socketPath] = socketPath
        environment[LaunchEnvironment.runtimeDirectory] = directory.path
        environment[LaunchEnvironment.launchState] = (state == .notRunning ? .background : state).rawValue
        environment[LaunchEnvironment.launchOptions] = (try? JSONEncoder().encode(options)).flatMap { String(data: $0, encoding: .utf8) }
        if let shared = configuration.sharedContainersPath { environment[LaunchEnvironment.sharedContainers] = shared }
        environment[LaunchEnvironment.appGroup] = app.appGroup
        Posix.unlink(socketPath)

        let pid: Int32
        do {
            pid = try ChildProcess.spawn(
                executable, arguments: app.arguments, environment: environment,
                standardOutput: .appending(toFile: logPath), standardError: .standardOutput,
                newProcessGroup: true
            ).pid
        } catch {
            throw .appFailedToStart(app: app, reason: "\(error)", output: "")
        }
        children.withLock { $0[pid] = app.identifier }

        var pause = 1
        while true {
            if let exit = ChildProcess(pid: pid).reapIfEnded()?.termination {
                _ = children.withLock { $0.removeValue(forKey: pid) }
                throw .appFailedToStart(
                    app: app, reason: "the process \(exit) before it listened on its socket",
                    output: recentOutput(of: app, from: logStart))
            }
            if let socket = try? UnixSocket.connect(to: socketPath) {
                if let connection = try AppConnection.open(app: app, socket: socket, launchedHere: true, deadline: deadline, handoff: self) {
                    return connection
                }
            }
            if deadline.hasPassed {
                Posix.sendSignal(Posix.killSignal, to: pid)
                waitForExit(pid, until: Posix.deadline(after: 1))
                throw .appDidNotAnswer(
                    app: app, pid: pid, during: "launching (it never listened on \(socketPath))",
                    deadline: deadline.budget, terminated: true)
            }
            Posix.sleep(milliseconds: pause)
            pause = min(pause * 2, 20)
        }
    }

    // MARK: Processes

    func callDeadline(_ budget: Duration?) -> CallDeadline {
        CallDeadline(budget: budget ?? configuration.deadline, endsUnresponsiveApp: configuration.terminatesUnresponsiveApps)
    }

    func isChild(_ pid: Int32) -> Bool {
        children.withLock { $0[pid] != nil }
    }

    /// Reaps children that have ended, so none lingers as a zombie.
    func reapChildren() {
        for pid in children.withLock({ Array($0.keys) }) {
            if ChildProcess(pid: pid).reapIfEnded() != nil {
                _ = children.withLock { $0.removeValue(forKey: pid) }
            }
        }
    }

    func waitForExit(_ pid: Int32, until deadline: UInt64) {
        while Posix.monotonicNanoseconds() < deadline {
            if isChild(pid) {
                if ChildProcess(pid: pid).reapIfEnded() != nil {
                    _ = children.withLock { $0.removeValue(forKey: pid) }
                    return
                }
            } else if !Posix.processExists(pid) {
                return
            }
            Posix.sleep(milliseconds: 2)
        }
    }

    /// How the process `pid` ended, for a connection that closed unexpectedly.
    func exitReason(of pid: Int32, launchedHere: Bool) -> String {
        let until = Posix.deadline(after: 1)
        while Posix.monotonicNanoseconds() < until {
            if launchedHere || isChild(pid) {
                if let exit = ChildProcess(pid: pid).reapIfEnded()?.termination {
                    _ = children.withLock { $0.removeValue(forKey: pid) }
                    return "crashed: the process \(exit)"
                }
            } else if !Posix.processExists(pid) {
                return "crashed: the process ended"
            }
            Posix.sleep(milliseconds: 5)
        }
        return "closed its connection without answering"
    }

    /// Ends an instance that missed its deadline, if the configuration says
    /// so; true when it was ended.
    func endUnresponsive(_ connection: AppConnection) -> Bool {
        guard connection.status.pid > 0 else { return false }
        let pid = connection.status.pid
        Posix.sendSignal(Posix.killSignal, to: pid)
        waitForExit(pid, until: Posix.deadline(after: 1))
        Posix.unlink(configuration.runtimeDirectory.socketPath(for: connection.app.identifier))
        return true
    }

    /// The app's output since `offset` in its log (at most the last 2 KB).
    func recentOutput(of app: AppManifest, from offset: Int = 0) -> String {
        guard let data = FileManager.default.contents(atPath: configuration.runtimeDirectory.logPath(for: app.identifier)) else {
            return ""
        }
        let start = max(min(offset, data.count), data.count - 2048)
        return String(decoding: data[start...], as: UTF8.self)
    }
}
