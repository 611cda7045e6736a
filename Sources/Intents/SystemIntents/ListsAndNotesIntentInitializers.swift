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
