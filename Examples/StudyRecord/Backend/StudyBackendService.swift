import Foundation
import StudyRecordKit

/// The backend's routes and state: records and events in memory, the
/// logged-in flag, the weekly progress.
///
/// | route | answer |
/// | --- | --- |
/// | `POST /records` | 200 `{"weeklyMinutes", "weeklyGoalMinutes"}`; 401 logged out; 404 material not on the bookshelf; 422 banned word in the memo |
/// | `GET /records` | the records taken, oldest first, each with `studiedAt` (ISO 8601) |
/// | `POST /events` | takes a list of events; 200 `{"received"}` |
/// | `GET /events` | the events taken |
/// | `GET /progress` | the weekly progress |
/// | `POST /session` | `{"loggedIn": true\|false}`: logs in or out |
/// | `GET /health` | 200 |
final class StudyBackendService {
    let data: BackendData
    private(set) var records: [StudyRecord] = []
    private(set) var events: [StudyEvent] = []
    private var loggedIn: Bool

    init(data: BackendData, loggedIn: Bool? = nil) {
        self.data = data
        self.loggedIn = loggedIn ?? data.account.loggedIn
    }

    var progress: WeeklyProgress {
        let account = data.account
        let recorded = records.reduce(0) { $0 + ($1.durationMinutes ?? 0) }
        return WeeklyProgress(weeklyMinutes: account.weeklyMinutesBeforeToday + recorded, weeklyGoalMinutes: account.weeklyGoalMinutes)
    }

    func handle(_ request: HTTPServer.Request) -> HTTPServer.Response {
        switch (request.method, request.path) {
        case ("POST", "/records"): return postRecord(request.body)
        case ("GET", "/records"): return .json(200, records)
        case ("POST", "/events"): return postEvents(request.body)
        case ("GET", "/events"): return .json(200, events)
        case ("GET", "/progress"): return .json(200, progress)
        case ("POST", "/session"): return postSession(request.body)
        case ("GET", "/health"): return .json(200, ["status": "ok"])
        case (_, "/records"), (_, "/events"), (_, "/progress"), (_, "/session"), (_, "/health"):
            return .error(405, "\(request.method) is not allowed on \(request.path)")
        default: return .error(404, "no route \(request.path)")
        }
    }

    private func postRecord(_ body: Data) -> HTTPServer.Response {
        guard let record = try? JSONDecoder().decode(StudyRecord.self, from: body) else {
            return .error(400, "the body is not a study record")
        }
        guard loggedIn else { return .error(401, "logged out") }
        if let identifier = record.materialIdentifier, !data.bookshelf.contains(where: { $0.identifier == identifier }) {
            return .error(404, "\(record.materialName ?? identifier) is not on the bookshelf")
        }
        // A material said aloud, without an identifier, is on the shelf when its title is.
        if record.materialIdentifier == nil, let name = record.materialName,
           !data.bookshelf.contains(where: { $0.title.caseInsensitiveCompare(name) == .orderedSame }) {
            return .error(404, "\(name) is not on the bookshelf")
        }
        if let memo = record.memo, let word = data.bannedWord(in: memo) {
            return .error(422, "the memo contains the banned word \"\(word)\"")
        }
        // One record per request: a record sent again (kept offline, then sent) counts once.
        let duplicate = record.requestIdentifier.map { identifier in records.contains { $0.requestIdentifier == identifier } } ?? false
        if !duplicate { records.append(record) }
        return .json(200, progress)
    }

    private func postEvents(_ body: Data) -> HTTPServer.Response {
        guard let taken = try? JSONDecoder().decode([StudyEvent].self, from: body) else {
            return .error(400, "the body is not a list of events")
        }
        events += taken
        return .json(200, ["received": taken.count])
    }

    private func postSession(_ body: Data) -> HTTPServer.Response {
        struct Session: Codable { var loggedIn: Bool }
        guard let session = try? JSONDecoder().decode(Session.self, from: body) else {
            return .error(400, #"the body is not {"loggedIn": true|false}"#)
        }
        loggedIn = session.loggedIn
        return .json(200, session)
    }
}
