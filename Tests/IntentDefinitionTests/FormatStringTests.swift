import IntentDefinition
import Testing

@Suite struct FormatStringTests {
    @Test func placeholdersAndTextInOrder() {
        #expect(FormatString.pieces(of: "Logged ${summary}: ${calories} kcal.") == [
            .text("Logged "), .placeholder("summary"), .text(": "), .placeholder("calories"), .text(" kcal."),
        ])
        #expect(FormatString.placeholders(in: "${a}${b}${a}") == ["a", "b", "a"])
    }

    @Test func anOpenPlaceholderWithoutItsBraceIsText() {
        #expect(FormatString.pieces(of: "cost ${price and more") == [.text("cost ${price and more")])
        #expect(FormatString.placeholders(in: "cost ${price") == [])
        #expect(FormatString.fill("x ${a} y ${b", { $0 == "a" ? "1" : nil }) == "x 1 y ${b")
    }

    @Test func aPlaceholderWithNothingToSayIsLeftOut() {
        #expect(FormatString.fill("Hello ${name}!", { _ in nil }) == "Hello !")
        #expect(FormatString.placeholders(in: nil) == [])
    }
}
