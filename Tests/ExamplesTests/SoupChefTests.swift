import ExthostTestSupport
import Foundation
import Testing

/// Soup order: the Soup Chef extension through `exthost run --json`, as a
/// script drives it.
@Suite("Soup Chef, end to end")
struct SoupChefTests {
    private func system() throws -> ExampleSystem {
        try ExampleSystem(plugins: ["SoupChefExtension"])
    }

    @Test("a soup that matches several is offered with subtitles and images")
    func disambiguation() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "orderType": "pickup"}}"#)
        #expect(result.status == 3, "\(result.both)")
        let question = try #require(try result.question())
        #expect(question["kind"] as? String == "choice")
        #expect(question["answerKey"] as? String == "soup")
        #expect(question["prompt"] as? String == "Which one would you like?")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.map { $0["title"] as? String } == ["Clam Chowder", "Corn Chowder"])
        #expect(choices.map { $0["identifier"] as? String } == ["clam-chowder", "corn-chowder"])
        #expect(choices.map { $0["subtitle"] as? String } == [
            "New England style, with potatoes · $6.50",
            "Sweet corn and smoked paprika · $5.50",
        ])
        #expect(choices.map { $0["image"] as? String } == ["clam_chowder", "corn_chowder"])
    }

    @Test("no soup named: the extension's dynamic options are offered, and a typed word searches them")
    func dynamicOptions() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "OrderSoup", "parameters": {"quantity": 1, "orderType": "pickup"}}"#
        let open = try system.run(request)
        #expect(open.status == 3, "\(open.both)")
        let question = try #require(try open.question())
        #expect(question["kind"] as? String == "choice")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.count == 4)
        #expect(choices.contains { $0["title"] as? String == "Clam Chowder" })

        // "clam" is none of the titles: it is searched, and the one match is taken.
        let searched = try system.run(request, answers: ["soup=clam", "confirm=yes"])
        #expect(searched.status == 0, "\(searched.both)")
        let json = try searched.json()
        #expect(json["message"] as? String == "Clam Chowder will be at the counter in a few minutes.")
        let transcript = try searched.transcript()
        // The search's one match is in the handler's "With meat or fish" section.
        #expect(transcript.contains { $0["stage"] as? String == "provideOptions" && $0["message"] as? String == "search: clam; sections: With meat or fish" },
                "\(transcript)")
    }

    @Test("in an extension process of its own (--isolated), the same order gives the same result and transcript")
    func isolatedOrder() throws {
        let system = try system()
        defer { system.tearDown() }
        let request = #"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "quantity": 2, "options": ["cheese"], "orderType": "pickup"}}"#
        let local = try system.run(request, answers: ["soup=2", "confirm=yes"])
        let isolated = try system.run(request, answers: ["soup=2", "confirm=yes"], options: ["--isolated"])
        #expect(isolated.status == 0, "\(isolated.both)")
        #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect(try isolated.json()["message"] as? String == "Corn Chowder will be at the counter in a few minutes.")
    }

    @Test("a pickup order: the pick, options with several values, no delivery location, confirmed, ready soon")
    func pickupOrder() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(
            #"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "quantity": 2, "options": ["cheese", "red peppers"], "orderType": "pickup"}}"#,
            answers: ["soup=2", "confirm=yes"])
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["outcome"] as? String == "success")
        #expect(json["code"] as? String == "successReadySoon")
        #expect(json["message"] as? String == "Corn Chowder will be at the counter in a few minutes.")

        let transcript = try result.transcript()
        // The relationship: a pickup order never reaches resolveDeliveryLocation.
        #expect(transcript.contains {
            $0["stage"] as? String == "skip" && $0["parameter"] as? String == "deliveryLocation"
                && $0["result"] as? String == "relationshipNotMet"
        })
        #expect(!transcript.contains { $0["stage"] as? String == "resolve" && $0["parameter"] as? String == "deliveryLocation" })
        // Several values, each resolved to the menu's option.
        let options = try #require((json["values"] as? [String: Any])?["options"] as? [[String: Any]])
        #expect(options.map { $0["identifier"] as? String } == ["cheese", "red-pepper"])
        #expect(options.map { $0["displayString"] as? String } == ["Cheese", "Red Pepper"])
        // The user was asked to confirm, with the primary combination's title.
        #expect(transcript.contains { $0["stage"] as? String == "ask" && $0["message"] as? String == "Place an order for 2 Corn Chowder?" })
        let soup = try #require((json["values"] as? [String: Any])?["soup"] as? [String: Any])
        #expect(soup["identifier"] as? String == "corn-chowder")
    }

    @Test("a delivery order asks where to deliver, refuses a place outside the area, then takes the order")
    func deliveryOrder() throws {
        let system = try system()
        defer { system.tearDown() }
        let intent = #"{"intent": "OrderSoup", "parameters": {"soup": "tomato", "orderType": "delivery"}}"#

        let asked = try system.run(intent)
        #expect(asked.status == 3, "\(asked.both)")
        let question = try #require(try asked.question())
        #expect(question["answerKey"] as? String == "deliveryLocation")
        #expect(question["prompt"] as? String == "Where should we deliver your soup?")

        let outside = try system.run(intent, answers: ["deliveryLocation=Shelbyville"])
        #expect(outside.status == 3)
        #expect(try outside.json()["message"] as? String == "Sorry, Shelbyville is outside our delivery area.")

        let ordered = try system.run(intent, answers: ["deliveryLocation=742 Evergreen Terrace, Springfield", "confirm=yes"])
        #expect(ordered.status == 0, "\(ordered.both)")
        let json = try ordered.json()
        #expect(json["code"] as? String == "success")
        #expect(json["message"] as? String == "Tomato Soup is on its way; expect it in 45 minutes.")
        let location = try #require((json["values"] as? [String: Any])?["deliveryLocation"] as? [String: Any])
        #expect(location["displayString"] as? String == "742 Evergreen Terrace, Springfield")
    }

    @Test("an option not on the menu is refused with the definition's reason, and asked again")
    func unknownOption() throws {
        let system = try system()
        defer { system.tearDown() }
        let intent = #"{"intent": "OrderSoup", "parameters": {"soup": "Tomato Soup", "options": ["cheese", "pickles"], "orderType": "pickup"}}"#
        let refused = try system.run(intent)
        #expect(refused.status == 3)
        let json = try refused.json()
        #expect(json["outcome"] as? String == "unsupported")
        #expect(json["message"] as? String == "Sorry, we only have cheese, red pepper and croutons as options.")
        #expect(try refused.question()?["answerKey"] as? String == "options")

        let answered = try system.run(intent, answers: ["options=croutons, cheese", "confirm=yes"])
        #expect(answered.status == 0, "\(answered.both)")
        let options = try #require((try answered.json()["values"] as? [String: Any])?["options"] as? [[String: Any]])
        #expect(options.map { $0["identifier"] as? String } == ["croutons", "cheese"])
    }

    @Test("the order must be confirmed: no answer leaves the question open, no cancels it")
    func confirmation() throws {
        let system = try system()
        defer { system.tearDown() }
        let intent = #"{"intent": "OrderSoup", "parameters": {"soup": "clam-chowder", "quantity": 3, "orderType": "pickup"}}"#
        let open = try system.run(intent)
        #expect(open.status == 3)
        let question = try #require(try open.question())
        #expect(question["kind"] as? String == "confirmIntent")
        #expect(question["prompt"] as? String == "Place an order for 3 Clam Chowder?")
        #expect(!(try open.transcript()).contains { $0["stage"] as? String == "handle" })

        let declined = try system.run(intent, answers: ["confirm=no"])
        #expect(declined.status == 1)
        #expect(try declined.json()["outcome"] as? String == "cancelled")
        #expect(!(try declined.transcript()).contains { $0["stage"] as? String == "handle" })
    }

    @Test("a soup out of stock is refused at confirm with the custom code; one not on the menu is unsupported")
    func customCodes() throws {
        let system = try system()
        defer { system.tearDown() }
        let outOfStock = try system.run(#"{"intent": "OrderSoup", "parameters": {"soup": "bisque", "orderType": "pickup"}}"#)
        #expect(outOfStock.status == 1, "\(outOfStock.both)")
        let json = try outOfStock.json()
        #expect(json["code"] as? String == "failureOutOfStock")
        #expect(json["message"] as? String == "Lobster Bisque is sold out today.")

        let notOnMenu = try system.run(#"{"intent": "OrderSoup", "parameters": {"soup": "pizza", "orderType": "pickup"}}"#)
        #expect(notOnMenu.status == 3)
        #expect(try notOnMenu.json()["message"] as? String == "Sorry, pizza is not on the menu.")

        let tooMany = try system.run(#"{"intent": "OrderSoup", "parameters": {"soup": "tomato", "quantity": 20, "orderType": "pickup"}}"#)
        #expect(tooMany.status == 3)
        #expect(try tooMany.json()["message"] as? String == "You can order up to 10 soups at a time.")
    }

    @Test("no soup named: the definition's prompt asks for one")
    func needsSoup() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "OrderSoup"}"#)
        #expect(result.status == 3)
        #expect(try result.question()?["prompt"] as? String == "Which soup would you like?")
    }

    @Test("an app's own intent needs no Siri authorization: denied, SoupChef still takes an order, as shortcuts of custom intents do on iOS")
    func customIntentsNeedNoAuthorization() throws {
        let system = try system()
        defer { system.tearDown() }
        #expect(try system.exthost(["siri", "deny", "com.example.soupchef"]).status == 0)
        let result = try system.run(#"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "orderType": "pickup"}}"#)
        #expect(result.status == 3, "\(result.both)")
        #expect(try result.question()?["answerKey"] as? String == "soup")
    }
}
