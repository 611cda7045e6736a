import ExthostBenchmarks
import ExthostTestSupport
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The scaling chart is a well-formed, self-contained SVG with what a reader
/// needs: title, axis labels, a dot and a whisker per point, the floor.
@Suite("Benchmark chart")
struct BenchmarkChartTests {
    private func report() -> StartupBenchmarkReport {
        func point(_ x: Int, _ median: Double) -> StartupBenchmarkReport.Scaling.Point {
            let summary = SampleSummary(count: 3, median: median, p90: median * 1.1, min: median * 0.9, max: median * 1.2)
            return .init(x: x, coldLoad: summary, dlopen: summary)
        }
        let libraries = [point(0, 100_000), point(1, 140_000), point(4, 260_000)]
        let initializers = [point(0, 100_000), point(100, 130_000), point(1000, 400_000)]
        return StartupBenchmarkReport(
            runs: 3, warmRequests: 5, budgetSeconds: 10,
            machine: .init(processor: "Test CPU <x86>", cores: 2, kernel: "Linux test"),
            baselines: .init(
                emptyLibraryDlopen: .init(summary: SampleSummary(count: 3, median: 50_000, p90: 60_000, min: 40_000, max: 70_000), budgetNanoseconds: 1e10),
                execTrue: nil, exthostProcess: nil),
            plugins: [],
            scaling: .init(libraries: libraries, initializers: initializers,
                           perLibrary: LinearFit(x: [0, 1, 4], y: [100_000, 140_000, 260_000]),
                           perInitializer: LinearFit(x: [0, 100, 1000], y: [100_000, 130_000, 400_000])),
            targets: [], chart: nil
        )
    }

    /// Counts elements by name while checking the document parses.
    private final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var root: String?
        var texts: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil { root = name }
            counts[name, default: 0] += 1
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }

    @Test("the chart file is written and parses as SVG with a dot and whisker per point")
    func writesWellFormedSVG() throws {
        let folder = try makeTemporaryDirectory("chart")
        let url = folder.appendingPathComponent("nested/bench-scaling.svg")
        #expect(try ScalingChart.write(report(), to: url))
        let data = try Data(contentsOf: url)
        let parser = XMLParser(data: data)
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "the SVG is not well-formed: \(String(describing: parser.parserError))")
        #expect(counter.root == "svg")
        // A dot per point plus the legend's, in each panel.
        #expect(counter.counts["circle"] == 8)
        #expect(counter.counts["polyline"] == 4)
        let text = counter.texts.joined()
        #expect(text.contains("extra libraries"))
        #expect(text.contains("static initializers"))
        #expect(text.contains("time (ms)"))
        #expect(text.contains("floor"))
        #expect(text.contains("40.00 µs per library"))
        #expect(text.contains("Test CPU <x86>"))
    }

    @Test("a report without scaling draws no chart")
    func noScalingNoChart() throws {
        var bare = report()
        bare.scaling = nil
        #expect(ScalingChart.svg(for: bare) == nil)
        let url = try makeTemporaryDirectory("chart").appendingPathComponent("none.svg")
        #expect(try ScalingChart.write(bare, to: url) == false)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("axis ticks are round numbers from 0 past the maximum")
    func ticks() {
        #expect(ScalingChart.niceTicks(upTo: 4) == [0, 1, 2, 3, 4])
        #expect(ScalingChart.niceTicks(upTo: 1000) == [0, 200, 400, 600, 800, 1000])
        let small = ScalingChart.niceTicks(upTo: 0.33)
        #expect(small.count == 5)
        #expect(zip(small, [0, 0.1, 0.2, 0.3, 0.4]).allSatisfy { abs($0 - $1) < 1e-9 })
    }
}
