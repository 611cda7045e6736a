import Foundation
import StudyRecordKit

/// The app's backend: a small HTTP server on loopback, reached with the
/// shared framework's ``BackendClient`` (plain sockets).
///
/// `POST /records` with the record as JSON answers 200 with the weekly
/// progress, 401 when logged out, 404 when the material is not on the
/// bookshelf, 422 when the memo has a banned word. A refused connection is
/// "offline".
struct LoopbackStudyBackend: StudyBackend {
    /// The port on 127.0.0.1.
    var port: UInt16

    /// The backend at `STUDYRECORD_BACKEND_PORT` (default 8734).
    static func fromEnvironment() -> LoopbackStudyBackend {
        LoopbackStudyBackend(port: BackendClient.fromEnvironment().port)
    }

    func post(_ record: StudyRecord) -> Result<WeeklyProgress, StudyBackendError> {
        BackendClient(port: port).post(record)
    }
}
