import ExthostTestSupport
import Foundation
import Testing

/// `exthost run --service` prints what `exthost run` prints in-process:
/// same text, same `--json`, same exit status (times aside).
@Suite("Conversations through the service")
struct ServiceConversationTests {
    /// Printed lines without the measured load line.
    static func comparableText(_ result: CommandRunner.Result) -> [String] {
        result.standardOutput.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  load:") }
    }

    private let lights = #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 150, "color": "purple"}}"#
    private let soup = #"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "orderType": "pickup"}}"#

    @Test("Lights (C): the same --json and text, answered or left open, as in-process")
    func lightsSameAsInProcess() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        for answers in [["brightness=60", "color=warm"], ["brightness=60"], []] {
            let served = try service.run(lights, answers: answers)
            let local = try service.runInProcess(lights, answers: answers)
            #expect(served.status == local.status, "\(served.both)")
            #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings())
            let servedText = try service.run(lights, answers: answers, json: false)
            let localText = try service.runInProcess(lights, answers: answers, json: false)
            #expect(servedText.status == localText.status)
            let open = answers.count < 2
            // An open session adds one line: its identifier.
            #expect(Self.comparableText(servedText).dropLast(open ? 1 : 0) == Self.comparableText(localText)[...])
        }
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a request handled through the service is recorded in the store, as in-process")
    func donationRecorded() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let served = try service.run(lights, answers: ["brightness=60", "color=warm"])
        #expect(served.status == 0, "\(served.both)")
        #expect(service.stop() == 0)
        let donations = try service.system.donations(ofApp: "com.example.lights")
        #expect(donations.count == 1, "\(donations)")
    }

    @Test("Soup Chef (Swift): a choice and a confirmation, the same as in-process")
    func soupSameAsInProcess() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["SoupChefExtension"]))
        let served = try service.run(soup, answers: ["soup=2", "confirm=yes"])
        let local = try service.runInProcess(soup, answers: ["soup=2", "confirm=yes"])
        #expect(served.status == 0, "\(served.both)")
        #expect(served.status == local.status)
        #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect(service.stop() == 0)
    }

    @Test("--locale ja reaches the service: the Study record's Japanese reason and question, as in-process")
    func languageSameAsInProcess() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["StudyRecordExtension"]))
        let request = #"{"intent": "PostStudyRecord", "parameters": {"duration": 2000}}"#
        let served = try service.run(request, extra: ["--locale", "ja"])
        let local = try service.runInProcess(request, extra: ["--locale", "ja"])
        #expect(served.status == 3, "\(served.both)")
        let json = try served.json()
        #expect(json["message"] as? String == "一度に記録できるのは1440分（まる1日）までです。2000分は長すぎます。")
        #expect((json["question"] as? [String: Any])?["prompt"] as? String == "何分勉強しましたか？")
        #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect(service.stop() == 0)
    }

    @Test("no extension for the intent: the same error, iOS number and exit status")
    func systemErrorSameAsInProcess() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let request = #"{"intent": "OrderPizza"}"#
        let served = try service.run(request)
        let local = try service.runInProcess(request)
        #expect(served.status == 4)
        #expect(served.status == local.status)
        #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings())
        let text = try service.run(request, json: false)
        #expect(text.standardError == (try service.runInProcess(request, json: false)).standardError)
        service.stop()
    }

    @Test("a handler method that never returns: the client gets 3001, and the service goes on serving")
    func stageNeverReturns() throws {
        let system = try ExampleSystem(fixtures: [try FixturePlugins.build("ping-blocks", defines: ["FIXTURE_PING_MODE=4"])])
        let service = try RunningService(system)
        let stuck = try service.exthost(["run", "--service", "--socket", service.socket, "--json", "--deadline", "0.3",
                                         try system.file("ping.json", #"{"intent": "Ping"}"#)])
        #expect(stuck.status == 4, "\(stuck.both)")
        #expect((try stuck.json()["error"] as? [String: Any])?["code"] as? Int == 3001)
        let next = try service.run(#"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#,
                                   answers: ["route=1", "confirm=yes"])
        #expect(next.status == 0, "\(next.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("say --service: a voice shortcut's intent runs through the service, printed as in-process")
    func saySameAsInProcess() throws {
        var system = try ExampleSystem(plugins: ["LightsExtension"])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        let service = try RunningService(system)
        let added = try service.exthost(["shortcuts", "add", "Kitchen lights", "--app", "com.example.lights", "--intent", "SetLights",
                                         "--parameters", #"{"room": "kitchen", "brightness": 60, "color": "warm"}"#])
        #expect(added.status == 0, "\(added.both)")
        let served = try service.exthost(["say", "kitchen lights", "--service", "--socket", service.socket, "--json"])
        let local = try service.exthost(["say", "kitchen lights", "--json"])
        #expect(served.status == 0, "\(served.both)")
        #expect(served.status == local.status)
        #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect(service.stop() == 0)
    }

    @Test("no service running and --no-start: said clearly, exit status 4, nothing started")
    func noService() throws {
        let system = try ExampleSystem()
        defer { system.tearDown() }
        let file = try system.file("intent.json", #"{"intent": "SetLights"}"#)
        let socket = system.root.appendingPathComponent("none.sock").path
        let result = try system.exthost(["run", "--service", "--no-start", "--socket", socket, file])
        #expect(!FileManager.default.fileExists(atPath: socket + ".log"))
        #expect(result.status == 4)
        #expect(result.standardError.contains("no exthost service is running at \(socket)"))
        #expect(result.standardError.contains("exthost serve"))
        #expect(result.standardError.contains("or leave out --no-start to have one started in the background"), "\(result.standardError)")
        // Without --service, --no-start still asks for the service: the same error, not the fallback.
        let defaultPath = try system.exthost(["run", "--no-start", "--socket", socket, file])
        #expect(defaultPath.status == 4)
        #expect(defaultPath.standardError.contains("no exthost service is running at \(socket)"), "\(defaultPath.standardError)")
    }
}
