import ExthostBenchmarks
import Testing

/// When cold load is a notable share of the budget, the benchmark points at
/// what the plugin links.
@Suite("Benchmark hint")
struct BenchmarkHintTests {
    private func coldLoad(milliseconds: Double) -> StartupBenchmarkReport.Figure {
        let nanoseconds = milliseconds * 1e6
        return .init(summary: SampleSummary(count: 3, median: nanoseconds, p90: nanoseconds, min: nanoseconds, max: nanoseconds),
                     budgetNanoseconds: 10e9)
    }

    @Test("a load past the threshold names each linked library")
    func namesLibraries() throws {
        let hint = try #require(StartupBenchmark.hint(coldLoad: coldLoad(milliseconds: 250), linked: ["libFoundation.so", "libc.so.6"], notableShare: 0.01))
        #expect(hint.contains("2.5 %"))
        #expect(hint.contains("libFoundation.so, libc.so.6"))
        #expect(hint.contains("link only what the extension needs"))
    }

    @Test("a load under the threshold gets no hint")
    func quietUnderThreshold() {
        #expect(StartupBenchmark.hint(coldLoad: coldLoad(milliseconds: 0.5), linked: ["libc.so.6"], notableShare: 0.01) == nil)
    }

    @Test("a slow plugin that links nothing is pointed at its initializers and init")
    func nothingLinked() throws {
        let hint = try #require(StartupBenchmark.hint(coldLoad: coldLoad(milliseconds: 500), linked: [], notableShare: 0.01))
        #expect(hint.contains("static initializers"))
    }
}
