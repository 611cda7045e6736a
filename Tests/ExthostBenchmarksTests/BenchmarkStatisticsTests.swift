import ExthostBenchmarks
import Testing

/// The statistics every benchmark figure is reported with.
@Suite("Benchmark statistics")
struct BenchmarkStatisticsTests {
    @Test("an odd count: the middle value, p90 interpolated between ranks")
    func oddCount() throws {
        let summary = try #require(SampleSummary([5, 1, 4, 2, 3]))
        #expect(summary.count == 5)
        #expect(summary.median == 3)
        #expect(summary.min == 1)
        #expect(summary.max == 5)
        // rank 0.9 · 4 = 3.6: 4 + 0.6 · (5 − 4)
        #expect(abs(summary.p90 - 4.6) < 1e-12)
    }

    @Test("an even count: the median is the mean of the two middle values")
    func evenCount() throws {
        let summary = try #require(SampleSummary([10, 40, 20, 30]))
        #expect(summary.median == 25)
        // rank 0.9 · 3 = 2.7: 30 + 0.7 · 10
        #expect(abs(summary.p90 - 37) < 1e-12)
    }

    @Test("one value is its own median, p90, min and max; no values, no summary")
    func edges() throws {
        let one = try #require(SampleSummary([7]))
        #expect(one == SampleSummary(count: 1, median: 7, p90: 7, min: 7, max: 7))
        #expect(SampleSummary([]) == nil)
    }

    @Test("the percentile of 1…100 matches NumPy's linear definition")
    func percentileOfARange() {
        let values = (1...100).map(Double.init)
        #expect(abs(SampleSummary.percentile(0.9, ofSorted: values) - 90.1) < 1e-9)
        #expect(SampleSummary.percentile(0.5, ofSorted: values) == 50.5)
        #expect(SampleSummary.percentile(0, ofSorted: values) == 1)
        #expect(SampleSummary.percentile(1, ofSorted: values) == 100)
    }

    @Test("scaling changes the unit of every figure, not the count")
    func scaled() throws {
        let summary = try #require(SampleSummary([1000, 3000])).scaled(by: 0.001)
        #expect(summary.count == 2)
        #expect(abs(summary.median - 2) < 1e-12 && abs(summary.p90 - 2.8) < 1e-12)
        #expect(abs(summary.min - 1) < 1e-12 && abs(summary.max - 3) < 1e-12)
    }

    @Test("a least-squares line through exact points recovers slope and intercept with R² 1")
    func exactFit() throws {
        let fit = try #require(LinearFit(x: [0, 1, 2, 4, 8], y: [100, 130, 160, 220, 340]))
        #expect(abs(fit.slope - 30) < 1e-9)
        #expect(abs(fit.intercept - 100) < 1e-9)
        #expect(abs(fit.rSquared - 1) < 1e-12)
    }

    @Test("a noisy fit has R² below 1; one distinct x has no fit")
    func noisyAndDegenerate() throws {
        let fit = try #require(LinearFit(x: [0, 1, 2, 3], y: [0, 2, 1, 3]))
        #expect(abs(fit.slope - 0.8) < 1e-9)
        #expect(fit.rSquared < 1 && fit.rSquared > 0)
        #expect(LinearFit(x: [2, 2, 2], y: [1, 2, 3]) == nil)
        #expect(LinearFit(x: [1], y: [1]) == nil)
    }
}
