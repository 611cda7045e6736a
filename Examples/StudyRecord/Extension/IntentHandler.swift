import Foundation
import Intents
import StudyRecordKit

/// The Study Record extension's principal class and the handler of
/// *Record study* (`PostStudyRecord`); the six measurement actions go to a
/// ``MeasurementHandler``.
///
/// Resolution checks what involves several parameters; bounds (duration
/// 0…1440 minutes, amount and range 0…9999) are in the definition, with
/// their messages (`greaterThanMaximumValue`, `lessThanMinimumValue`), and
/// the host enforces them before calling any method. Parameters are resolved
/// in the definition's order: material, duration, amount, start, end, memo;
/// each method sees the values resolved before it. The names (`start`/`end`,
/// the reasons and the `failure…` codes) are the seed app's own.
final class IntentHandler: INExtension, PostStudyRecordIntentHandling {
    /// Where records go: the app's backend.
    let backend: any StudyBackend

    /// The extension as the system creates it: the app's loopback backend.
    override init() {
        backend = LoopbackStudyBackend.fromEnvironment()
        super.init()
    }

    /// An extension with another backend (tests).
    init(backend: any StudyBackend) {
        self.backend = backend
        super.init()
    }

    override func handler(for intent: INIntent) -> Any {
        if intent is PostStudyRecordIntent { return self }
        return MeasurementHandler(backend: backend)
    }

    // MARK: Resolve

    func resolveMaterial(for intent: PostStudyRecordIntent, with completion: @escaping (MaterialResolutionResult) -> Void) {
        guard let material = intent.material else {
            completion(.notRequired())
            return
        }
        completion(Bookshelf.resolve(material))
    }

    func provideMaterialOptionsCollection(
        for intent: PostStudyRecordIntent,
        searchTerm: String?,
        with completion: @escaping (INObjectCollection<Material>?, (any Error)?) -> Void
    ) {
        completion(INObjectCollection(items: Bookshelf.materials(matching: searchTerm)), nil)
    }

    func resolveDuration(for intent: PostStudyRecordIntent, with completion: @escaping (PostStudyRecordDurationResolutionResult) -> Void) {
        guard let duration = intent.duration else {
            completion(intent.material == nil ? .unsupported(forReason: .failureLackParameter) : .notRequired())
            return
        }
        completion(.success(with: Int(truncating: duration)))
    }

    func resolveAmount(for intent: PostStudyRecordIntent, with completion: @escaping (PostStudyRecordAmountResolutionResult) -> Void) {
        if let amount = intent.amount, Int(truncating: amount) >= 1, intent.material == nil {
            completion(.unsupported(forReason: .noMaterial))
            return
        }
        guard let amount = intent.amount else {
            // An amount is a total or a range: a range (even half of one,
            // which `resolveEnd` refuses with its own reason) stands
            // for the total.
            let hasRange = intent.start != nil || intent.end != nil
            completion(intent.duration == nil && !hasRange ? .unsupported(forReason: .failureLackParameter) : .notRequired())
            return
        }
        completion(.success(with: Int(truncating: amount)))
    }

    func resolveStart(for intent: PostStudyRecordIntent, with completion: @escaping (PostStudyRecordStartResolutionResult) -> Void) {
        guard let start = intent.start else {
            completion(.notRequired())
            return
        }
        completion(.success(with: Int(truncating: start)))
    }

    func resolveEnd(for intent: PostStudyRecordIntent, with completion: @escaping (PostStudyRecordEndResolutionResult) -> Void) {
        // A start or an end of 0 is no start or end (the parameters' default).
        let start = intent.start.map { Int(truncating: $0) } ?? 0
        guard let end = intent.end.map({ Int(truncating: $0) }) else {
            completion(start >= 1 ? .unsupported(forReason: .failureLackParameter) : .notRequired())
            return
        }
        if end >= 1, start < 1 {
            completion(.unsupported(forReason: .noStart))
        } else if start >= 1, end < 1 {
            completion(.unsupported(forReason: .failureLackParameter))
        } else if start >= 1, intent.material == nil {
            completion(.unsupported(forReason: .noMaterial))
        } else if end < start {
            completion(.unsupported(forReason: .lessThanStartValue))
        } else {
            completion(.success(with: end))
        }
    }

    func resolveMemo(for intent: PostStudyRecordIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        guard let memo = intent.memo, !memo.isEmpty else {
            completion(.notRequired())
            return
        }
        completion(.success(with: memo))
    }

    // MARK: Confirm and handle

    func confirm(intent: PostStudyRecordIntent, completion: @escaping (PostStudyRecordIntentResponse) -> Void) {
        completion(PostStudyRecordIntentResponse(code: .ready, userActivity: nil))
    }

    func handle(intent: PostStudyRecordIntent, completion: @escaping (PostStudyRecordIntentResponse) -> Void) {
        let record = StudyRecord(intent: intent)
        switch backend.post(record) {
        case .success(let progress):
            let response = PostStudyRecordIntentResponse.success(
                weeklyMinutes: NSNumber(value: progress.weeklyMinutes),
                weeklyGoalMinutes: NSNumber(value: progress.weeklyGoalMinutes)
            )
            response.materialName = intent.material?.displayString
            response.userActivity = progress.userActivity
            ExtensionContainer.log("studyRecorded", record.eventProperties)
            completion(response)
        case .failure(.offline):
            PendingRecords.keep(record)
            ExtensionContainer.log("studyRecordKeptOffline", record.eventProperties)
            completion(PostStudyRecordIntentResponse(code: .failureOffline, userActivity: nil))
        case .failure(.loggedOut):
            completion(PostStudyRecordIntentResponse(code: .failureStatusLogout, userActivity: nil))
        case .failure(.materialNotOnBookshelf):
            let response = PostStudyRecordIntentResponse.failureNotFoundBookshelfEntry(materialName: intent.material?.displayString ?? "The material")
            completion(response)
        case .failure(.bannedWordInMemo):
            completion(PostStudyRecordIntentResponse(code: .failureNgWordsDetected, userActivity: nil))
        case .failure(.unexpected(let message)):
            ExtensionHost.log("posting the record failed: \(message)", level: .error)
            completion(PostStudyRecordIntentResponse(code: .failure, userActivity: nil))
        }
    }
}
