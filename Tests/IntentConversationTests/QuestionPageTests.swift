import Foundation
import IntentConversation
import Testing

/// Where a long choice breaks into pages, and what a client of the service
/// reads back from a question's JSON.
@Suite("Paged questions")
struct QuestionPageTests {
    static func choices(_ count: Int) -> [Question.Choice] {
        (1...count).map { Question.Choice(title: "Item \($0)", section: $0 <= 2 ? "First" : "Rest") }
    }

    @Test("a list of one page's length is not paged; one item more makes a second page of one")
    func pageBoundaries() {
        let whole = Question.choice(parameter: "item", prompt: "Which?", among: Self.choices(5), page: 1, size: 5)
        #expect(whole.page == nil && whole.choices.count == 5)
        #expect(whole.jsonObject["page"] == nil)

        let last = Question.choice(parameter: "item", prompt: "Which?", among: Self.choices(6), page: 2, size: 5)
        #expect(last.page?.count == 2)
        #expect(last.choices.map(\.title) == ["Item 6"])
        #expect(last.choiceLines() == ["   Rest", "   6. Item 6", "   (6–6 of 6; answer “more” to start again)"])
    }

    @Test("the JSON a service client receives gives back the page, the numbers and the sections")
    func jsonRoundTrip() throws {
        let question = Question.choice(parameter: "item", prompt: "Which?", among: Self.choices(12), page: 2, size: 5)
        let json = question.jsonObject
        #expect((json["choices"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [6, 7, 8, 9, 10])
        let data = try JSONSerialization.data(withJSONObject: json)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let read = try #require(Question(jsonObject: object))
        #expect(read == question)
        #expect(read.choiceLines() == question.choiceLines())
    }

    @Test("an answer names an item of the whole list, on any page; “more” in any case asks for the next page")
    func answers() {
        let all = Self.choices(12)
        #expect(all.index(answeredBy: "12") == 11)
        #expect(all.index(answeredBy: "item 9") == 8)
        #expect(all.index(answeredBy: "13") == nil)
        #expect(Question.asksForMore(" More "))
        #expect(!Question.asksForMore("moreover"))
    }
}
