import Intents

/// The rest of lists and notes, in today's names with the older ones
/// mixed in (`resolveTargetNote(forAppendToNote:with:)`, and
/// `resolveTemporalEventTrigger(forSetTaskAttribute:with:)` answering iOS
/// 11's `INTemporalEventTriggerResolutionResult`): one plain
/// `NSObject` conforming to six protocols, four of them through iOS 11's
/// `INNotebookDomainHandling` (below).
class TaskBoardHandler: NSObject, INSnoozeTasksIntentHandling {
    let note = INNote(title: INSpeakableString(spokenPhrase: "Groceries"), contents: [INTextNoteContent(text: "milk")], groupName: nil,
                      createdDateComponents: nil, modifiedDateComponents: nil, identifier: "n1")
    let task = INTask(title: INSpeakableString(spokenPhrase: "Call Ana"), status: .notCompleted, taskType: .completable, spatialEventTrigger: nil,
                      temporalEventTrigger: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "t1")
    var list: INTaskList {
        INTaskList(title: INSpeakableString(spokenPhrase: "Errands"), tasks: [task], groupName: nil, createdDateComponents: nil,
                   modifiedDateComponents: nil, identifier: "l1")
    }
    let ready = NSUserActivity(activityType: "com.example.porting.system.confirm")

    // MARK: Changing a task

    func resolveTargetTask(for intent: INSetTaskAttributeIntent, with completion: @escaping (INTaskResolutionResult) -> Void) {
        completion(intent.targetTask.map { .success(with: $0) } ?? .confirmationRequired(with: task))
    }

    func resolveTaskTitle(for intent: INSetTaskAttributeIntent) async -> INSpeakableStringResolutionResult {
        intent.taskTitle.map { .success(with: $0) } ?? .confirmationRequired(with: INSpeakableString(spokenPhrase: "Call Ana"))
    }

    func resolveStatus(forSetTaskAttribute intent: INSetTaskAttributeIntent, with completion: @escaping (INTaskStatusResolutionResult) -> Void) {
        completion(.success(with: intent.status == .unknown ? .completed : intent.status))
    }

    func resolvePriority(for intent: INSetTaskAttributeIntent) async -> INTaskPriorityResolutionResult {
        .success(with: intent.priority == .unknown ? .flagged : intent.priority)
    }

    func resolveSpatialEventTrigger(for intent: INSetTaskAttributeIntent, with completion: @escaping (INSpatialEventTriggerResolutionResult) -> Void) {
        completion(.unsupported())
    }

    /// iOS 11's name and result class, from before the reasons of iOS 13.
    func resolveTemporalEventTrigger(forSetTaskAttribute intent: INSetTaskAttributeIntent,
                                     with completion: @escaping (INTemporalEventTriggerResolutionResult) -> Void) {
        completion(intent.temporalEventTrigger.map { .success(with: $0) } ?? .unsupported())
    }

    func confirm(intent: INSetTaskAttributeIntent) async -> INSetTaskAttributeIntentResponse {
        INSetTaskAttributeIntentResponse(code: .ready, userActivity: ready)
    }

    func handle(intent: INSetTaskAttributeIntent, completion: @escaping (INSetTaskAttributeIntentResponse) -> Void) {
        let response = INSetTaskAttributeIntentResponse(code: .success, userActivity: nil)
        response.modifiedTask = task
        completion(response)
    }

    // MARK: Searching the notebook

    func resolveTitle(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(intent.title.map { .success(with: $0) } ?? .unsupported())
    }

    func resolveContent(forSearchForNotebookItems intent: INSearchForNotebookItemsIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        completion(intent.content.map { .success(with: $0) } ?? .unsupported())
    }

    func resolveItemType(for intent: INSearchForNotebookItemsIntent) async -> INNotebookItemTypeResolutionResult {
        intent.itemType == .unknown ? .disambiguation(with: [.note, .taskList]) : .success(with: intent.itemType)
    }

    func resolveStatus(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INTaskStatusResolutionResult) -> Void) {
        completion(.success(with: intent.status == .unknown ? .notCompleted : intent.status))
    }

    func resolveTaskPriority(for intent: INSearchForNotebookItemsIntent) async -> INTaskPriorityResolutionResult {
        .success(with: intent.taskPriority == .unknown ? .notFlagged : intent.taskPriority)
    }

    func resolveLocation(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INPlacemarkResolutionResult) -> Void) {
        completion(intent.location.map { .success(with: $0) } ?? .unsupported())
    }

    func resolveLocationSearchType(for intent: INSearchForNotebookItemsIntent) async -> INLocationSearchTypeResolutionResult {
        .success(with: intent.locationSearchType == .unknown ? .byLocationTrigger : intent.locationSearchType)
    }

    func resolveDateSearchType(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INDateSearchTypeResolutionResult) -> Void) {
        completion(.success(with: intent.dateSearchType == .unknown ? .byDueDate : intent.dateSearchType))
    }

    func resolveTemporalEventTriggerTypes(for intent: INSearchForNotebookItemsIntent) async -> INTemporalEventTriggerTypeOptionsResolutionResult {
        .success(with: intent.temporalEventTriggerTypes.isEmpty ? [.scheduledNonRecurring, .scheduledRecurring] : intent.temporalEventTriggerTypes)
    }

    func resolveDateTime(for intent: INSearchForNotebookItemsIntent, with completion: @escaping (INDateComponentsRangeResolutionResult) -> Void) {
        completion(intent.dateTime.map { .success(with: $0) } ?? .unsupported())
    }

    func confirm(searchForNotebookItems intent: INSearchForNotebookItemsIntent, completion: @escaping (INSearchForNotebookItemsIntentResponse) -> Void) {
        completion(INSearchForNotebookItemsIntentResponse(code: .ready, userActivity: ready))
    }

    func handle(intent: INSearchForNotebookItemsIntent) async -> INSearchForNotebookItemsIntentResponse {
        let response = INSearchForNotebookItemsIntentResponse(code: .success, userActivity: nil)
        response.notes = [note]
        response.taskLists = [list]
        return response
    }

    // MARK: Snoozing tasks

    func resolveTasks(for intent: INSnoozeTasksIntent, with completion: @escaping ([INSnoozeTasksTaskResolutionResult]) -> Void) {
        completion((intent.tasks ?? []).isEmpty ? [.unsupported(forReason: .noTasksFound)] : intent.tasks!.map { .success(with: $0) })
    }

    func resolveNextTriggerTime(for intent: INSnoozeTasksIntent) async -> INDateComponentsRangeResolutionResult {
        .success(with: intent.nextTriggerTime ?? INDateComponentsRange(start: DateComponents(hour: 9), end: nil))
    }

    func resolveAll(for intent: INSnoozeTasksIntent, with completion: @escaping (INBooleanResolutionResult) -> Void) {
        completion(.success(with: intent.all ?? false))
    }

    func confirm(intent: INSnoozeTasksIntent, completion: @escaping (INSnoozeTasksIntentResponse) -> Void) {
        completion(INSnoozeTasksIntentResponse(code: .ready, userActivity: ready))
    }

    func handle(intent: INSnoozeTasksIntent) async -> INSnoozeTasksIntentResponse {
        let response = INSnoozeTasksIntentResponse(code: .success, userActivity: nil)
        response.snoozedTasks = [task]
        return response
    }
}

// MARK: INNotebookDomainHandling

// iOS 11's one protocol for the lists and notes of that release (notes,
// appending, tasks, lists, task attributes, the search), deprecated since
// iOS 13: the conformance is in an extension that says so, as an app that
// builds without warnings writes it. New notes and tasks are
// NotebookHandler's here.
@available(*, deprecated, message: "the app still adopts iOS 11's notebook domain protocol")
extension TaskBoardHandler: INNotebookDomainHandling {
    func handle(createNote intent: INCreateNoteIntent, completion: @escaping (INCreateNoteIntentResponse) -> Void) {
        completion(INCreateNoteIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil))
    }

    func handle(addTasks intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
        completion(INAddTasksIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil))
    }
}

// iOS 15 deprecates appending to a note, creating a task list and deleting
// tasks, with no replacement: their methods, and the deletion's
// conformance, are in extensions that say so (appending and creating a list
// are INNotebookDomainHandling's, above).
@available(*, deprecated, message: "INAppendToNoteIntent and INCreateTaskListIntent are deprecated. There is no replacement.")
extension TaskBoardHandler {
    // MARK: Appending to a note

    func resolveTargetNote(forAppendToNote intent: INAppendToNoteIntent, with completion: @escaping (INNoteResolutionResult) -> Void) {
        completion(intent.targetNote.map { .success(with: $0) } ?? .disambiguation(with: [note]))
    }

    func resolveContent(for intent: INAppendToNoteIntent) async -> INNoteContentResolutionResult {
        intent.content.map { .success(with: $0) } ?? .needsValue()
    }

    func confirm(intent: INAppendToNoteIntent) async -> INAppendToNoteIntentResponse {
        INAppendToNoteIntentResponse(code: .ready, userActivity: ready)
    }

    func handle(appendToNote intent: INAppendToNoteIntent, completion: @escaping (INAppendToNoteIntentResponse) -> Void) {
        let response = INAppendToNoteIntentResponse(code: .success, userActivity: nil)
        response.note = note
        completion(response)
    }

    // MARK: Creating a task list

    func resolveTitle(for intent: INCreateTaskListIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(intent.title.map { .success(with: $0) } ?? .needsValue())
    }

    func resolveTaskTitles(forCreateTaskList intent: INCreateTaskListIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
        completion((intent.taskTitles ?? []).isEmpty ? [.needsValue()] : intent.taskTitles!.map { .success(with: $0) })
    }

    func resolveGroupName(for intent: INCreateTaskListIntent) async -> INSpeakableStringResolutionResult {
        .success(with: intent.groupName ?? INSpeakableString(spokenPhrase: "Personal"))
    }

    func confirm(intent: INCreateTaskListIntent, completion: @escaping (INCreateTaskListIntentResponse) -> Void) {
        completion(INCreateTaskListIntentResponse(code: .ready, userActivity: ready))
    }

    func handle(intent: INCreateTaskListIntent) async -> INCreateTaskListIntentResponse {
        let response = INCreateTaskListIntentResponse(code: .success, userActivity: nil)
        response.createdTaskList = list
        return response
    }
}

@available(*, deprecated, message: "INDeleteTasksIntent is deprecated. There is no replacement.")
extension TaskBoardHandler: INDeleteTasksIntentHandling {
    // MARK: Deleting tasks

    func resolveTaskList(for intent: INDeleteTasksIntent, with completion: @escaping (INDeleteTasksTaskListResolutionResult) -> Void) {
        completion(intent.taskList.map { .success(with: $0) } ?? .unsupported(forReason: .noTaskListFound))
    }

    func resolveTasks(for intent: INDeleteTasksIntent) async -> [INDeleteTasksTaskResolutionResult] {
        guard let tasks = intent.tasks, !tasks.isEmpty else { return [.unsupported(forReason: .noTasksFound)] }
        // Apple's INTask.title and INTaskList.tasks are nonnull: read without unwrapping.
        return tasks.map { spoken in
            let known = list.tasks.first { $0.title.spokenPhrase.localizedCaseInsensitiveCompare(spoken.title.spokenPhrase) == .orderedSame }
            return .success(with: known ?? spoken)
        }
    }

    func resolveAll(for intent: INDeleteTasksIntent, with completion: @escaping (INBooleanResolutionResult) -> Void) {
        completion(.success(with: intent.all ?? false))
    }

    func confirm(intent: INDeleteTasksIntent) async -> INDeleteTasksIntentResponse {
        INDeleteTasksIntentResponse(code: .ready, userActivity: ready)
    }

    func handle(intent: INDeleteTasksIntent, completion: @escaping (INDeleteTasksIntentResponse) -> Void) {
        let response = INDeleteTasksIntentResponse(code: .success, userActivity: nil)
        response.deletedTasks = [task]
        completion(response)
    }
}
