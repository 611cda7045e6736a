extension SystemIntents {
    /// The lists-and-notes domain (Apple's `INCreateNoteIntent`,
    /// `INAppendToNoteIntent`, `INAddTasksIntent`, `INCreateTaskListIntent`,
    /// `INSetTaskAttributeIntent`, `INSearchForNotebookItemsIntent`,
    /// `INDeleteTasksIntent` and `INSnoozeTasksIntent`), in the JSON form.
    ///
    /// Names and numbers are Apple's (`INTaskStatus`, `INTaskType`,
    /// `INTaskPriority`, `INNotebookItemType`, `INSpatialEvent`, `INSortType`
    /// keep their raw values; unsupported reasons number from 1 in Apple's
    /// order). `formerNames` are the Swift names of iOS 11's handling methods
    /// (`resolveTitle(forCreateNote:with:)`), for the parameters Apple had
    /// then. Three of iOS 11's selectors answered the base result where
    /// iOS 13 added one with a result of the parameter's own and deprecated
    /// the older (the target list, and the time triggers of adding tasks and
    /// of setting a task's attribute): later SDKs name those
    /// `resolveTargetTaskList(for:with:)` and `resolveTemporalEventTrigger(for:with:)`
    /// answering `INTaskListResolutionResult` and `INTemporalEventTriggerResolutionResult`,
    /// deprecated with Apple's messages. `INNote`, `INTask` and `INTaskList` are custom types whose
    /// initialisers are hand-written in the SDK; a note's content is an
    /// `INNoteContent`, whose subclasses are hand-written: text
    /// (`INTextNoteContent`, whose display string is the text) or an image
    /// (`INImageNoteContent`, an object with an `image`). Templates do
    /// not branch, so the search's success says no count. Each intent's response codes are Apple's;
    /// the texts are the system's dialog, in exthost's own words.
    static let listsAndNotesJSON = #"""
    {
      "enums": [
        \#(recurrenceRuleEnums),
        {
          "name": "INTaskStatus",
          "displayName": "Task Status",
          "cases": [
            { "name": "notCompleted", "displayName": "Not Completed", "value": 1 },
            { "name": "completed", "displayName": "Completed", "value": 2 }
          ]
        },
        {
          "name": "INTaskType",
          "displayName": "Task Type",
          "cases": [
            { "name": "notCompletable", "displayName": "Not Completable", "value": 1 },
            { "name": "completable", "displayName": "Completable", "value": 2 }
          ]
        },
        {
          "name": "INTaskPriority",
          "displayName": "Task Priority",
          "cases": [
            { "name": "notFlagged", "displayName": "Not Flagged", "value": 1 },
            { "name": "flagged", "displayName": "Flagged", "value": 2 }
          ]
        },
        {
          "name": "INNotebookItemType",
          "displayName": "Notebook Item Type",
          "cases": [
            { "name": "note", "displayName": "Note", "value": 1 },
            { "name": "taskList", "displayName": "Task List", "value": 2 },
            { "name": "task", "displayName": "Task", "value": 3 }
          ]
        },
        {
          "name": "INSpatialEvent",
          "displayName": "Spatial Event",
          "cases": [
            { "name": "arrive", "displayName": "Arrive", "value": 1 },
            { "name": "depart", "displayName": "Depart", "value": 2 }
          ]
        },
        {
          "name": "INSortType",
          "displayName": "Sort Type",
          "cases": [
            { "name": "asIs", "displayName": "As Is", "value": 1 },
            { "name": "byDate", "displayName": "By Date", "value": 2 }
          ]
        },
        {
          "name": "INLocationSearchType",
          "displayName": "Location Search Type",
          "cases": [
            { "name": "byLocationTrigger", "displayName": "By Location Trigger", "value": 1 }
          ]
        },
        {
          "name": "INDateSearchType",
          "displayName": "Date Search Type",
          "cases": [
            { "name": "byDueDate", "displayName": "By Due Date", "value": 1 },
            { "name": "byModifiedDate", "displayName": "By Modified Date", "value": 2 },
            { "name": "byCreatedDate", "displayName": "By Created Date", "value": 3 }
          ]
        },
        {
          "name": "INTemporalEventTriggerTypeOptions",
          "displayName": "Reminder Types",
          "optionSet": true,
          "cases": [
            { "name": "notScheduled", "displayName": "Not Scheduled", "value": 1 },
            { "name": "scheduledNonRecurring", "displayName": "Scheduled Once", "value": 2 },
            { "name": "scheduledRecurring", "displayName": "Scheduled Recurring", "value": 4 }
          ]
        }
      ],
      "types": [
        { "name": "INSpeakableString", "displayName": "Speakable String", "properties": [] },
        { "name": "INNoteContent", "displayName": "Note Content", "properties": [] },
        \#(dateComponentsRangeType),
        {
          "name": "INTemporalEventTrigger",
          "displayName": "Time Trigger",
          "plainObject": true,
          "properties": [
            { "name": "dateComponentsRange", "displayName": "When", "type": "type:INDateComponentsRange", "nonnull": true }
          ]
        },
        {
          "name": "INSpatialEventTrigger",
          "displayName": "Place Trigger",
          "plainObject": true,
          "properties": [
            { "name": "placemark", "displayName": "Place", "type": "Placemark", "nonnull": true },
            { "name": "event", "displayName": "Event", "type": "enum:INSpatialEvent" }
          ]
        },
        {
          "name": "INNote",
          "displayName": "Note",
          "properties": [
            { "name": "title", "displayName": "Title", "type": "type:INSpeakableString", "nonnull": true },
            { "name": "contents", "displayName": "Contents", "type": "type:INNoteContent", "supportsMultipleValues": true, "nonnull": true },
            { "name": "groupName", "displayName": "Folder", "type": "type:INSpeakableString" },
            { "name": "createdDateComponents", "displayName": "Created", "type": "DateComponents" },
            { "name": "modifiedDateComponents", "displayName": "Modified", "type": "DateComponents" }
          ]
        },
        {
          "name": "INTask",
          "displayName": "Task",
          "properties": [
            { "name": "title", "displayName": "Title", "type": "type:INSpeakableString", "nonnull": true },
            { "name": "status", "displayName": "Status", "type": "enum:INTaskStatus" },
            { "name": "taskType", "displayName": "Type", "type": "enum:INTaskType" },
            { "name": "spatialEventTrigger", "displayName": "Place Trigger", "type": "type:INSpatialEventTrigger" },
            { "name": "temporalEventTrigger", "displayName": "Time Trigger", "type": "type:INTemporalEventTrigger" },
            { "name": "createdDateComponents", "displayName": "Created", "type": "DateComponents" },
            { "name": "modifiedDateComponents", "displayName": "Modified", "type": "DateComponents" },
            { "name": "priority", "displayName": "Priority", "type": "enum:INTaskPriority" }
          ]
        },
        {
          "name": "INTaskList",
          "displayName": "Task List",
          "properties": [
            { "name": "title", "displayName": "Title", "type": "type:INSpeakableString", "nonnull": true },
            { "name": "tasks", "displayName": "Tasks", "type": "type:INTask", "supportsMultipleValues": true, "nonnull": true },
            { "name": "groupName", "displayName": "Folder", "type": "type:INSpeakableString" },
            { "name": "createdDateComponents", "displayName": "Created", "type": "DateComponents" },
            { "name": "modifiedDateComponents", "displayName": "Modified", "type": "DateComponents" }
          ]
        }
      ],
      "intents": [
        {
          "name": "INCreateNoteIntent",
          "title": "Create Note",
          "description": "Creates a note with a title and content",
          "category": "create",
          "verb": "Create",
          "kind": "System",
          "formerNames": { "label": "createNote", "parameters": ["title", "content", "groupName"] },
          "keyParameter": "title",
          "parameters": [
            {
              "name": "title", "displayName": "Title", "type": "type:INSpeakableString", "supportsResolution": true,
              "prompts": [{ "kind": "Primary", "formatString": "What do you want to call the note?" }]
            },
            { "name": "content", "displayName": "Content", "type": "type:INNoteContent", "supportsResolution": true },
            { "name": "groupName", "displayName": "Folder", "type": "type:INSpeakableString", "supportsResolution": true }
          ],
          "response": {
            "parameters": [{ "name": "createdNote", "displayName": "Note", "type": "type:INNote" }],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Created the note ${createdNote}.", "success": true },
              { "name": "failure", "formatString": "The note could not be created." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to create the note." }
            ]
          }
        },
        {
          "name": "INAppendToNoteIntent",
          "title": "Append to Note",
          "description": "Adds content to the end of a note",
          "category": "update",
          "verb": "Add",
          "kind": "System",
          "deprecated": true,
          "deprecationMessage": "There is no replacement.",
          "formerNames": { "label": "appendToNote", "parameters": ["targetNote", "content"] },
          "keyParameter": "targetNote",
          "parameters": [
            {
              "name": "targetNote", "displayName": "Note", "type": "type:INNote", "supportsResolution": true,
              "prompts": [{ "kind": "Primary", "formatString": "Which note?" }]
            },
            {
              "name": "content", "displayName": "Content", "type": "type:INNoteContent", "supportsResolution": true,
              "prompts": [{ "kind": "Primary", "formatString": "What do you want to add?" }]
            }
          ],
          "response": {
            "parameters": [{ "name": "note", "displayName": "Note", "type": "type:INNote" }],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Added to ${note}.", "success": true },
              { "name": "failure", "formatString": "Nothing could be added to the note." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to change the note." },
              { "name": "failureCannotUpdatePasswordProtectedNote", "formatString": "That note is locked with a password." }
            ]
          }
        },
        {
          "name": "INAddTasksIntent",
          "title": "Add Tasks",
          "description": "Adds tasks to a list",
          "category": "create",
          "verb": "Add",
          "kind": "System",
          "formerNames": {
            "label": "addTasks",
            "parameters": [
              {
                "name": "targetTaskList",
                "baseResult": true,
                "deprecationMessage": "resolveTargetTaskListForAddTasks:withCompletion: is deprecated. Use resolveTargetTaskListForAddTasks:completion: instead"
              },
              "taskTitles",
              "spatialEventTrigger",
              {
                "name": "temporalEventTrigger",
                "baseResult": true,
                "deprecationMessage": "resolveTemporalEventTriggerForAddTasks:withCompletion: is deprecated. Use resolveTemporalEventTriggerForAddTasks:completion: instead"
              }
            ]
          },
          "keyParameter": "taskTitles",
          "parameters": [
            {
              "name": "targetTaskList", "displayName": "List", "type": "type:INTaskList", "supportsResolution": true,
              "confirmationReasons": [{ "code": "listShouldBeCreated", "formatString": "There's no list called ${targetTaskList}. Do you want to create it?" }]
            },
            {
              "name": "taskTitles", "displayName": "Tasks", "type": "type:INSpeakableString", "supportsMultipleValues": true, "supportsResolution": true,
              "prompts": [{ "kind": "Primary", "formatString": "Which tasks do you want to add?" }]
            },
            { "name": "spatialEventTrigger", "displayName": "Place Trigger", "type": "type:INSpatialEventTrigger", "supportsResolution": true },
            {
              "name": "temporalEventTrigger", "displayName": "Time Trigger", "type": "type:INTemporalEventTrigger", "supportsResolution": true,
              "resultName": "TemporalEventTrigger",
              "unsupportedReasons": [
                { "code": "timeInPast", "formatString": "The reminder's time has already passed." },
                { "code": "invalidRecurrence", "formatString": "The app can't repeat a reminder that way." }
              ]
            },
            { "name": "priority", "displayName": "Priority", "type": "enum:INTaskPriority", "supportsResolution": true }
          ],
          "response": {
            "parameters": [
              { "name": "modifiedTaskList", "displayName": "List", "type": "type:INTaskList" },
              { "name": "addedTasks", "displayName": "Added", "type": "type:INTask", "supportsMultipleValues": true }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Added ${addedTasks} to ${modifiedTaskList}.", "success": true },
              { "name": "failure", "formatString": "The tasks could not be added." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to add the tasks." }
            ]
          }
        },
        {
          "name": "INCreateTaskListIntent",
          "title": "Create Task List",
          "description": "Creates a list, with tasks",
          "category": "create",
          "verb": "Create",
          "kind": "System",
          "deprecated": true,
          "deprecationMessage": "There is no replacement.",
          "formerNames": { "label": "createTaskList", "parameters": ["title", "taskTitles", "groupName"] },
          "keyParameter": "title",
          "parameters": [
            {
              "name": "title", "displayName": "Title", "type": "type:INSpeakableString", "supportsResolution": true,
              "prompts": [{ "kind": "Primary", "formatString": "What do you want to call the list?" }]
            },
            { "name": "taskTitles", "displayName": "Tasks", "type": "type:INSpeakableString", "supportsMultipleValues": true, "supportsResolution": true },
            { "name": "groupName", "displayName": "Folder", "type": "type:INSpeakableString", "supportsResolution": true }
          ],
          "response": {
            "parameters": [{ "name": "createdTaskList", "displayName": "List", "type": "type:INTaskList" }],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Created the list ${createdTaskList}.", "success": true },
              { "name": "failure", "formatString": "The list could not be created." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to create the list." }
            ]
          }
        },
        {
          "name": "INSetTaskAttributeIntent",
          "title": "Set Task Attribute",
          "description": "Completes, flags, renames or reschedules a task",
          "category": "update",
          "verb": "Set",
          "kind": "System",
          "formerNames": {
            "label": "setTaskAttribute",
            "parameters": [
              "targetTask",
              "status",
              "spatialEventTrigger",
              {
                "name": "temporalEventTrigger",
                "baseResult": true,
                "deprecationMessage": "resolveTemporalEventTriggerForSetTaskAttribute:withCompletion: is deprecated. Use resolveTemporalEventTriggerForSetTaskAttribute:completion: instead"
              }
            ]
          },
          "keyParameter": "targetTask",
          "parameters": [
            {
              "name": "targetTask", "displayName": "Task", "type": "type:INTask", "supportsResolution": true,
              "prompts": [{ "kind": "Primary", "formatString": "Which task?" }]
            },
            { "name": "taskTitle", "displayName": "Title", "type": "type:INSpeakableString", "supportsResolution": true },
            { "name": "status", "displayName": "Status", "type": "enum:INTaskStatus", "supportsResolution": true },
            { "name": "priority", "displayName": "Priority", "type": "enum:INTaskPriority", "supportsResolution": true },
            { "name": "spatialEventTrigger", "displayName": "Place Trigger", "type": "type:INSpatialEventTrigger", "supportsResolution": true },
            {
              "name": "temporalEventTrigger", "displayName": "Time Trigger", "type": "type:INTemporalEventTrigger", "supportsResolution": true,
              "resultName": "TemporalEventTrigger",
              "unsupportedReasons": [
                { "code": "timeInPast", "formatString": "The task can't be moved to a time that has passed." },
                { "code": "invalidRecurrence", "formatString": "The task can't repeat that way." }
              ]
            }
          ],
          "response": {
            "parameters": [{ "name": "modifiedTask", "displayName": "Task", "type": "type:INTask" }],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Updated ${modifiedTask}.", "success": true },
              { "name": "failure", "formatString": "The task could not be changed." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to change the task." }
            ]
          }
        },
        {
          "name": "INSearchForNotebookItemsIntent",
          "title": "Search for Notebook Items",
          "description": "Finds notes, lists and tasks by title, content, type or status",
          "category": "search",
          "verb": "Search",
          "kind": "System",
          "formerNames": { "label": "searchForNotebookItems", "parameters": ["title", "content", "itemType", "status"] },
          "parameters": [
            { "name": "title", "displayName": "Title", "type": "type:INSpeakableString", "supportsResolution": true },
            { "name": "content", "displayName": "Content", "type": "String", "supportsResolution": true },
            { "name": "itemType", "displayName": "Item Type", "type": "enum:INNotebookItemType", "supportsResolution": true },
            { "name": "status", "displayName": "Status", "type": "enum:INTaskStatus", "supportsResolution": true },
            { "name": "location", "displayName": "Where", "type": "Placemark", "supportsResolution": true },
            { "name": "locationSearchType", "displayName": "Location Search", "type": "enum:INLocationSearchType", "supportsResolution": true },
            { "name": "taskPriority", "displayName": "Priority", "type": "enum:INTaskPriority", "supportsResolution": true },
            { "name": "dateTime", "displayName": "When", "type": "type:INDateComponentsRange", "supportsResolution": true },
            { "name": "dateSearchType", "displayName": "Date Search", "type": "enum:INDateSearchType", "supportsResolution": true },
            {
              "name": "temporalEventTriggerTypes",
              "displayName": "Reminder Types",
              "type": "enum:INTemporalEventTriggerTypeOptions",
              "supportsResolution": true
            },
            { "name": "notebookItemIdentifier", "displayName": "Item", "type": "String" }
          ],
          "response": {
            "parameters": [
              { "name": "notes", "displayName": "Notes", "type": "type:INNote", "supportsMultipleValues": true },
              { "name": "taskLists", "displayName": "Lists", "type": "type:INTaskList", "supportsMultipleValues": true },
              { "name": "tasks", "displayName": "Tasks", "type": "type:INTask", "supportsMultipleValues": true },
              { "name": "sortType", "displayName": "Sort", "type": "enum:INSortType" }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Here is what the notebook has.", "success": true },
              { "name": "failure", "formatString": "The notebook could not be searched." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to search it." }
            ]
          }
        },
        {
          "name": "INDeleteTasksIntent",
          "title": "Delete Tasks",
          "description": "Deletes tasks from a list",
          "category": "generic",
          "verb": "Delete",
          "kind": "System",
          "deprecated": true,
          "deprecationMessage": "There is no replacement.",
          "keyParameter": "tasks",
          "parameters": [
            {
              "name": "taskList", "displayName": "List", "type": "type:INTaskList", "supportsResolution": true, "resultName": "TaskList",
              "unsupportedReasons": [{ "code": "noTaskListFound", "formatString": "There is no list called ${taskList}." }]
            },
            {
              "name": "tasks", "displayName": "Tasks", "type": "type:INTask", "supportsMultipleValues": true, "supportsResolution": true, "resultName": "Task",
              "unsupportedReasons": [
                { "code": "noTasksFound", "formatString": "There is no task called ${tasks}." },
                { "code": "noTasksInApp", "formatString": "The app has no tasks." }
              ]
            },
            { "name": "all", "displayName": "All", "type": "Boolean", "supportsResolution": true }
          ],
          "response": {
            "parameters": [{ "name": "deletedTasks", "displayName": "Deleted", "type": "type:INTask", "supportsMultipleValues": true }],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Deleted ${deletedTasks}.", "success": true },
              { "name": "failure", "formatString": "The tasks could not be deleted." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to delete the tasks." }
            ]
          }
        },
        {
          "name": "INSnoozeTasksIntent",
          "title": "Snooze Tasks",
          "description": "Reminds of tasks again later",
          "category": "generic",
          "verb": "Snooze",
          "kind": "System",
          "keyParameter": "tasks",
          "parameters": [
            {
              "name": "tasks", "displayName": "Tasks", "type": "type:INTask", "supportsMultipleValues": true, "supportsResolution": true, "resultName": "Task",
              "unsupportedReasons": [{ "code": "noTasksFound", "formatString": "There is no task called ${tasks} to snooze." }]
            },
            { "name": "nextTriggerTime", "displayName": "Next Reminder", "type": "type:INDateComponentsRange", "supportsResolution": true },
            { "name": "all", "displayName": "All", "type": "Boolean", "supportsResolution": true }
          ],
          "response": {
            "parameters": [{ "name": "snoozedTasks", "displayName": "Snoozed", "type": "type:INTask", "supportsMultipleValues": true }],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Snoozed ${snoozedTasks}.", "success": true },
              { "name": "failure", "formatString": "The tasks could not be snoozed." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to snooze the tasks." }
            ]
          }
        }
      ]
    }
    """#
}
