/// Apple's initialisers of the lists-and-notes intents, which apps call to
/// donate an interaction or to build an intent in tests. The classes
/// themselves are generated with the system intents.
extension INCreateNoteIntent {
    /// A note to create.
    public convenience init(title: INSpeakableString?, content: INNoteContent?, groupName: INSpeakableString?) {
        self.init()
        self.title = title
        self.content = content
        self.groupName = groupName
    }
}

@available(*, deprecated, message: "INAppendToNoteIntent is deprecated. There is no replacement.")
extension INAppendToNoteIntent {
    /// Content to add to a note.
    public convenience init(targetNote: INNote?, content: INNoteContent?) {
        self.init()
        self.targetNote = targetNote
        self.content = content
    }
}

extension INAddTasksIntent {
    /// Tasks to add to a list.
    public convenience init(
        targetTaskList: INTaskList?,
        taskTitles: [INSpeakableString]?,
        spatialEventTrigger: INSpatialEventTrigger?,
        temporalEventTrigger: INTemporalEventTrigger?,
        priority: INTaskPriority
    ) {
        self.init()
        self.targetTaskList = targetTaskList
        self.taskTitles = taskTitles
        self.spatialEventTrigger = spatialEventTrigger
        self.temporalEventTrigger = temporalEventTrigger
        self.priority = priority
    }
}

@available(*, deprecated, message: "INCreateTaskListIntent is deprecated. There is no replacement.")
extension INCreateTaskListIntent {
    /// A list to create, with tasks.
    public convenience init(title: INSpeakableString?, taskTitles: [INSpeakableString]?, groupName: INSpeakableString?) {
        self.init()
        self.title = title
        self.taskTitles = taskTitles
        self.groupName = groupName
    }
}

extension INSetTaskAttributeIntent {
    /// A change to a task.
    public convenience init(
        targetTask: INTask?,
        taskTitle: INSpeakableString?,
        status: INTaskStatus,
        priority: INTaskPriority,
        spatialEventTrigger: INSpatialEventTrigger?,
        temporalEventTrigger: INTemporalEventTrigger?
    ) {
        self.init()
        self.targetTask = targetTask
        self.taskTitle = taskTitle
        self.status = status
        self.priority = priority
        self.spatialEventTrigger = spatialEventTrigger
        self.temporalEventTrigger = temporalEventTrigger
    }
}

@available(*, deprecated, message: "INDeleteTasksIntent is deprecated. There is no replacement.")
extension INDeleteTasksIntent {
    /// Tasks to delete.
    public convenience init(taskList: INTaskList?, tasks: [INTask]?, all: Bool?) {
        self.init()
        self.taskList = taskList
        self.tasks = tasks
        self.all = all
    }
}

extension INSnoozeTasksIntent {
    /// Tasks to be reminded of later.
    public convenience init(tasks: [INTask]?, nextTriggerTime: INDateComponentsRange?, all: Bool?) {
        self.init()
        self.tasks = tasks
        self.nextTriggerTime = nextTriggerTime
        self.all = all
    }
}

extension INSearchForNotebookItemsIntent {
    /// A search of the notebook (iOS 13's initialiser).
    ///
    /// - Parameters:
    ///   - title: The title of the note, list or task.
    ///   - content: Words in the content.
    ///   - itemType: Notes, lists or tasks.
    ///   - status: Completed or not (tasks).
    ///   - location: Where a task's reminder fires.
    ///   - locationSearchType: How `location` is matched.
    ///   - dateTime: When.
    ///   - dateSearchType: Which date `dateTime` is matched against.
    ///   - temporalEventTriggerTypes: Tasks with no reminder, a reminder once, or a recurring one.
    ///   - taskPriority: Flagged or not.
    ///   - notebookItemIdentifier: The app's identifier of one item.
    public convenience init(
        title: INSpeakableString?,
        content: String?,
        itemType: INNotebookItemType,
        status: INTaskStatus,
        location: CLPlacemark?,
        locationSearchType: INLocationSearchType,
        dateTime: INDateComponentsRange?,
        dateSearchType: INDateSearchType,
        temporalEventTriggerTypes: INTemporalEventTriggerTypeOptions,
        taskPriority: INTaskPriority,
        notebookItemIdentifier: String?
    ) {
        self.init(
            title: title, content: content, itemType: itemType, status: status, location: location,
            locationSearchType: locationSearchType, dateTime: dateTime, dateSearchType: dateSearchType
        )
        self.temporalEventTriggerTypes = temporalEventTriggerTypes
        self.taskPriority = taskPriority
        self.notebookItemIdentifier = notebookItemIdentifier
    }

    /// A search of the notebook (iOS 11's initialiser): iOS 13's first
    /// eight parameters, with no reminder types, priority or identifier.
    public convenience init(
        title: INSpeakableString?,
        content: String?,
        itemType: INNotebookItemType,
        status: INTaskStatus,
        location: CLPlacemark?,
        locationSearchType: INLocationSearchType,
        dateTime: INDateComponentsRange?,
        dateSearchType: INDateSearchType
    ) {
        self.init()
        self.title = title
        self.content = content
        self.itemType = itemType
        self.status = status
        self.location = location
        self.locationSearchType = locationSearchType
        self.dateTime = dateTime
        self.dateSearchType = dateSearchType
    }
}
