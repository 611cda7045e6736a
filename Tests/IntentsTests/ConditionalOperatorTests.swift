import Foundation
import Intents
import Testing

/// `INConditionalOperator` as iOS code uses it: Apple's cases and raw
/// values, `.all` (0) a value and what a search's operators read when the
/// request gives none.
struct ConditionalOperatorTests {
    @Test("Apple's cases and raw values, all first at 0, with no unknown case", arguments: [
        (INConditionalOperator.all, 0), (.any, 1), (.none, 2),
    ])
    func rawValues(condition: INConditionalOperator, raw: Int) {
        #expect(condition.rawValue == raw)
        #expect(INConditionalOperator(rawValue: raw) == condition)
        #expect(INConditionalOperator.allCases.count == 3)
    }

    /// What a handler does with an operator, switching exhaustively as iOS code does.
    static func describe(_ condition: INConditionalOperator) -> String {
        switch condition {
        case .all: "all"
        case .any: "any"
        case .none: "none"
        }
    }

    @Test("a search's operators read .all when nothing set them, as on iOS")
    func allByDefault() {
        let intent = INSearchForMessagesIntent()
        let operators = [
            intent.recipientsOperator, intent.sendersOperator, intent.searchTermsOperator, intent.identifiersOperator,
            intent.notificationIdentifiersOperator, intent.speakableGroupNamesOperator, intent.conversationIdentifiersOperator,
        ]
        #expect(operators.map(Self.describe) == Array(repeating: "all", count: 7))
    }

    @Test("an app handed the intent in-app reads each operator by case name or raw value; none given is .all")
    func fromJSON() {
        let intent = INSearchForMessagesIntent()
        intent._exthostApplyParameters(["sendersOperator": "none", "searchTermsOperator": 1, "identifiersOperator": "all"])
        #expect(intent.sendersOperator == .none)
        #expect(intent.searchTermsOperator == .any)
        #expect(intent.identifiersOperator == .all)
        #expect(intent.recipientsOperator == .all)
    }
}
