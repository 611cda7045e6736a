import Foundation
@testable import Intents
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

/// What the host receives of a custom type's own properties.
struct INObjectPropertiesTests {
    /// A custom type as generated code writes one: numbers as `NSNumber`.
    final class CallRecord: INObject, @unchecked Sendable {
        var duration: NSNumber? = 0
        var attempts: NSNumber? = 1
        var rating: NSNumber? = 2.5
        var missed: NSNumber? = NSNumber(value: true)
        var unanswered: Bool = false
        override func _exthostProperties() -> [String: Any] {
            ["duration": duration as Any, "attempts": attempts as Any, "rating": rating as Any,
             "missed": missed as Any, "unanswered": unanswered]
        }
    }

    @Test("numbers 0 and 1 reach the host as numbers, booleans as booleans")
    func numbersStayNumbers() throws {
        let record = CallRecord(identifier: "c1", display: "A call")
        let json = _CArena.withArena { arena in
            arena.object(record).pointee.properties.map { String(cString: $0) }
        }
        #expect(json == #"{"attempts":1,"duration":0,"missed":true,"rating":2.5,"unanswered":false}"#)
    }
}
