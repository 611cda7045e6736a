import CorpusIntents
import Foundation
import Intents
import Testing

/// What an app handling intents in-app is given and gives back: the wire's
/// JSON values as the generated classes (every parameter type of
/// `AllTypes`), and the typed results and responses as JSON again.
@Suite struct InAppTypedIntentsTests {
    let classes = _InAppIntentClasses(definitions: [AllTypesIntentDefinition.self])

    /// Values as the system sends them to an app (`exthost run`'s intent file form).
    static var parameters: [String: Any] { [
        "drink": ["identifier": "flat-white", "displayString": "Flat white", "subtitle": "Double shot",
                  "properties": ["price": 3.5, "temperature": 1, "toppings": ["cocoa"]]],
        "temperature": "iced",
        "sweetness": 0.25,
        "takeAway": true,
        "pickUpAt": "2026-11-24T09:30",
        "wait": 300,
        "menu": "https://cafe.example.com/menu",
        "friend": ["identifier": "bruno", "displayString": "Bruno"],
        "tip": ["displayString": "2 EUR", "properties": ["amount": 2, "currencyCode": "EUR"]],
        "temperatures": ["hot", 2],
        "notes": ["no lid", "oat milk"],
        "default": "yes",
    ] }

    @Test("every parameter type is set from its JSON value; enums by case name or raw value")
    func parametersBecomeTypedValues() throws {
        let made = classes.intent(named: "ATOrderDrinkIntent", identifier: "request-1", parameters: Self.parameters)
        let intent = try #require(made as? ATOrderDrinkIntent)
        #expect(intent.identifier == "request-1")
        #expect(intent.drink?.identifier == "flat-white")
        #expect(intent.drink?.displayString == "Flat white")
        #expect(intent.drink?.subtitleString == "Double shot")
        #expect(intent.drink?.price == 3.5)
        #expect(intent.drink?.temperature == .hot)
        #expect(intent.drink?.toppings == ["cocoa"])
        #expect(intent.temperature == .iced)
        #expect(intent.sweetness == 0.25)
        #expect(intent.takeAway == true)
        #expect(intent.pickUpAt?.hour == 9 && intent.pickUpAt?.minute == 30 && intent.pickUpAt?.day == 24)
        #expect(intent.wait == 300)
        #expect(intent.menu == URL(string: "https://cafe.example.com/menu"))
        #expect(intent.friend?.displayString == "Bruno")
        #expect(intent.tip?.displayString == "2 EUR")
        #expect(intent.temperatures == [.hot, .iced])
        #expect(intent.notes == ["no lid", "oat milk"])
        #expect(intent.default == "yes")
        // The definition's name finds the class as well; an unknown name finds nothing.
        #expect(classes.intent(named: "OrderDrink", identifier: nil, parameters: [:]) is ATOrderDrinkIntent)
        #expect(classes.intent(named: "OrderTea", identifier: nil, parameters: [:]) == nil)
    }

    @Test("a value of the wrong shape is left unset, not guessed")
    func wrongShapesAreLeftUnset() throws {
        let parameters: [String: Any] = ["temperature": "lukewarm", "menu": 12, "drink": ["identifier": "no display string"]]
        let intent = try #require(classes.intent(named: "ATOrderDrinkIntent", identifier: nil, parameters: parameters) as? ATOrderDrinkIntent)
        #expect(intent.temperature == .unknown)
        #expect(intent.menu == nil)
        #expect(intent.drink == nil)
    }

    @Test("a typed response goes back as its code's number and name and its properties; and comes back the same")
    func responsesRoundTrip() throws {
        let response = ATOrderDrinkIntentResponse(code: .successInClass, userActivity: nil)
        response.temperature = .iced
        response.cups = [1, 2]
        response.class = "first"
        #expect(response._exthostCode == 101)
        #expect(response._exthostCodeName == "successInClass")
        let properties = response._exthostProperties()
        #expect(properties["temperature"] as? String == "iced")
        #expect(properties["class"] as? String == "first")

        let back = try #require(classes.response(intentNamed: "OrderDrink", code: 101, properties: properties) as? ATOrderDrinkIntentResponse)
        #expect(back.code == .successInClass)
        #expect(back.temperature == .iced)
        #expect(back.cups == [1, 2])
        #expect(back.class == "first")
    }

    @Test("resolution results give their values as JSON; several values combine as at the plugin boundary")
    func resolutionsAsJSON() {
        let single = _InAppValues.resolution(ATOrderDrinkTemperatureResolutionResult.unsupported(forReason: .notInWinter))
        #expect(single.kind == .unsupported)
        #expect(single.reason == 1)

        let picked = _InAppValues.resolution(INDateComponentsResolutionResult.success(with: DateComponents(hour: 9, minute: 30)))
        #expect(picked.value as? String == "T09:30")

        let all = _InAppValues.resolution([INStringResolutionResult.success(with: "a"), INStringResolutionResult.success(with: "b")])
        #expect(all.kind == .success)
        #expect(all.value as? [String] == ["a", "b"])
        let second = _InAppValues.resolution([INStringResolutionResult.success(with: "a"), INStringResolutionResult.disambiguation(with: ["b1", "b2"])])
        #expect(second.kind == .disambiguation)
        #expect(second.alternatives as? [String] == ["b1", "b2"])
        #expect(_InAppValues.resolution([]).kind == .notRequired)
    }
}
