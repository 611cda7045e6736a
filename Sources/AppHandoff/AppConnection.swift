import AppManifests
import ExthostPosix
import Foundation

/// A connection to one running app instance, used by one thread for one call.
final class AppConnection {
    let app: AppManifest
    let socket: UnixSocket
    /// The app's pid and state, from its answer to `hello`.
    private(set) var status: AppStatus
    /// Whether this system spawned the process (and so can read its exit status).
    let launchedHere: Bool
    private var nextID: UInt64 = 1

    private init(app: AppManifest, socket: UnixSocket, status: AppStatus, launchedHere: Bool) {
        self.app = app
        self.socket = socket
        self.status = status
        self.launchedHere = launchedHere
    }

    /// Greets the instance listening on `socket` and checks it is `app`.
    ///
    /// - Returns: nil when the instance closed the connection without answering
    ///   (it is on its way out).
    static func open(
        app: AppManifest,
        socket: UnixSocket,
        launchedHere: Bool,
        deadline: CallDeadline,
        handoff: AppHandoff
    ) throws(AppHandoffError) -> AppConnection? {
        let provisional = AppConnection(
            app: app,
            socket: socket,
            status: AppStatus(appIdentifier: app.identifier, pid: Posix.peerProcessID(socket.fileDescriptor) ?? 0, state: .notRunning),
            launchedHere: launchedHere
        )
        do throws(AppHandoffError) {
            guard case .status(let status) = try provisional.request(.hello, during: "greeting the app", deadline: deadline, handoff: handoff) else {
                throw AppHandoffError.unexpectedReply(app: app, request: "hello", reply: "something other than its status")
            }
            guard status.appIdentifier == app.identifier else {
                throw AppHandoffError.unexpectedReply(
                    app: app, request: "hello", reply: "the identifier \"\(status.appIdentifier)\" (another app uses its socket)")
            }
            provisional.status = status
            return provisional
        } catch {
            if case .appCrashed = error, !launchedHere { return nil }
            throw error
        }
    }

    /// Sends `body` and waits for the answer until `deadline`.
    ///
    /// - Parameter during: What the system was doing, for error messages ("continuing com.example.showGoal").
    func request(
        _ body: AppRequest.Body,
        during: String,
        deadline: CallDeadline,
        handoff: AppHandoff
    ) throws(AppHandoffError) -> AppReply.Body {
        let id = nextID
        nextID += 1
        let reply: AppReply?
        do {
            try socket.send(AppRequest(id: id, body: body))
            reply = try socket.receive(AppReply.self, deadline: deadline.instant)
        } catch is SocketTimeout {
            let terminated = deadline.endsUnresponsiveApp && handoff.endUnresponsive(self)
            throw .appDidNotAnswer(
                app: app, pid: status.pid == 0 ? nil : status.pid, during: during,
                deadline: deadline.budget, terminated: terminated)
        } catch let failure as SystemCallError where failure.errno == EPIPE || failure.errno == ECONNRESET {
            reply = nil
        } catch {
            throw .unexpectedReply(app: app, request: during, reply: "\(error)")
        }
        guard let reply else {
            let reason = handoff.exitReason(of: status.pid, launchedHere: launchedHere)
            throw .appCrashed(app: app, pid: status.pid, reason: reason, during: during, output: handoff.recentOutput(of: app))
        }
        guard reply.id == id else {
            if case .failed(let message) = reply.body {
                throw .unexpectedReply(app: app, request: during, reply: "an error: \(message)")
            }
            throw .unexpectedReply(app: app, request: during, reply: "an answer to another request (\(reply.id), not \(id))")
        }
        if case .failed(let message) = reply.body {
            throw .unexpectedReply(app: app, request: during, reply: "an error: \(message)")
        }
        return reply.body
    }
}
