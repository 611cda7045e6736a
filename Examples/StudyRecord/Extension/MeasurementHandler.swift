import Foundation
import Intents
import StudyRecordKit

/// The handler of the six measurement actions: start the stopwatch or a
/// timer with a material, pause, resume, show the current measurement, and
/// finish (which records the study through the same backend as *Record study*).
///
/// The measurement lives in the app group's shared container
/// (`measurement.json`, replaced at once on every change), so the app shows a
/// measurement started by voice. Each action logs an event in the container's
/// queue; the app sends the queue when it next launches.
final class MeasurementHandler: NSObject, StartStopwatchIntentHandling, StartTimerIntentHandling,
    PauseMeasurementIntentHandling, ResumeMeasurementIntentHandling, ShowCurrentMeasurementIntentHandling,
    FinishMeasurementIntentHandling {
    /// Where finished measurements are recorded.
    let backend: any StudyBackend
    /// The shared container; nil when it cannot be opened (every action then fails).
    let container: StudyContainer?
    /// The time now, in seconds since 1970.
    let now: @Sendable () -> Double

    init(backend: any StudyBackend, container: StudyContainer? = ExtensionContainer.open(),
         now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.backend = backend
        self.container = container
        self.now = now
        super.init()
    }

    // MARK: Start the stopwatch

    func resolveMaterial(for intent: StartStopwatchIntent, with completion: @escaping (MaterialResolutionResult) -> Void) {
        completion(intent.material.map(Bookshelf.resolve) ?? .needsValue())
    }

    func provideMaterialOptionsCollection(
        for intent: StartStopwatchIntent,
        searchTerm: String?,
        with completion: @escaping (INObjectCollection<Material>?, (any Error)?) -> Void
    ) {
        completion(INObjectCollection(items: Bookshelf.materials(matching: searchTerm)), nil)
    }

    func handle(intent: StartStopwatchIntent, completion: @escaping (StartStopwatchIntentResponse) -> Void) {
        guard let container, let material = intent.material else {
            completion(StartStopwatchIntentResponse(code: .failure, userActivity: nil))
            return
        }
        if let current = container.measurement() {
            completion(.alreadyMeasuring(materialName: current.materialName))
            return
        }
        let measurement = StudyMeasurement(kind: .stopwatch, materialIdentifier: material.identifier,
                                      materialName: material.displayString, now: now())
        guard save(measurement, event: "stopwatchStarted") else {
            completion(StartStopwatchIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let response = StartStopwatchIntentResponse.success(materialName: material.displayString)
        response.userActivity = measurementActivity()
        completion(response)
    }

    // MARK: Start a timer

    func resolveMaterial(for intent: StartTimerIntent, with completion: @escaping (MaterialResolutionResult) -> Void) {
        completion(intent.material.map(Bookshelf.resolve) ?? .needsValue())
    }

    func provideMaterialOptionsCollection(
        for intent: StartTimerIntent,
        searchTerm: String?,
        with completion: @escaping (INObjectCollection<Material>?, (any Error)?) -> Void
    ) {
        completion(INObjectCollection(items: Bookshelf.materials(matching: searchTerm)), nil)
    }

    func resolveMinutes(for intent: StartTimerIntent, with completion: @escaping (StartTimerMinutesResolutionResult) -> Void) {
        completion(intent.minutes.map { .success(with: Int(truncating: $0)) } ?? .needsValue())
    }

    func handle(intent: StartTimerIntent, completion: @escaping (StartTimerIntentResponse) -> Void) {
        guard let container, let material = intent.material, let minutes = intent.minutes.map({ Int(truncating: $0) }) else {
            completion(StartTimerIntentResponse(code: .failure, userActivity: nil))
            return
        }
        if let current = container.measurement() {
            completion(.alreadyMeasuring(materialName: current.materialName))
            return
        }
        let measurement = StudyMeasurement(kind: .timer, materialIdentifier: material.identifier,
                                      materialName: material.displayString, timerMinutes: minutes, now: now())
        guard save(measurement, event: "timerStarted") else {
            completion(StartTimerIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let response = StartTimerIntentResponse.success(minutes: NSNumber(value: minutes), materialName: material.displayString)
        response.userActivity = measurementActivity()
        completion(response)
    }

    // MARK: Pause and resume

    func handle(intent: PauseMeasurementIntent, completion: @escaping (PauseMeasurementIntentResponse) -> Void) {
        guard let container else { return completion(PauseMeasurementIntentResponse(code: .failure, userActivity: nil)) }
        guard var measurement = container.measurement() else {
            return completion(PauseMeasurementIntentResponse(code: .notMeasuring, userActivity: nil))
        }
        guard !measurement.isPaused else { return completion(.alreadyPaused(materialName: measurement.materialName)) }
        let time = now()
        measurement.pause(at: time)
        guard save(measurement, event: "measurementPaused") else {
            return completion(PauseMeasurementIntentResponse(code: .failure, userActivity: nil))
        }
        completion(.success(materialName: measurement.materialName,
                            elapsedMinutes: NSNumber(value: measurement.elapsedMinutes(at: time))))
    }

    func handle(intent: ResumeMeasurementIntent, completion: @escaping (ResumeMeasurementIntentResponse) -> Void) {
        guard let container else { return completion(ResumeMeasurementIntentResponse(code: .failure, userActivity: nil)) }
        guard var measurement = container.measurement() else {
            return completion(ResumeMeasurementIntentResponse(code: .notMeasuring, userActivity: nil))
        }
        guard measurement.isPaused else { return completion(.notPaused(materialName: measurement.materialName)) }
        let time = now()
        measurement.resume(at: time)
        guard save(measurement, event: "measurementResumed") else {
            return completion(ResumeMeasurementIntentResponse(code: .failure, userActivity: nil))
        }
        completion(.success(materialName: measurement.materialName,
                            elapsedMinutes: NSNumber(value: measurement.elapsedMinutes(at: time))))
    }

    // MARK: Show

    func handle(intent: ShowCurrentMeasurementIntent, completion: @escaping (ShowCurrentMeasurementIntentResponse) -> Void) {
        guard let container else { return completion(ShowCurrentMeasurementIntentResponse(code: .failure, userActivity: nil)) }
        guard let measurement = container.measurement() else {
            return completion(ShowCurrentMeasurementIntentResponse(code: .notMeasuring, userActivity: nil))
        }
        let time = now()
        let response = ShowCurrentMeasurementIntentResponse.success(
            materialName: measurement.materialName,
            elapsedMinutes: NSNumber(value: measurement.elapsedMinutes(at: time)),
            status: measurement.status(at: time))
        response.userActivity = measurementActivity()
        completion(response)
    }

    // MARK: Finish

    func handle(intent: FinishMeasurementIntent, completion: @escaping (FinishMeasurementIntentResponse) -> Void) {
        guard let container else { return completion(FinishMeasurementIntentResponse(code: .failure, userActivity: nil)) }
        guard let measurement = container.measurement() else {
            return completion(FinishMeasurementIntentResponse(code: .notMeasuring, userActivity: nil))
        }
        let minutes = measurement.recordedMinutes(at: now())
        let record = StudyRecord(materialIdentifier: measurement.materialIdentifier, materialName: measurement.materialName,
                                 durationMinutes: minutes, requestIdentifier: intent.identifier,
                                 studiedAt: StudyRecord.studyTime(Date(timeIntervalSince1970: now())))
        func respond(_ code: FinishMeasurementIntentResponseCode, activity: NSUserActivity? = nil) -> FinishMeasurementIntentResponse {
            let response = FinishMeasurementIntentResponse(code: code, userActivity: activity)
            response.materialName = measurement.materialName
            response.elapsedMinutes = NSNumber(value: minutes)
            return response
        }
        switch backend.post(record) {
        case .success(let progress):
            _ = save(nil, event: "studyRecorded", record.eventProperties)
            let response = respond(.success, activity: progress.userActivity)
            response.weeklyMinutes = NSNumber(value: progress.weeklyMinutes)
            response.weeklyGoalMinutes = NSNumber(value: progress.weeklyGoalMinutes)
            completion(response)
        case .failure(.offline):
            // Kept for the app to send; the measurement is done.
            PendingRecords.keep(record)
            _ = save(nil, event: "studyRecordKeptOffline", record.eventProperties)
            completion(respond(.failureOffline))
        case .failure(.loggedOut):
            // The measurement stays: finish again after logging in.
            completion(respond(.failureStatusLogout))
        case .failure(.materialNotOnBookshelf):
            completion(respond(.failureNotFoundBookshelfEntry))
        case .failure(.bannedWordInMemo), .failure(.unexpected):
            completion(respond(.failure))
        }
    }

    // MARK: -

    /// Replaces the measurement (nil ends it) and logs `event`; false when
    /// the container cannot be written.
    private func save(_ measurement: StudyMeasurement?, event: String, _ properties: [String: String]? = nil) -> Bool {
        do {
            try container?.setMeasurement(measurement)
        } catch {
            ExtensionHost.log("cannot save the measurement: \(error)", level: .error)
            return false
        }
        do {
            try container?.log(StudyEvent(name: event, source: "extension",
                                          properties: properties ?? ["material": measurement?.materialName ?? ""]))
        } catch {
            ExtensionHost.log("cannot queue the event \(event): \(error)", level: .error)
        }
        return true
    }

    /// The activity that opens the measurement screen in the app.
    private func measurementActivity() -> NSUserActivity {
        let activity = NSUserActivity(activityType: StudyActivityType.measurement)
        activity.title = "Current measurement"
        return activity
    }
}
