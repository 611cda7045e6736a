import Intents

/// The principal class of a system-intent extension: an `INExtension`
/// subclass with its own designated initialiser that handles the workout
/// intent itself and hands the others to their handlers, `handler(for:)`
/// returning `Any`.
class IntentHandler: INExtension, INStartWorkoutIntentHandling {
    let accountName: String

    init(accountName: String) {
        self.accountName = accountName
        super.init()
    }

    override func handler(for intent: INIntent) -> Any {
        switch intent {
        case is INSendMessageIntent:
            return MigratedMessageHandler(accountName: accountName)
        case is INStartCallIntent, is INAnswerCallIntent, is INHangUpCallIntent:
            return CommunicationHandler(accountName: accountName)
        // iOS 10's call intents, by name: their classes are deprecated.
        case _ where ["INStartAudioCallIntent", "INStartVideoCallIntent"].contains(type(of: intent).intentName):
            return CommunicationHandler(accountName: accountName)
        // iOS 15's deprecated intents, by name likewise (no replacement).
        case _ where type(of: intent).intentName == "INSearchCallHistoryIntent":
            return InboxHandler()
        case _ where ["INAppendToNoteIntent", "INCreateTaskListIntent", "INDeleteTasksIntent"].contains(type(of: intent).intentName):
            return TaskBoardHandler()
        case is INCreateNoteIntent, is INAddTasksIntent:
            return NotebookHandler()
        case is INPlayMediaIntent:
            return MediaHandler()
        case is INSearchForMessagesIntent:
            return ClassicSearchHandler()
        case is INSetMessageAttributeIntent:
            return InboxHandler()
        case is INUnsendMessagesIntent, is INEditMessageIntent:
            return SentMessagesHandler()
        case is INShareFocusStatusIntent:
            return FocusStatusHandler()
        case is INSetTaskAttributeIntent, is INSearchForNotebookItemsIntent, is INSnoozeTasksIntent:
            return TaskBoardHandler()
        case is INPauseWorkoutIntent, is INResumeWorkoutIntent:
            return WorkoutSessionHandler()
        case is INEndWorkoutIntent, is INCancelWorkoutIntent:
            return ClassicWorkoutHandler()
        case is INAddMediaIntent, is INSearchForMediaIntent, is INUpdateMediaAffinityIntent:
            return MediaLibraryHandler()
        default:
            return self
        }
    }

    // MARK: INStartWorkoutIntentHandling, completion and async forms side by side

    func resolveWorkoutName(for intent: INStartWorkoutIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        guard let name = intent.workoutName else {
            completion(.disambiguation(with: [INSpeakableString(spokenPhrase: "Outdoor Run"), INSpeakableString(spokenPhrase: "Indoor Cycle")]))
            return
        }
        completion(.success(with: name))
    }

    func resolveGoalValue(for intent: INStartWorkoutIntent) async -> INDoubleResolutionResult {
        intent.goalValue.map { .success(with: $0) } ?? .needsValue()
    }

    func resolveWorkoutGoalUnitType(for intent: INStartWorkoutIntent, with completion: @escaping (INWorkoutGoalUnitTypeResolutionResult) -> Void) {
        completion(intent.workoutGoalUnitType == .unknown ? .success(with: .minute) : .success(with: intent.workoutGoalUnitType))
    }

    func resolveWorkoutLocationType(for intent: INStartWorkoutIntent) async -> INWorkoutLocationTypeResolutionResult {
        intent.workoutLocationType == .unknown ? .confirmationRequired(with: .outdoor) : .success(with: intent.workoutLocationType)
    }

    func resolveIsOpenEnded(for intent: INStartWorkoutIntent, with completion: @escaping (INBooleanResolutionResult) -> Void) {
        completion(.success(with: intent.isOpenEnded ?? (intent.goalValue == nil)))
    }

    func confirm(intent: INStartWorkoutIntent) async -> INStartWorkoutIntentResponse {
        INStartWorkoutIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func handle(intent: INStartWorkoutIntent, completion: @escaping (INStartWorkoutIntentResponse) -> Void) {
        completion(INStartWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }
}

@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer {
    ExtensionExport.descriptor(
        IntentHandler(accountName: "ada"), identifier: "com.example.porting.system.intents", app: "com.example.porting.system",
        intentsSupported: [
            "INSendMessageIntent", "INStartCallIntent", "INStartAudioCallIntent", "INStartVideoCallIntent", "INAnswerCallIntent", "INHangUpCallIntent",
            "INCreateNoteIntent", "INAddTasksIntent", "INStartWorkoutIntent", "INPlayMediaIntent",
            "INSearchForMessagesIntent", "INSetMessageAttributeIntent", "INSearchCallHistoryIntent",
            "INAppendToNoteIntent", "INCreateTaskListIntent", "INSetTaskAttributeIntent", "INSearchForNotebookItemsIntent",
            "INDeleteTasksIntent", "INSnoozeTasksIntent",
            "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent",
            "INAddMediaIntent", "INSearchForMediaIntent", "INUpdateMediaAffinityIntent",
            "INUnsendMessagesIntent", "INEditMessageIntent", "INShareFocusStatusIntent",
        ]
    )
}
