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
        Case(name: "range start over 9999", parameters: ["material": swiftBook, "duration": 30, "rangeStart": 10000, "rangeEnd": 10010],
             message: "A range can start at 9999 at most; 10000 is past that.", parameter: "rangeStart"),
        Case(name: "range start under 0", parameters: ["material": swiftBook, "duration": 30, "rangeStart": -3, "rangeEnd": 12],
             message: "A range cannot start below 0; -3 is not a start.", parameter: "rangeStart"),
        Case(name: "range end over 9999", parameters: ["material": swiftBook, "duration": 30, "rangeStart": 1, "rangeEnd": 12000],
             message: "A range can end at 9999 at most; 12000 is past that.", parameter: "rangeEnd"),
        Case(name: "range end under 0", parameters: ["material": swiftBook, "duration": 30, "rangeStart": 1, "rangeEnd": -2],
             message: "A range cannot end below 0; -2 is not an end.", parameter: "rangeEnd"),

        // Across parameters: from the resolve methods.
        Case(name: "no material and no duration", parameters: ["memo": "chapter 3"],
             message: "Tell me the material or how many minutes you studied.", parameter: "duration"),
        Case(name: "range start greater than end", parameters: ["material": swiftBook, "duration": 30, "rangeStart": 40, "rangeEnd": 12],
             message: "The range cannot start at 40, after its end 12.", parameter: "rangeEnd"),
        Case(name: "only the range start", parameters: ["material": swiftBook, "duration": 30, "rangeStart": 10],
             message: "Give both the start and the end of the range.", parameter: "rangeEnd"),
        Case(name: "only the range end", parameters: ["material": swiftBook, "duration": 30, "rangeEnd": 25],
             message: "Give both the start and the end of the range.", parameter: "rangeEnd"),
        Case(name: "an amount without material", parameters: ["duration": 30, "amount": 12],
             message: "An amount of 12 needs a material to count in.", parameter: "amount"),
        Case(name: "a range without material", parameters: ["duration": 30, "rangeStart": 1, "rangeEnd": 20],
             message: "A range needs a material to count in.", parameter: "rangeEnd"),
        Case(name: "neither duration nor amount", parameters: ["material": swiftBook],
             message: "Tell me how many minutes you studied or how much you did.", parameter: "amount"),

        // What an amount is: a total or a range (pages 3–8), or none with a
        // duration. Valid requests are recorded (code "success").
        Case(name: "range only (3–8) ✓", parameters: ["material": swiftBook, "rangeStart": 3, "rangeEnd": 8],
             message: recorded(weeklyMinutes: 120), code: "success"),
        Case(name: "range start without end", parameters: ["material": swiftBook, "rangeStart": 3],
             message: "Give both the start and the end of the range.", parameter: "rangeEnd"),
        Case(name: "range end less than start", parameters: ["material": swiftBook, "rangeStart": 8, "rangeEnd": 3],
             message: "The range cannot start at 8, after its end 3.", parameter: "rangeEnd"),
        Case(name: "nothing at all", parameters: [:],
             message: "Tell me the material or how many minutes you studied.", parameter: "duration"),
        Case(name: "duration only ✓", parameters: ["duration": 30],
             message: recorded(weeklyMinutes: 150), code: "success"),
        Case(name: "total only ✓", parameters: ["material": swiftBook, "amount": 12],
             message: recorded(weeklyMinutes: 120), code: "success"),

        // At handle time: the response templates marked as errors.
        Case(name: "offline", parameters: ["material": swiftBook, "duration": 30], backend: .stopped,
             message: "You are offline: the record is kept and sent when Study Record is next online.", code: "offline"),
        Case(name: "logged out", parameters: ["material": swiftBook, "duration": 30], backend: .loggedOut,
             message: "Log in to Study Record to record your study.", code: "loggedOut"),
        Case(name: "material not on the bookshelf",
             parameters: ["material": ["identifier": "book-9", "displayString": "Unknown Book"] as [String: any Sendable], "duration": 30],
             message: "Unknown Book is not on your bookshelf.", code: "materialNotOnBookshelf"),
        Case(name: "a banned word in the memo", parameters: ["material": swiftBook, "duration": 30, "memo": "this book is a SCAM"],
             message: "Your memo contains a word that cannot be posted.", code: "bannedWordInMemo"),
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
            #expect(records.first?.rangeStart == errorCase.parameters["rangeStart"] as? Int)
            #expect(records.first?.rangeEnd == errorCase.parameters["rangeEnd"] as? Int)
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
            "A range can start at 9999 at most; ${rangeStart} is past that.",
            "A range cannot start below 0; ${rangeStart} is not a start.",
            "A range can end at 9999 at most; ${rangeEnd} is past that.",
            "A range cannot end below 0; ${rangeEnd} is not an end.",
            "Tell me the material or how many minutes you studied.",
            "The range cannot start at ${rangeStart}, after its end ${rangeEnd}.",
            "Give both the start and the end of the range.",
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
}
