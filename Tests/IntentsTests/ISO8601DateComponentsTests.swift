import Foundation
import Intents
import Testing

/// Date components cross the ABI as ISO 8601 text.
struct ISO8601DateComponentsTests {
    @Test(arguments: ["2026-11-21", "2026-11-21T09:30", "T09:30", "2026-11-21T09:30:15", "T23:05:00"])
    func roundTrips(_ text: String) throws {
        let components = try #require(ISO8601DateComponents.components(from: text))
        #expect(ISO8601DateComponents.string(from: components) == text)
    }

    @Test(arguments: ["", "tomorrow", "2026-11", "T9", "2026-11-21T"])
    func rejectsWhatIsNotOneOfTheForms(_ text: String) {
        #expect(ISO8601DateComponents.components(from: text) == nil)
    }
}
