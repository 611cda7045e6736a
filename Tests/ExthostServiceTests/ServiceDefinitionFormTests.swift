import ExthostTestSupport
import Foundation
import Testing

/// The definition as a served or isolated request reads it: an extension
/// process sends a plugin's definition tables to its supervisor (version 4
/// of the extension-process protocol), or the JSON text of a plugin without
/// them (ABI 1). Either way the answer is the one in-process gives.
@Suite("The definition through extension processes")
struct ServiceDefinitionFormTests {
    static let workout = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#
    static let answers = ["route=1", "confirm=yes"]

    @Test("served, isolated and in-process give the same --json, for a plugin with tables and one built against ABI 1",
          arguments: [("good", [String]()), ("abi-v1", ["EXTHOST_TARGET_ABI=1"])])
    func sameAnswers(name: String, defines: [String]) throws {
        let service = try RunningService(try ExampleSystem(plugins: [], fixtures: [try FixturePlugins.build(name, defines: defines)]))
        let inProcess = try service.runInProcess(Self.workout, answers: Self.answers)
        #expect(inProcess.status == 0, "\(inProcess.both)")
        #expect(try inProcess.json()["message"] as? String == "Logged 30 min run on River Loop: 300 kcal.")
        let served = try service.run(Self.workout, answers: Self.answers)
        #expect(served.status == 0, "\(served.both)")
        #expect(try served.jsonWithoutTimings() == inProcess.jsonWithoutTimings())
        let isolated = try service.runInProcess(Self.workout, answers: Self.answers, extra: ["--isolated"])
        #expect(isolated.status == 0, "\(isolated.both)")
        #expect(try isolated.jsonWithoutTimings() == inProcess.jsonWithoutTimings())
        #expect(service.stop() == 0, "\(service.output)")
    }
}
