import ExthostTestSupport
import Foundation
import Testing

/// Paged choices and sectioned options through `exthost serve`: the same
/// output as in-process, and a session that pages on when continued.
@Suite("Pages and sections through the service")
struct ServicePagesTests {
    private let noRoute = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#

    private static func system() throws -> ExampleSystem {
        try ExampleSystem(fixtures: [try FixturePlugins.build("route-sections", defines: ["FIXTURE_ROUTE_SECTIONS"])])
    }

    @Test("the same pages, section titles and picks as in-process, in JSON and text")
    func sameAsInProcess() throws {
        let service = try RunningService(try Self.system())
        for answers in [[], ["route=more"], ["route=more", "route=8", "confirm=yes"]] {
            let served = try service.run(noRoute, answers: answers)
            let local = try service.runInProcess(noRoute, answers: answers)
            #expect(served.status == local.status, "\(served.both)")
            #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings())
            let servedText = try service.run(noRoute, answers: answers, json: false)
            let localText = try service.runInProcess(noRoute, answers: answers, json: false)
            // An open session adds one line: its identifier.
            let open = answers.count < 3
            #expect(ServiceConversationTests.comparableText(servedText).dropLast(open ? 1 : 0)
                == ServiceConversationTests.comparableText(localText)[...], "\(servedText.both)")
        }
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a session continued with “more” asks again with the next page; a number then picks from it")
    func sessionPagesOn() throws {
        let service = try RunningService(try Self.system())
        let open = try service.run(noRoute)
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)
        #expect(((try open.question())?["page"] as? [String: Any])?["number"] as? Int == 1)

        let more = try service.exthost(["session", "continue", session, "--socket", service.socket, "--json", "--answer", "route=more"])
        #expect(more.status == 3, "\(more.both)")
        let question = try #require(try more.question())
        #expect((question["choices"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [6, 7, 8, 9, 10], "\(question)")
        #expect((question["choices"] as? [[String: Any]])?.first?["section"] as? String == "Saved")
        let next = try #require(try more.json()["session"] as? String)

        let picked = try service.exthost(["session", "continue", next, "--socket", service.socket, "--json",
                                          "--answer", "route=8", "--answer", "confirm=yes"])
        #expect(picked.status == 0, "\(picked.both)")
        let local = try service.runInProcess(noRoute, answers: ["route=more", "route=8", "confirm=yes"])
        #expect(try picked.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect(service.stop() == 0, "\(service.output)")
    }
}
