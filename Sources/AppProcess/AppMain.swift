import ExthostPosix
import AppWire
import Dispatch
import Foundation
import Synchronization

/// Runs an app: the `UIApplicationMain` of an app process.
///
/// ```swift
/// // main.swift of an app executable
/// import AppProcess
/// AppMain.run(name: "StudyRecord", delegate: StudyRecordAppDelegate())
/// ```
public enum AppMain {
    /// Launches the app and serves the system's requests until it is told to
    /// terminate.
    ///
    /// Reads what the system launched it with from the environment (see
    /// ``LaunchEnvironment``), calls
    /// `application(_:didFinishLaunchingWithOptions:)`, then listens on its
    /// socket; requests are read on a thread per connection and served on the
    /// main actor, which runs the main dispatch queue.
    ///
    /// - Parameters:
    ///   - name: The tag of what the app prints; defaults to the executable's name.
    ///   - delegate: The app delegate; kept for the life of the process.
    @MainActor
    public static func run(name: String? = nil, delegate: some AppDelegate) -> Never {
        Posix.ignoreBrokenPipes()
        let executableName = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "app"
        let identifier = Posix.environment(LaunchEnvironment.appIdentifier) ?? executableName
        let socketPath = Posix.environment(LaunchEnvironment.socketPath)
            ?? RuntimeDirectory.default.socketPath(for: identifier)
        let state = Posix.environment(LaunchEnvironment.launchState).flatMap(ApplicationState.init(rawValue:))
            ?? .foreground
        var options = LaunchOptions()
        if let json = Posix.environment(LaunchEnvironment.launchOptions) {
            do {
                options = try JSONDecoder().decode(LaunchOptions.self, from: Data(json.utf8))
            } catch {
                fail("\(LaunchEnvironment.launchOptions) is not valid launch options: \(error)")
            }
        }
        let application = Application(
            identifier: identifier,
            name: name ?? executableName,
            launchOptions: options,
            applicationState: state == .notRunning ? .background : state,
            appGroup: Posix.environment(LaunchEnvironment.appGroup),
            sharedContainersPath: Posix.environment(LaunchEnvironment.sharedContainers)
        )
        let runtime = AppRuntime(application: application, delegate: delegate)
        if !delegate.application(application, didFinishLaunchingWithOptions: options) {
            runtime.declinedLaunchActivities = options.userActivities
        }

        let listener: UnixListener
        do {
            listener = try UnixListener(path: socketPath)
        } catch {
            fail("cannot listen on \(socketPath): \(error)")
        }
        let acceptor = Thread {
            while true {
                guard let connection = try? listener.accept() else {
                    // Out of descriptors, most likely: let connections finish.
                    Posix.sleep(milliseconds: 10)
                    continue
                }
                let server = Thread { serve(connection, runtime: runtime, listener: listener) }
                server.start()
            }
        }
        acceptor.start()
        dispatchMain()
    }

    /// Answers the requests on one connection, in order, until it closes.
    private static func serve(_ connection: UnixSocket, runtime: AppRuntime, listener: UnixListener) {
        while true {
            let request: AppRequest
            do {
                guard let next = try connection.receive(AppRequest.self, deadline: nil) else { return }
                request = next
            } catch {
                try? connection.send(AppReply(id: 0, body: .failed("unreadable request: \(error)")))
                return
            }
            if case .hello = request.body {
                // Answered here, so a busy main thread does not look like a dead app.
                let status = runtime.application.publishedStatus.withLock { $0 }
                try? connection.send(AppReply(id: request.id, body: .status(status)))
                continue
            }
            let answer = PendingReply()
            Task { @MainActor in
                runtime.serve(request.body) { answer.fulfil($0) }
            }
            let body = answer.wait()
            try? connection.send(AppReply(id: request.id, body: body))
            if case .terminate = request.body {
                listener.close()
                Posix.exit(0)
            }
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("app: \(message)\n".utf8))
        Posix.exit(70)
    }
}

/// A reply that arrives on another thread, once; later ones are ignored.
private final class PendingReply: Sendable {
    private let body = Mutex<AppReply.Body?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    func fulfil(_ value: AppReply.Body) {
        let first = body.withLock { current in
            guard current == nil else { return false }
            current = value
            return true
        }
        if first { arrived.signal() }
    }

    func wait() -> AppReply.Body {
        arrived.wait()
        return body.withLock { $0! }
    }
}
