import Foundation
import Intents
import Testing

/// Donations from an extension need the system store: the completion says so.
struct INInteractionTests {
    @Test func donateCompletesWithAnErrorThatSaysWhy() throws {
        let interaction = INInteraction(intent: INIntent(), response: nil)
        interaction.groupIdentifier = "sync"
        var received: (any Error)?
        interaction.donate { received = $0 }
        let error = try #require(received as? INIntentError)
        #expect(error.code == .donatingInteraction)
        #expect(error.errorCode == 1901)
        #expect(error.message.contains("donation store"))
        #expect((received! as NSError).domain == INIntentErrorDomain)
    }

    @Test func deletingReportsTheMatchingCodes() {
        var codes: [Int] = []
        INInteraction.delete(with: ["a"]) { codes.append(($0 as? INIntentError)?.errorCode ?? 0) }
        INInteraction.delete(with: "group") { codes.append(($0 as? INIntentError)?.errorCode ?? 0) }
        INInteraction.deleteAll { codes.append(($0 as? INIntentError)?.errorCode ?? 0) }
        #expect(codes == [1903, 1904, 1902])
    }

    @Test func anInteractionWithAResponseIsSuccessful() {
        #expect(INInteraction(intent: INIntent(), response: INIntentResponse()).intentHandlingStatus == .success)
        #expect(INInteraction(intent: INIntent(), response: nil).intentHandlingStatus == .unspecified)
    }
}
