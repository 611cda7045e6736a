import Foundation
import Intents
import Testing

/// Objects and images, and their JSON form.
struct INObjectTests {
    @Test func jsonRoundTripKeepsTheFields() throws {
        let object = INObject(identifier: "b1", display: "Book", subtitle: "Sub", image: INImage(url: URL(string: "https://example.com/c.png")!))
        let copy = try #require(INObject._exthostObject(fromJSON: object.jsonObject))
        #expect(copy == object)
        #expect(copy.subtitleString == "Sub")
        #expect(copy.displayImage?.url?.absoluteString == "https://example.com/c.png")
    }

    @Test func imagesAreNamesOrURLs() {
        #expect(INImage(reference: "cover").name == "cover")
        #expect(INImage(reference: "file:///tmp/a.png").url?.path == "/tmp/a.png")
    }

    @Test func resolutionResultsAreOfTheReceivingClass() {
        final class Custom: INIntegerResolutionResult, @unchecked Sendable {}
        let result = Custom.success(with: 3)
        #expect(result.resolvedValue == 3)
        let copy = Custom()
        copy.adopt(INIntegerResolutionResult.confirmationRequired(with: 9))
        #expect(copy.outcome == .confirmationRequired)
        #expect(copy.resolvedValue == 9)
    }
}
