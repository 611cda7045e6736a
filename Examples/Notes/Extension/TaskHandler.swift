import Intents

/// Adds tasks to lists, creates lists, and completes, deletes and snoozes tasks.
final class TaskHandler: NSObject, INAddTasksIntentHandling, INSetTaskAttributeIntentHandling, INSnoozeTasksIntentHandling {
    func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INAddTasksTargetTaskListResolutionResult) -> Void) {
        if let list = Notebook.named(intent.targetTaskList, in: Notebook.lists).first {
            completion(.success(with: list))
        } else if let spoken = intent.targetTaskList {
            // No such list: offer to create it.
            let list = INTaskList(title: INSpeakableString(spokenPhrase: spoken.displayString), tasks: [], groupName: nil,
                                  createdDateComponents: nil, modifiedDateComponents: nil, identifier: "list-new")
            completion(.confirmationRequired(with: list, forReason: .listShouldBeCreated))
        } else {
            completion(.needsValue())
        }
    }

    func resolveTaskTitles(for intent: INAddTasksIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
        let titles = intent.taskTitles ?? []
        completion(titles.isEmpty ? [.needsValue()] : titles.map { .success(with: $0) })
    }

    func handle(intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
        guard let list = intent.targetTaskList else {
            completion(INAddTasksIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let added = (intent.taskTitles ?? []).enumerated().map { Notebook.task($1.spokenPhrase, "task-new-\($0 + 1)") }
        list.tasks += added
        let response = INAddTasksIntentResponse(code: .success, userActivity: nil)
        response.addedTasks = added
        response.modifiedTaskList = list
        completion(response)
    }

    func resolveTargetTask(for intent: INSetTaskAttributeIntent, with completion: @escaping (INTaskResolutionResult) -> Void) {
        if let task = Notebook.named(intent.targetTask, in: Notebook.tasks).first {
            completion(.success(with: task))
        } else {
            completion(intent.targetTask == nil ? .needsValue() : .unsupported())
        }
    }

    func handle(intent: INSetTaskAttributeIntent, completion: @escaping (INSetTaskAttributeIntentResponse) -> Void) {
        guard let task = intent.targetTask else {
            completion(INSetTaskAttributeIntentResponse(code: .failure, userActivity: nil))
            return
        }
        if intent.status != .unknown { task.status = intent.status }
        if intent.priority != .unknown { task.priority = intent.priority }
        let response = INSetTaskAttributeIntentResponse(code: .success, userActivity: nil)
        response.modifiedTask = task
        completion(response)
    }

    func resolveTasks(for intent: INSnoozeTasksIntent, with completion: @escaping ([INSnoozeTasksTaskResolutionResult]) -> Void) {
        completion(resolved(intent.tasks) { .unsupported(forReason: .noTasksFound) })
    }

    func handle(intent: INSnoozeTasksIntent, completion: @escaping (INSnoozeTasksIntentResponse) -> Void) {
        let response = INSnoozeTasksIntentResponse(code: .success, userActivity: nil)
        response.snoozedTasks = intent.tasks
        completion(response)
    }

    /// Each task named matched against the lists' tasks; `unknown` for a name none has.
    private func resolved<Result: INTaskResolutionResult>(_ tasks: [INTask]?, unknown: () -> Result) -> [Result] {
        guard let tasks, !tasks.isEmpty else { return [Result.needsValue()] }
        return tasks.map { named in
            Notebook.named(named, in: Notebook.tasks).first.map { Result.success(with: $0) } ?? unknown()
        }
    }
}

// iOS 15 deprecates INCreateTaskListIntent and INDeleteTasksIntent with no
// replacement; the app still answers them, each in an extension that says
// so and so builds without warnings.
@available(*, deprecated, message: "INCreateTaskListIntent is deprecated. There is no replacement.")
extension TaskHandler: INCreateTaskListIntentHandling {
    func handle(intent: INCreateTaskListIntent, completion: @escaping (INCreateTaskListIntentResponse) -> Void) {
        guard let title = intent.title else {
            completion(INCreateTaskListIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let tasks = (intent.taskTitles ?? []).enumerated().map { Notebook.task($1.spokenPhrase, "task-new-\($0 + 1)") }
        let response = INCreateTaskListIntentResponse(code: .success, userActivity: nil)
        response.createdTaskList = INTaskList(title: title, tasks: tasks, groupName: intent.groupName,
                                              createdDateComponents: nil, modifiedDateComponents: nil, identifier: "list-2")
        completion(response)
    }
}

@available(*, deprecated, message: "INDeleteTasksIntent is deprecated. There is no replacement.")
extension TaskHandler: INDeleteTasksIntentHandling {
    func resolveTasks(for intent: INDeleteTasksIntent, with completion: @escaping ([INDeleteTasksTaskResolutionResult]) -> Void) {
        completion(resolved(intent.tasks) { .unsupported(forReason: .noTasksFound) })
    }

    func handle(intent: INDeleteTasksIntent, completion: @escaping (INDeleteTasksIntentResponse) -> Void) {
        let response = INDeleteTasksIntentResponse(code: .success, userActivity: nil)
        response.deletedTasks = intent.tasks
        completion(response)
    }
}
