import ExthostTestSupport
import Foundation
import StudyRecordKit
import Testing

/// Every error of *Record study* (DESIGN §7), each with its own message from
/// the definition, through the real `exthost`, extension and backend.
@Suite("Record study's errors")
struct StudyRecordErrorTests {
    /// How the backend is when the request is made.
    enum Backend: Sendable {
        case running, loggedOut, stopped
    }

    /// One error: the request, and what exthost must answer.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var parameters: [String: any Sendable]
        var backend: Backend = .running
        /// The message, exactly as the definition words it (values filled in).
        var message: String
        /// For a resolution error: the parameter asked again. For a
        /// handle-time error: nil.
        var parameter: String?
        /// For a handle-time error: the response code.
        var code: String?

        var testDescription: String { name }
    }

    static let swiftBook: [String: any Sendable] = ["identifier": "book-2", "displayString": "The Swift Programming Language"]

    static let cases: [Case] = [
        // Bounds: from the definition alone, no handler code.
        Case(name: "duration over 1440", parameters: ["material": swiftBook, "duration": 2000],
             message: "You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long.", parameter: "duration"),
        Case(name: "duration under 0", parameters: ["material": swiftBook, "duration": -5],
             message: "A duration cannot be negative; -5 minutes is not one.", parameter: "duration"),
        Case(name: "amount over 9999", parameters: ["material": swiftBook, "duration": 30, "amount": 10000],
             message: "An amount can be at most 9999; 10000 is too large.", parameter: "amount"),
        Case(name: "amount under 0", parameters: ["material": swiftBook, "duration": 30, "amount": -1],
             message: "An amount cannot be negative; -1 is not one.", parameter: "amount"),
        Case(name: "range start over 9999", parameters: ["material": swiftBook, "duration": 30, "start": 10000, "end": 10010],
             message: "A range can start at 9999 at most; 10000 is past that.", parameter: "start"),
        Case(name: "range start under 0", parameters: ["material": swiftBook, "duration": 30, "start": -3, "end": 12],
             message: "A range cannot start below 0; -3 is not a start.", parameter: "start"),
        Case(name: "range end over 9999", parameters: ["material": swiftBook, "duration": 30, "start": 1, "end": 12000],
             message: "A range can end at 9999 at most; 12000 is past that.", parameter: "end"),
        Case(name: "range end under 0", parameters: ["material": swiftBook, "duration": 30, "start": 1, "end": -2],
             message: "A range cannot end below 0; -2 is not an end.", parameter: "end"),

        // Across parameters: from the resolve methods.
        Case(name: "no material and no duration", parameters: ["memo": "chapter 3"],
             message: "Tell me the material or how many minutes you studied.", parameter: "duration"),
        Case(name: "range start greater than end", parameters: ["material": swiftBook, "duration": 30, "start": 40, "end": 12],
             message: "The range cannot start at 40, after its end 12.", parameter: "end"),
        Case(name: "only the range start", parameters: ["material": swiftBook, "duration": 30, "start": 10],
             message: "Give both the start and the end of the range.", parameter: "end"),
        Case(name: "only the range end", parameters: ["material": swiftBook, "duration": 30, "end": 25],
             message: "A range ending at 25 needs its start.", parameter: "end"),
        Case(name: "an amount without material", parameters: ["duration": 30, "amount": 12],
             message: "An amount of 12 needs a material to count in.", parameter: "amount"),
        Case(name: "a range without material", parameters: ["duration": 30, "start": 1, "end": 20],
             message: "A range needs a material to count in.", parameter: "end"),
        Case(name: "neither duration nor amount", parameters: ["material": swiftBook],
             message: "Tell me how many minutes you studied or how much you did.", parameter: "amount"),

        // What an amount is: a total or a range (pages 3–8), or none with a
        // duration. Valid requests are recorded (code "success").
        Case(name: "range only (3–8) ✓", parameters: ["material": swiftBook, "start": 3, "end": 8],
             message: recorded(weeklyMinutes: 120), code: "success"),
        Case(name: "range start without end", parameters: ["material": swiftBook, "start": 3],
             message: "Give both the start and the end of the range.", parameter: "end"),
        Case(name: "range end less than start", parameters: ["material": swiftBook, "start": 8, "end": 3],
             message: "The range cannot start at 8, after its end 3.", parameter: "end"),
        Case(name: "nothing at all", parameters: [:],
             message: "Tell me the material or how many minutes you studied.", parameter: "duration"),
        Case(name: "duration only ✓", parameters: ["duration": 30],
             message: recorded(weeklyMinutes: 150), code: "success"),
        Case(name: "total only ✓", parameters: ["material": swiftBook, "amount": 12],
             message: recorded(weeklyMinutes: 120), code: "success"),

        // At handle time: the response templates marked as errors.
        Case(name: "offline", parameters: ["material": swiftBook, "duration": 30], backend: .stopped,
             message: "You are offline: the record is kept and sent when Study Record is next online.", code: "failureOffline"),
        Case(name: "logged out", parameters: ["material": swiftBook, "duration": 30], backend: .loggedOut,
             message: "Log in to Study Record to record your study.", code: "failureStatusLogout"),
        Case(name: "material not on the bookshelf",
             parameters: ["material": ["identifier": "book-9", "displayString": "Unknown Book"] as [String: any Sendable], "duration": 30],
             message: "Unknown Book is not on your bookshelf.", code: "failureNotFoundBookshelfEntry"),
        Case(name: "a banned word in the memo", parameters: ["material": swiftBook, "duration": 30, "memo": "this book is a SCAM"],
             message: "Your memo contains a word that cannot be posted.", code: "failureNgWordsDetected"),
    ]

    /// The success message, with the week's minutes after the record (120 before it).
    static func recorded(weeklyMinutes: Int) -> String {
        "Recorded. This week: \(weeklyMinutes) of your 300 minutes. Tap to open Study Record and post your progress to the timeline."
    }

    @Test("each error says its own message from the definition; each valid request is recorded", arguments: cases)
    func error(_ errorCase: Case) throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        switch errorCase.backend {
        case .running: try system.startBackend()
        case .loggedOut: try system.startBackend(loggedOut: true)
        case .stopped:
            try system.startBackend()
            system.stopBackend()
        }

        let result = try system.run("PostStudyRecord", errorCase.parameters)

        if let parameter = errorCase.parameter {
            // A value the system refuses: said, then asked again (exit 3).
            #expect(result.status == 3, "\(result.description)")
            #expect(result.outcome == "unsupported")
            #expect(result.message == errorCase.message)
            #expect(result.unsupportedMessages == [errorCase.message])
            #expect(result.question?["parameter"] as? String == parameter)
            #expect(result.json["code"] is NSNull, "no response: the request never reached handle")
            #expect(try system.get("/records", as: [StudyRecord].self).isEmpty)
        } else if errorCase.code == "success" {
            // A valid request: recorded once, with what it said.
            #expect(result.status == 0, "\(result.description)")
            #expect(result.outcome == "success")
            #expect(result.message == errorCase.message)
            let records = try system.get("/records", as: [StudyRecord].self)
            #expect(records.count == 1)
            #expect(records.first?.rangeStart == errorCase.parameters["start"] as? Int)
            #expect(records.first?.rangeEnd == errorCase.parameters["end"] as? Int)
            #expect(records.first?.amount == errorCase.parameters["amount"] as? Int)
            #expect(records.first?.durationMinutes == errorCase.parameters["duration"] as? Int)
        } else {
            // A response template marked as an error (exit 1).
            #expect(result.status == 1, "\(result.description)")
            #expect(result.outcome == "failure")
            #expect(result.code == errorCase.code)
            #expect(result.message == errorCase.message)
            #expect(result.userActivity == nil)
        }
    }

    @Test("the success response says it is recorded, that tapping it posts progress to the timeline, and has a concise form for voice")
    func successMessage() throws {
        let data = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Extension/StudyRecord.intentdefinition"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let intents = try #require(plist["INIntents"] as? [[String: Any]])
        let post = try #require(intents.first { $0["INIntentName"] as? String == "PostStudyRecord" })
        let response = try #require(post["INIntentResponse"] as? [String: Any])
        let codes = try #require(response["INIntentResponseCodes"] as? [[String: Any]])
        let success = try #require(codes.first { $0["INIntentResponseCodeName"] as? String == "success" })
        #expect(success["INIntentResponseCodeFormatString"] as? String
            == "Recorded. This week: ${weeklyMinutes} of your ${weeklyGoalMinutes} minutes. Tap to open Study Record and post your progress to the timeline.")
        #expect(success["INIntentResponseCodeConciseFormatString"] as? String == "Recorded. ${weeklyMinutes} of ${weeklyGoalMinutes} minutes this week.")
    }

    @Test("the definition holds every message the tests expect")
    func messagesComeFromTheDefinition() throws {
        let definition = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Extension/StudyRecord.intentdefinition"), encoding: .utf8)
        let templates = [
            "You can record at most 1440 minutes (a whole day) at a time; ${duration} minutes is too long.",
            "A duration cannot be negative; ${duration} minutes is not one.",
            "An amount can be at most 9999; ${amount} is too large.",
            "An amount cannot be negative; ${amount} is not one.",
            "A range can start at 9999 at most; ${start} is past that.",
            "A range cannot start below 0; ${start} is not a start.",
            "A range can end at 9999 at most; ${end} is past that.",
            "A range cannot end below 0; ${end} is not an end.",
            "Tell me the material or how many minutes you studied.",
            "The range cannot start at ${start}, after its end ${end}.",
            "Give both the start and the end of the range.",
            "A range ending at ${end} needs its start.",
            "An amount of ${amount} needs a material to count in.",
            "A range needs a material to count in.",
            "Tell me how many minutes you studied or how much you did.",
            "You are offline: the record is kept and sent when Study Record is next online.",
            "Log in to Study Record to record your study.",
            "${materialName} is not on your bookshelf.",
            "Your memo contains a word that cannot be posted.",
            "Recorded. This week: ${weeklyMinutes} of your ${weeklyGoalMinutes} minutes. Tap to open Study Record and post your progress to the timeline.",
            "Recorded. ${weeklyMinutes} of ${weeklyGoalMinutes} minutes this week.",
        ]
        for template in templates {
            #expect(definition.contains("<string>\(template)</string>"), "\(template)")
        }
    }

    @Test("the README's resolveEnd and handle, in the seed's names, are the extension's code verbatim")
    func readmeShowsTheHandlerVerbatim() throws {
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord")
        let readme = try String(contentsOf: example.appendingPathComponent("README.md"), encoding: .utf8)
        let handler = try String(contentsOf: example.appendingPathComponent("Extension/IntentHandler.swift"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "#### The seed's names in the code").dropFirst().first)
            .components(separatedBy: "\n### ").first ?? ""
        let blocks = section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
        #expect(blocks.count == 2)
        #expect(blocks.first?.hasPrefix("func resolveEnd(") == true)
        #expect(blocks.last?.hasPrefix("func handle(intent: PostStudyRecordIntent") == true)
        for block in blocks {
            // In the class, each line is indented one level.
            let indented = block.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            #expect(handler.contains(indented), "\(block.prefix(60))")
        }
    }
}
