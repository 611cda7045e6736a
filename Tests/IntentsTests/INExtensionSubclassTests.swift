import Intents
import Testing

/// `INExtension` subclasses as iOS extensions write them: an ordinary
/// `NSObject` subclass, with initialisers of its own.
@Suite struct INExtensionSubclassTests {
    /// A principal class with its own designated initialiser and no `init()`.
    final class StoreBackedExtension: INExtension {
        let storeName: String

        init(storeName: String) {
            self.storeName = storeName
            super.init()
        }

        override func handler(for intent: INIntent) -> Any? {
            storeName.isEmpty ? nil : self
        }
    }

    /// A principal class that overrides `init()`, not `required init()`.
    final class DefaultExtension: INExtension {
        let createdBySystem: Bool

        override init() {
            createdBySystem = true
            super.init()
        }
    }

    @Test func subclassWithItsOwnDesignatedInitialiser() {
        let principal = StoreBackedExtension(storeName: "ledger")
        #expect(principal.handler(for: INIntent()) as AnyObject? === principal)
        #expect(StoreBackedExtension(storeName: "").handler(for: INIntent()) == nil)
    }

    @Test func subclassOverridingInit() {
        #expect(DefaultExtension().createdBySystem)
        #expect(DefaultExtension().handler(for: INIntent()) == nil)
    }
}
