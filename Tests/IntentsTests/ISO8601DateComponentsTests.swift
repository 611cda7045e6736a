import Foundation
import Intents
import Testing

/// Date components cross the ABI as ISO 8601 text.
struct ISO8601DateComponentsTests {
    @Test(arguments: ["2026-11-21", "2026-11-21T09:30", "T09:30", "2026-11-21T09:30:15", "T23:05:00", "1990", "1990-07"])
    func roundTrips(_ text: String) throws {
        let components = try #require(ISO8601DateComponents.components(from: text))
        #expect(ISO8601DateComponents.string(from: components) == text)
    }

    @Test(arguments: ["", "tomorrow", "2026-", "2026-11-", "2026-11T09:30", "1990T09:30", "T9", "2026-11-21T"])
    func rejectsWhatIsNotOneOfTheForms(_ text: String) {
        #expect(ISO8601DateComponents.components(from: text) == nil)
    }

    @Test("a year alone and a year with its month are written as such, not dropped")
    func yearAndMonth() {
        #expect(ISO8601DateComponents.string(from: DateComponents(year: 1990)) == "1990")
        #expect(ISO8601DateComponents.string(from: DateComponents(year: 1990, month: 7)) == "1990-07")
        #expect(ISO8601DateComponents.components(from: "1990") == DateComponents(year: 1990))
        #expect(ISO8601DateComponents.components(from: "0800-12") == DateComponents(year: 800, month: 12))
    }
}
