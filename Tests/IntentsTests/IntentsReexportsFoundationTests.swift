// This file imports Intents and nothing else from the SDK side: no
// `import Foundation`, as in handler files written for iOS.
import Intents
import Testing

/// `import Intents` brings Foundation with it, as Apple's framework does.
@Suite struct IntentsReexportsFoundationTests {
    /// A handler-shaped object using Foundation names through Intents alone.
    final class LedgerHandler: NSObject {
        enum LedgerError: LocalizedError {
            case closed
            var errorDescription: String? { NSLocalizedString("The ledger is closed.", comment: "ledger closed") }
        }

        func total(of amounts: [NSNumber]) -> NSNumber {
            NSNumber(value: amounts.reduce(0) { $0 + $1.doubleValue })
        }

        func title(_ name: String) -> NSString {
            NSString(string: name.capitalized)
        }
    }

    @Test func foundationNamesAreVisible() {
        let handler = LedgerHandler()
        #expect(handler.total(of: [1, 2.5]).doubleValue == 3.5)
        #expect(handler.title("lunch") as String == "Lunch")
        #expect(LedgerHandler.LedgerError.closed.errorDescription == "The ledger is closed.")
        #expect(Date(timeIntervalSince1970: 0) < Date())
    }
}
