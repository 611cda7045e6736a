import Intents

/// Notes and tasks with the method names handlers written in iOS 11's time
/// use (`resolveTitle(forCreateNote:with:)`, `handle(createNote:completion:)`):
/// only the older names, the host reaches them through today's.
/// `priority` came later and has today's name only. The target list has
/// the name later SDKs give iOS 11's selector, which iOS 13 deprecated:
/// `resolveTargetTaskList(for:with:)` answering `INTaskListResolutionResult`
/// (today's, of the same name, answers `INAddTasksTargetTaskListResolutionResult`),
/// as Xcode's migration to iOS 12's SDK left it. The time trigger has
/// today's iOS 13 form, as an app moved to it for its result's reasons
/// (`INAddTasksTemporalEventTriggerResolutionResult`): iOS 11's selector
/// answered the base result.
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

    /// The household's lists.
    let lists = [
        INTaskList(title: INSpeakableString(spokenPhrase: "Groceries at home"), tasks: [], groupName: nil,
                   createdDateComponents: nil, modifiedDateComponents: nil, identifier: "home-groceries"),
        INTaskList(title: INSpeakableString(spokenPhrase: "Groceries at the cabin"), tasks: [], groupName: nil,
                   createdDateComponents: nil, modifiedDateComponents: nil, identifier: "cabin-groceries"),
    ]

    func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INTaskListResolutionResult) -> Void) {
        guard let list = intent.targetTaskList, list.displayString.lowercased() != "inbox" else {
            completion(.success(with: inbox))
            return
        }
        let asked = list.displayString.lowercased()
        let found = lists.filter { $0.title.spokenPhrase.lowercased().contains(asked) }
        switch found.count {
        case 1:
            completion(.success(with: found[0]))
        case 0:
            // A list the app does not have: the user confirms it is to be created
            // (INTaskListResolutionResult has no reason to say so).
            let created = INTaskList(title: INSpeakableString(spokenPhrase: list.displayString), tasks: [], groupName: nil,
                                     createdDateComponents: nil, modifiedDateComponents: nil, identifier: "created-list")
            completion(.confirmationRequired(with: created))
        default:
            completion(.disambiguation(with: found))
        }
    }

    func resolveTaskTitles(forAddTasks intent: INAddTasksIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
        guard let titles = intent.taskTitles, !titles.isEmpty else {
            completion([.needsValue()])
            return
        }
        completion(titles.map { .success(with: $0) })
    }

    /// A reminder needs a place or a time.
    func resolveSpatialEventTrigger(forAddTasks intent: INAddTasksIntent, with completion: @escaping (INSpatialEventTriggerResolutionResult) -> Void) {
        if let trigger = intent.spatialEventTrigger {
            completion(trigger.event == .unknown ? .confirmationRequired(with: INSpatialEventTrigger(placemark: trigger.placemark, event: .arrive))
                : .success(with: trigger))
        } else {
            completion(intent.temporalEventTrigger == nil ? .unsupported() : .notRequired())
        }
    }

    /// As a reminders app does: a reminder repeats at most daily, and a
    /// weekly one with no days repeats on its start's weekday.
    func resolveTemporalEventTrigger(for intent: INAddTasksIntent, with completion: @escaping (INAddTasksTemporalEventTriggerResolutionResult) -> Void) {
        guard let trigger = intent.temporalEventTrigger else {
            completion(.unsupported(forReason: .invalidRecurrence))
            return
        }
        let range = trigger.dateComponentsRange
        guard let rule = range.recurrenceRule else {
            completion(.success(with: trigger))
            return
        }
        switch rule.frequency {
        case .minute, .hourly, .unknown:
            completion(.unsupported(forReason: .invalidRecurrence))
        case .weekly where rule.weeklyRecurrenceDays.isEmpty:
            let days = range.startDateComponents.flatMap(Self.weekday) ?? []
            let weekly = INRecurrenceRule(interval: rule.interval, frequency: .weekly, weeklyRecurrenceDays: days)
            let repeating = INDateComponentsRange(start: range.startDateComponents, end: range.endDateComponents, recurrenceRule: weekly)
            completion(.success(with: INTemporalEventTrigger(dateComponentsRange: repeating)))
        case .daily, .weekly, .monthly, .yearly:
            completion(.success(with: trigger))
        @unknown default:
            completion(.unsupported(forReason: .invalidRecurrence))
        }
    }

    /// The day of the week of a date's components, as a rule's days.
    static func weekday(_ components: DateComponents) -> INDayOfWeekOptions? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: components) else { return nil }
        let days: [INDayOfWeekOptions] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        return days[calendar.component(.weekday, from: date) - 1]
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
