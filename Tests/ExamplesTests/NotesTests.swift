import ExthostTestSupport
import Foundation
import Testing

/// Lists and notes: Apple's eight notebook intents, system intents, through
/// `exthost run --json` against the notes example, whose handlers are two
/// objects conforming to several `…IntentHandling` protocols each.
@Suite("Lists and notes, end to end")
struct NotesTests {
    private func system() throws -> ExampleSystem {
        try ExampleSystem(plugins: ["NotesExtension"])
    }

    /// A request that must succeed, and its response.
    private func response(_ request: String, answers: [String] = [], in system: ExampleSystem) throws -> (message: String?, response: [String: Any]) {
        let result = try system.run(request, answers: answers)
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        return (json["message"] as? String, try #require(json["response"] as? [String: Any], "\(result.both)"))
    }

    @Test("a note's content given with an image reaches the handler as an INImageNoteContent: one at a URL is kept, a named one refused")
    func imageContent() throws {
        let system = try system()
        defer { system.tearDown() }
        let receipt = #"{"displayString": "Receipt", "image": "file:///tmp/receipt.png"}"#
        let created = try response(#"{"intent": "INCreateNoteIntent", "parameters": {"title": "Taxes", "content": \#(receipt)}}"#, in: system)
        #expect(created.message == "Created the note Taxes.")
        let note = try #require(created.response["createdNote"] as? [String: Any])
        let contents = (note["properties"] as? [String: Any])?["contents"] as? [[String: Any]]
        #expect(contents?.map { $0["image"] as? String } == ["file:///tmp/receipt.png"], "\(note)")

        let named = try system.run(#"{"intent": "INCreateNoteIntent", "parameters": {"title": "Taxes", "content": {"displayString": "Logo", "image": "logo"}}}"#)
        #expect(named.status == 3, "\(named.both)")
        let transcript = try named.transcript()
        #expect(transcript.contains { $0["parameter"] as? String == "content" && $0["result"] as? String == "unsupported" }, "\(named.both)")

        // Text stays text: the handler's INImageNoteContent case does not take it.
        let text = try response(#"{"intent": "INCreateNoteIntent", "parameters": {"title": "Taxes", "content": "logo"}}"#, in: system)
        #expect(text.message == "Created the note Taxes.")
    }

    @Test("an image given by its bytes (a base64 data: URL) reaches the handler as INImage(imageData:) and comes back with them", arguments: [[], ["--isolated"]])
    func imageDataContent(options: [String]) throws {
        let system = try system()
        defer { system.tearDown() }
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x2A])
        let image = "data:image/png;base64," + bytes.base64EncodedString()
        // The handler refuses an image it would have to name; bytes it takes.
        let result = try system.run(#"{"intent": "INCreateNoteIntent", "parameters": {"title": "Taxes", "content": {"displayString": "Scan", "image": "\#(image)"}}}"#,
                                    options: options)
        #expect(result.status == 0, "\(result.both)")
        let note = try #require((try result.json()["response"] as? [String: Any])?["createdNote"] as? [String: Any], "\(result.both)")
        let contents = (note["properties"] as? [String: Any])?["contents"] as? [[String: Any]]
        let shown = try #require(contents?.first?["image"] as? String, "\(note)")
        #expect(shown == image, "the bytes crossed to the extension and back")
        #expect(Data(base64Encoded: String(shown.dropFirst("data:image/png;base64,".count))) == bytes)

        let broken = try system.run(#"{"intent": "INCreateNoteIntent", "parameters": {"title": "Taxes", "content": {"displayString": "Scan", "image": "data:image/png;base64,***"}}}"#,
                                    options: options)
        #expect(broken.status == 2, "\(broken.both)")
        #expect((try broken.json()["message"] as? String)?.contains(#"has an "image" that starts with data: but is no base64 data: URL"#) == true, "\(broken.both)")
    }

    @Test("a note is created with its title and text, and a missing title is asked for")
    func createNote() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/Notes/Requests/create-note.json"), encoding: .utf8)
        let created = try response(request, in: system)
        #expect(created.message == "Created the note Shopping.")
        let note = try #require(created.response["createdNote"] as? [String: Any])
        let contents = (note["properties"] as? [String: Any])?["contents"] as? [[String: Any]]
        #expect(contents?.map { $0["displayString"] as? String } == ["Oranges and figs"])

        let untitled = #"{"intent": "INCreateNoteIntent", "parameters": {"content": "Call the plumber"}}"#
        #expect(try system.question(untitled)["prompt"] as? String == "What do you want to call the note?")
        #expect(try response(untitled, answers: ["title=Home"], in: system).message == "Created the note Home.")
    }

    @Test("tasks are added to a list, which the response carries with its old and new tasks")
    func addTasks() throws {
        let system = try system()
        defer { system.tearDown() }
        let added = try response(#"{"intent": "INAddTasksIntent", "parameters": {"targetTaskList": "Groceries", "taskTitles": ["Eggs", "Butter"]}}"#, in: system)
        #expect(added.message == "Added Eggs and Butter to Groceries.")
        let list = try #require(added.response["modifiedTaskList"] as? [String: Any])
        let tasks = (list["properties"] as? [String: Any])?["tasks"] as? [[String: Any]]
        #expect(tasks?.map { $0["displayString"] as? String } == ["Milk", "Bread", "Eggs", "Butter"])
        let first = try #require((added.response["addedTasks"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        #expect(first["status"] as? String == "notCompleted", "INTaskStatus.notCompleted, by case name")
    }

    @Test("text is appended to the note its title names, in any case; a note the app lacks is refused and asked about again")
    func appendToNote() throws {
        let system = try system()
        defer { system.tearDown() }
        let appended = try response(#"{"intent": "INAppendToNoteIntent", "parameters": {"targetNote": "trip ideas", "content": "Porto in June"}}"#, in: system)
        #expect(appended.message == "Added to Trip ideas.")
        let note = try #require(appended.response["note"] as? [String: Any])
        let contents = (note["properties"] as? [String: Any])?["contents"] as? [[String: Any]]
        #expect(contents?.map { $0["displayString"] as? String } == ["Lisbon in May", "Porto in June"], "\(note)")

        let unknown = try system.run(#"{"intent": "INAppendToNoteIntent", "parameters": {"targetNote": "Recipes", "content": "Soup"}}"#)
        #expect(unknown.status == 3, "\(unknown.both)")
        let transcript = try unknown.transcript()
        #expect(transcript.contains { $0["parameter"] as? String == "targetNote" && $0["result"] as? String == "unsupported" }, "\(unknown.both)")
    }

    @Test("a list is created with its title and tasks; without a title the handler cannot create it")
    func createTaskList() throws {
        let system = try system()
        defer { system.tearDown() }
        let created = try response(#"{"intent": "INCreateTaskListIntent", "parameters": {"title": "Weekend", "taskTitles": ["Mow the lawn", "Call Ana"]}}"#, in: system)
        #expect(created.message == "Created the list Weekend.")
        let list = try #require(created.response["createdTaskList"] as? [String: Any])
        #expect(list["identifier"] as? String == "list-2")
        let tasks = (list["properties"] as? [String: Any])?["tasks"] as? [[String: Any]]
        #expect(tasks?.map { $0["displayString"] as? String } == ["Mow the lawn", "Call Ana"], "\(list)")

        let untitled = try system.run(#"{"intent": "INCreateTaskListIntent", "parameters": {"taskTitles": ["Nails"]}}"#)
        #expect(untitled.status != 0, "\(untitled.both)")
        #expect(try untitled.json()["message"] as? String == "The list could not be created.", "\(untitled.both)")
    }

    @Test("a list the app lacks is offered for creation (listShouldBeCreated), in English and Japanese; yes adds the tasks to the new list",
          arguments: [[], ["--isolated"]])
    func listShouldBeCreated(options: [String]) throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "INAddTasksIntent", "parameters": {"targetTaskList": "Hardware", "taskTitles": ["Nails"]}}"#
        // resolveTargetTaskList(for:with:) answered confirmationRequired(with:forReason:): the reason's question.
        let question = try #require(try system.run(request, options: options).question())
        #expect(question["answerKey"] as? String == "targetTaskList", "\(question)")
        #expect(question["prompt"] as? String == "There's no list called Hardware. Do you want to create it?", "\(question)")
        let japanese = try #require(try system.run(request, options: options + ["--locale", "ja"]).question())
        #expect(japanese["prompt"] as? String == "Hardwareというリストはありません。作成しますか？", "\(japanese)")
        let added = try system.run(request, answers: ["targetTaskList=yes"], options: options)
        #expect(added.status == 0, "\(added.both)")
        let json = try added.json()
        #expect(json["message"] as? String == "Added Nails to Hardware.", "\(added.both)")
        #expect(((json["response"] as? [String: Any])?["modifiedTaskList"] as? [String: Any])?["identifier"] as? String == "list-new", "\(added.both)")
        // A list the app has needs no confirmation.
        let known = try system.run(#"{"intent": "INAddTasksIntent", "parameters": {"targetTaskList": "Groceries", "taskTitles": ["Nails"]}}"#, options: options)
        #expect(known.status == 0, "\(known.both)")
    }

    @Test("the notebook is searched by title, by words of a note's text and by item type")
    func search() throws {
        let system = try system()
        defer { system.tearDown() }
        let byTitle = try response(#"{"intent": "INSearchForNotebookItemsIntent", "parameters": {"title": "milk"}}"#, in: system)
        #expect(byTitle.message == "Here is what the notebook has.")
        #expect((byTitle.response["tasks"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["task-1"])
        #expect((byTitle.response["notes"] as? [Any])?.isEmpty == true)

        let byText = try response(#"{"intent": "INSearchForNotebookItemsIntent", "parameters": {"content": "lisbon", "itemType": "note"}}"#, in: system)
        #expect((byText.response["notes"] as? [[String: Any]])?.map { $0["displayString"] as? String } == ["Trip ideas"])
        #expect(byText.response["tasks"] == nil)
    }

    @Test("a task is completed; an unknown task to delete says INDeleteTasksTaskUnsupportedReason's text")
    func setAttributeAndDelete() throws {
        let system = try system()
        defer { system.tearDown() }
        let completed = try response(#"{"intent": "INSetTaskAttributeIntent", "parameters": {"targetTask": "Bread", "status": "completed"}}"#, in: system)
        #expect(completed.message == "Updated Bread.")
        #expect(((completed.response["modifiedTask"] as? [String: Any])?["properties"] as? [String: Any])?["status"] as? String == "completed")

        let unknown = try system.run(#"{"intent": "INDeleteTasksIntent", "parameters": {"tasks": ["Kale"]}}"#)
        #expect(unknown.status == 3, "\(unknown.both)")
        #expect(try unknown.json()["message"] as? String == "There is no task called Kale.")
        #expect(try response(#"{"intent": "INSnoozeTasksIntent", "parameters": {"tasks": ["Milk"]}}"#, in: system).message == "Snoozed Milk.")
    }
}
