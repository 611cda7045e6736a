import IntentConversation
import Testing

/// The selectors the host asks a handler for, as generated protocols and
/// `exthost.h` name them.
@Suite struct HandlerSelectorTests {
    @Test("a parameter's first letter is upper-cased, ASCII or not, and nothing else changes")
    func capitalization() {
        #expect(HandlerSelector.resolve("duration") == "resolveDuration")
        #expect(HandlerSelector.resolve("startDate") == "resolveStartDate")
        #expect(HandlerSelector.resolve("Already") == "resolveAlready")
        #expect(HandlerSelector.resolve("x2") == "resolveX2")
        #expect(HandlerSelector.resolve("_private") == "resolve_private")
        #expect(HandlerSelector.resolve("élan") == "resolveÉlan")
        #expect(HandlerSelector.options("material") == "provideMaterialOptionsCollection")
        #expect(HandlerSelector.resolve("") == "resolve")
    }
}
