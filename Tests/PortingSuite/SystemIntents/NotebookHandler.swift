import Intents

/// Notes and tasks with the method names handlers written in iOS 11's time
/// use (`resolveTitle(forCreateNote:with:)`, `handle(createNote:completion:)`):
/// only the older names, the host reaches them through today's.
/// `priority` came later and has today's name only, and the target list
/// today's iOS 13 form, as an app moved to it for its confirmation reason
/// (`INAddTasksTargetTaskListResolutionResult`).
class NotebookHandler: NSObject, INCreateNoteIntentHandling, INAddTasksIntentHandling {
    let inbox = INTaskList(title: INSpeakableString(spokenPhrase: "Inbox"), tasks: [], groupName: nil,
                           createdDateComponents: nil, modifiedDateComponents: nil, identifier: "inbox")

    // MARK: INCreateNoteIntentHandling

    func resolveTitle(forCreateNote intent: INCreateNoteIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        guard let title = intent.title, !title.spokenPhrase.isEmpty else {
            completion(.needsValue())
            return
        }
        completion(.success(with: title))
    }

    func resolveContent(forCreateNote intent: INCreateNoteIntent, with completion: @escaping (INNoteContentResolutionResult) -> Void) {
        completion(.success(with: intent.content ?? INTextNoteContent(text: "")))
    }

    func resolveGroupName(forCreateNote intent: INCreateNoteIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(.success(with: intent.groupName ?? INSpeakableString(vocabularyIdentifier: "notes", spokenPhrase: "Notes", pronunciationHint: nil)))
    }

    func confirm(createNote intent: INCreateNoteIntent, completion: @escaping (INCreateNoteIntentResponse) -> Void) {
        completion(INCreateNoteIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(createNote intent: INCreateNoteIntent, completion: @escaping (INCreateNoteIntentResponse) -> Void) {
        let response = INCreateNoteIntentResponse(code: .success, userActivity: nil)
        response.createdNote = INNote(title: intent.title ?? INSpeakableString(spokenPhrase: "Untitled"), contents: [], groupName: intent.groupName,
                                      createdDateComponents: nil, modifiedDateComponents: nil, identifier: "n1")
        completion(response)
    }

    // MARK: INAddTasksIntentHandling

    func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INAddTasksTargetTaskListResolutionResult) -> Void) {
        guard let list = intent.targetTaskList, list.displayString.lowercased() != "inbox" else {
            completion(.success(with: inbox))
            return
        }
        // A list the app does not have: the user is asked whether to create it.
        let created = INTaskList(title: INSpeakableString(spokenPhrase: list.displayString), tasks: [], groupName: nil,
                                 createdDateComponents: nil, modifiedDateComponents: nil, identifier: "created-list")
        completion(.confirmationRequired(with: created, forReason: .listShouldBeCreated))
    }

    func resolveTaskTitles(forAddTasks intent: INAddTasksIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
        guard let titles = intent.taskTitles, !titles.isEmpty else {
            completion([.needsValue()])
            return
        }
        completion(titles.map { .success(with: $0) })
    }

    func resolveSpatialEventTrigger(forAddTasks intent: INAddTasksIntent, with completion: @escaping (INSpatialEventTriggerResolutionResult) -> Void) {
        completion(.unsupported())
    }

    func resolveTemporalEventTrigger(forAddTasks intent: INAddTasksIntent, with completion: @escaping (INAddTasksTemporalEventTriggerResolutionResult) -> Void) {
        guard let trigger = intent.temporalEventTrigger else {
            completion(.unsupported(forReason: .invalidRecurrence))
            return
        }
        completion(.success(with: trigger))
    }

    func resolvePriority(for intent: INAddTasksIntent) async -> INTaskPriorityResolutionResult {
        .success(with: intent.priority == .unknown ? .notFlagged : intent.priority)
    }

    func confirm(addTasks intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
        completion(INAddTasksIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(addTasks intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
        let tasks = (intent.taskTitles ?? []).enumerated().map { index, title in
            INTask(title: title, status: .notCompleted, taskType: .completable, spatialEventTrigger: nil, temporalEventTrigger: intent.temporalEventTrigger,
                   createdDateComponents: Calendar.current.dateComponents([.year, .month, .day], from: Date()), modifiedDateComponents: nil,
                   identifier: "t\(index)", priority: intent.priority)
        }
        let response = INAddTasksIntentResponse(code: .success, userActivity: nil)
        response.modifiedTaskList = intent.targetTaskList ?? inbox
        response.addedTasks = tasks
        completion(response)
    }
}
