import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

/// Recipe assistant: *Show Directions* handled in the app process (no
/// extension), through `exthost run --json`.
@Suite("Recipes, end to end")
struct RecipesTests {
    static let app = "com.example.recipes"

    private func system() throws -> ExampleSystem {
        try ExampleSystem(apps: [ExampleApp.recipes])
    }

    private func nextStep(_ recipe: String? = "Tomato Soup") -> String {
        let parameters = recipe.map { #"{"recipe": "\#($0)", "step": "next"}"# } ?? #"{"step": "next"}"#
        return #"{"intent": "ShowDirections", "parameters": \#(parameters)}"#
    }

    @Test("in the background the app answers continueInApp and is brought to the foreground; in the foreground it shows the next step")
    func backgroundThenForeground() throws {
        let system = try system()
        defer { system.tearDown() }

        // Not running: the system launches it in the background for the request.
        let first = try system.run(nextStep())
        #expect(first.status == 0, "\(first.both)")
        let json = try first.json()
        #expect(json["outcome"] as? String == "continueInApp")
        #expect(json["code"] as? String == "continueInApp")
        #expect(json["extension"] as? String == Self.app)
        #expect((json["userActivity"] as? [String: Any])?["activityType"] as? String == "com.example.recipes.showDirections")
        let handoff = try #require(json["handoff"] as? [String: Any])
        #expect(handoff["app"] as? String == Self.app)
        #expect(handoff["continued"] as? Bool == true)
        #expect(handoff["shown"] as? [String] == [
            "directions for Tomato Soup, step 1 of 4: Roast the tomatoes and garlic at 200 °C for 25 minutes.",
        ])
        #expect(system.handoff.applicationState(ofApp: Self.app) == .foreground)

        // On screen: the next step is shown in place, and no hand-off is needed.
        let second = try system.run(nextStep())
        #expect(second.status == 0, "\(second.both)")
        let shown = try second.json()
        #expect(shown["outcome"] as? String == "success")
        #expect(shown["message"] as? String == "Step 2 of 4: Soften the onion in olive oil.")
        #expect(shown["handoff"] == nil)
        #expect((shown["response"] as? [String: Any])?["stepNumber"] as? Int == 2)
        #expect(system.output(ofApp: Self.app).contains("[Recipes] Tomato Soup, step 2 of 4: Soften the onion in olive oil."))

        // Sent to the background again: the next step needs the screen once more.
        _ = try system.handoff.setState(.background, ofApp: Self.app)
        let third = try system.run(nextStep())
        #expect(third.status == 0, "\(third.both)")
        let continued = try third.json()
        #expect(continued["outcome"] as? String == "continueInApp")
        #expect((continued["handoff"] as? [String: Any])?["shown"] as? [String] == [
            "directions for Tomato Soup, step 3 of 4: Add the tomatoes and the stock; simmer for 10 minutes.",
        ])
        #expect(system.handoff.applicationState(ofApp: Self.app) == .foreground)
    }

    @Test("which recipe: several matches are offered with subtitles and images; the pick is continued in the app")
    func disambiguation() throws {
        let system = try system()
        defer { system.tearDown() }
        let intent = #"{"intent": "ShowDirections", "parameters": {"recipe": "soup"}}"#
        let asked = try system.run(intent)
        #expect(asked.status == 3, "\(asked.both)")
        let question = try #require(try asked.question())
        #expect(question["kind"] as? String == "choice")
        #expect(question["prompt"] as? String == "Which recipe are you cooking?")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.map { $0["title"] as? String } == ["Tomato Soup", "Chicken Noodle Soup"])
        #expect(choices.map { $0["subtitle"] as? String } == ["30 minutes · vegetarian", "45 minutes · serves 4"])
        #expect(choices.map { $0["image"] as? String } == ["tomato_soup", "chicken_noodle_soup"])

        let picked = try system.run(intent, answers: ["recipe=2"])
        #expect(picked.status == 0, "\(picked.both)")
        #expect((try picked.json()["handoff"] as? [String: Any])?["shown"] as? [String] == [
            "directions for Chicken Noodle Soup, step 1 of 5: Simmer the chicken in the stock for 20 minutes.",
        ])
    }

    @Test("while cooking, next step needs no recipe; after the last step the app says so")
    func nextStepWithoutRecipe() throws {
        let system = try system()
        defer { system.tearDown() }
        let started = try system.run(nextStep("pancakes"))
        #expect(try started.json()["outcome"] as? String == "continueInApp", "\(started.both)")

        let second = try system.run(nextStep(nil))
        #expect(try second.json()["message"] as? String == "Step 2 of 3: Stir in the buttermilk, egg and melted butter.", "\(second.both)")
        let third = try system.run(nextStep(nil))
        #expect(try third.json()["message"] as? String == "Step 3 of 3: Cook ladlefuls on a hot pan until bubbles form, then flip.")
        let done = try system.run(nextStep(nil))
        #expect(done.status == 0)
        let json = try done.json()
        #expect(json["code"] as? String == "finished")
        #expect(json["message"] as? String == "That was the last step of Buttermilk Pancakes. Enjoy!")
    }

    /// The step number the app shows for each step asked for in turn
    /// (chicken noodle soup, once the app is in the foreground at step 1).
    private func stepNumbers(_ names: [String], in system: ExampleSystem, options: [String] = []) throws -> [Int?] {
        let step = { (name: String) in #"{"intent": "ShowDirections", "parameters": {"recipe": "chicken-noodle-soup", "step": "\#(name)"}}"# }
        return try names.map { name in
            let result = try system.run(step(name), options: options)
            #expect(result.status == 0, "\(name): \(result.both)")
            return (try result.json()["response"] as? [String: Any])?["stepNumber"] as? Int
        }
    }

    @Test("the Step enum crosses to the app by case name: again, previous, first")
    func stepEnum() throws {
        let system = try system()
        defer { system.tearDown() }
        _ = try stepNumbers(["next"], in: system)  // continued in the app: step 1, now in the foreground
        #expect(try stepNumbers(["next", "next", "again", "previous", "first"], in: system) == [2, 3, 3, 2, 1])
    }

    @Test("in-app handling reads the ja.lproj beside the app's definition: steps named in Japanese, under --locale ja and without")
    func japaneseStrings() throws {
        let system = try system()
        defer { system.tearDown() }
        _ = try stepNumbers(["next"], in: system)  // continued in the app: step 1, now in the foreground
        #expect(try stepNumbers(["次", "次", "もう一度", "前", "最初"], in: system, options: ["--locale", "ja"]) == [2, 3, 3, 2, 1])
        // Understood in an English request too: the tables are the app's, whatever the request's language.
        #expect(try stepNumbers(["もう一度"], in: system) == [1])
    }

    @Test("a recipe the app does not have is refused with the definition's reason")
    func unknownRecipe() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "ShowDirections", "parameters": {"recipe": "lasagna"}}"#)
        #expect(result.status == 3)
        #expect(try result.json()["message"] as? String == "I don't have a recipe for lasagna.")
    }
}
