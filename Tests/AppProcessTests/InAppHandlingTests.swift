import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

@Suite("In-app intent handling")
struct InAppHandlingTests {
    private func request(_ id: String, _ stage: InAppIntentStage, recipe: WireValue? = nil) -> InAppIntentRequest {
        InAppIntentRequest(
            requestID: id, intentName: "ShowDirectionsIntent",
            parameters: recipe.map { ["recipe": $0] } ?? [:], stage: stage)
    }

    @Test("stages run in the app's handler; in the background handle asks for the app, which then continues in the foreground")
    func backgroundThenForeground() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let handoff = system.handoff

        #expect(handoff.appHandlingInApp("ShowDirectionsIntent")?.identifier == FixtureSystem.appIdentifier)
        #expect(try handoff.handleInApp(request("r1", .resolve(parameter: "recipe"))) == .resolution(.needsValue()))
        #expect(handoff.status(ofApp: FixtureSystem.appIdentifier)?.state == .background)
        #expect(try handoff.handleInApp(request("r1", .resolve(parameter: "recipe"), recipe: "soup"))
            == .resolution(.success(with: "soup")))
        #expect(try handoff.handleInApp(request("r1", .confirm, recipe: "soup")) == .response(InAppIntentResponse(code: .ready)))

        guard case .response(let response) = try handoff.handleInApp(request("r1", .handle, recipe: "soup")) else {
            Issue.record("handle answered no response")
            return
        }
        #expect(response.code == .continueInApp)
        #expect(response.code.asksForApp)
        let activity = try #require(response.userActivity)

        #expect(activity.activityType == "com.example.fixture.showDirections")
        let outcome = try #require(try handoff.continueInApp(
            after: response, of: request("r1", .handle, recipe: "soup"), appIdentifier: FixtureSystem.appIdentifier))
        #expect(outcome.shown == ["showing directions: soup", "directions screen restored at step 1"])
        #expect(outcome.status.state == .foreground)

        // In the foreground, the next request is handled in place.
        let next = try handoff.handleInApp(request("r2", .handle, recipe: "soup"))
        #expect(next == .response(InAppIntentResponse(code: .success, properties: ["step": 2])))
        #expect(system.appOutput().contains("[Fixture] next step of soup"))
    }

    @Test("a response that does not ask for the app is not continued")
    func responseNotAskingForApp() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let outcome = try system.handoff.continueInApp(
            after: InAppIntentResponse(code: .success), of: request("s", .handle), appIdentifier: FixtureSystem.appIdentifier)
        #expect(outcome == nil)
        #expect(system.handoff.applicationState(ofApp: FixtureSystem.appIdentifier) == .notRunning)
    }

    @Test("an intent the app does not list is 2003")
    func unlistedIntent() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        #expect {
            try system.handoff.handleInApp(
                InAppIntentRequest(requestID: "x", intentName: "OrderSoupIntent", stage: .handle),
                appIdentifier: FixtureSystem.appIdentifier)
        } throws: { error in
            guard let error = error as? AppHandoffError, case .noInAppHandler = error else { return false }
            return error.code?.rawValue == 2003 && error.description.contains("INIntentsSupported")
        }
        #expect(system.handoff.appHandlingInApp("OrderSoupIntent") == nil)
    }

    @Test("the async variant answers the same")
    func asyncVariant() async throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let reply = try await system.handoff.handleInApp(request("a", .resolve(parameter: "recipe"), recipe: "stew"))
        #expect(reply == .resolution(.success(with: "stew")))
    }
}
