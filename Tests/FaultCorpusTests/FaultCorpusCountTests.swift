import Testing

/// The corpus as a whole: how many faults it holds, area by area.
@Suite("Fault corpus")
struct FaultCorpusCountTests {
    static let areas: [(String, [FaultCase])] = [
        ("plugin files", PluginFileFaults.cases),
        ("plugin behaviour", PluginBehaviourFaults.cases),
        ("intent files", IntentFileFaults.cases),
        ("stores", StoreFaults.cases),
        ("environments", EnvironmentFaults.cases),
    ]

    @Test("at least 60 faults, each area covered, no name twice")
    func count() {
        let all = Self.areas.flatMap(\.1)
        #expect(all.count >= 60)
        #expect(Self.areas.allSatisfy { !$0.1.isEmpty })
        #expect(Set(all.map(\.name)).count == all.count)
    }
}
