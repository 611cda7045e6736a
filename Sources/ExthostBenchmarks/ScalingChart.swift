import IntentSystem
import IntentConversation
import ExtensionLoading
import Foundation

/// Draws the scaling curves as one self-contained SVG file: cold load
/// against extra libraries linked, and against static initializers run;
/// medians joined by a line, min–max whiskers, the least-squares fit and
/// the empty-library floor.
public enum ScalingChart {
    /// The SVG text for a report's scaling; nil when it has none.
    public static func svg(for report: StartupBenchmarkReport) -> String? {
        guard let scaling = report.scaling else { return nil }
        let floor = report.baselines.emptyLibraryDlopen?.summary.median
        let panelWidth = 440.0, panelHeight = 300.0
        var body = ""
        body += panel(
            title: "Extra shared libraries linked (0 initializers)",
            xLabel: "extra libraries (DT_NEEDED)", points: scaling.libraries, fit: scaling.perLibrary,
            fitLabel: scaling.perLibrary.map { "≈ \(microseconds($0.slope)) per library" },
            floor: floor, originX: 70, originY: 80, width: panelWidth, height: panelHeight)
        body += panel(
            title: "Static initializers run (0 extra libraries)",
            xLabel: "static initializers (constructors)", points: scaling.initializers, fit: scaling.perInitializer,
            fitLabel: scaling.perInitializer.map { "≈ \(microseconds($0.slope)) per initializer" },
            floor: floor, originX: 580, originY: 80, width: panelWidth, height: panelHeight)
        let title = "exthost plugin cold load vs what the plugin links and runs at load"
        let subtitle = "\(report.runs) fresh processes per point: median (dot), min–max (whisker); cold load = dlopen + ABI check + definition + init + first handler(for:); budget 10 s"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="1060" height="530" viewBox="0 0 1060 530" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <title>\(escape(title))</title>
            <rect width="1060" height="530" fill="white"/>
            <text x="530" y="28" text-anchor="middle" font-size="17" font-weight="bold">\(escape(title))</text>
            <text x="530" y="48" text-anchor="middle" font-size="11" fill="#555">\(escape(subtitle))</text>
            \(body)<text x="530" y="520" text-anchor="middle" font-size="10" fill="#777">\(escape("\(report.machine.processor), \(report.machine.kernel)"))</text>
            </svg>

            """
    }

    /// Writes the chart; returns false when the report has no scaling.
    ///
    /// - Throws: When the file cannot be written.
    @discardableResult
    public static func write(_ report: StartupBenchmarkReport, to url: URL) throws -> Bool {
        guard let text = svg(for: report) else { return false }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return true
    }

    private static func panel(
        title: String, xLabel: String, points: [StartupBenchmarkReport.Scaling.Point], fit: LinearFit?, fitLabel: String?,
        floor: Double?, originX: Double, originY: Double, width: Double, height: Double
    ) -> String {
        var out = "<g>\n"
        out += "<text x=\"\(f(originX + width / 2))\" y=\"\(f(originY - 12))\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">\(escape(title))</text>\n"
        guard !points.isEmpty else { return out + "</g>\n" }
        // Milliseconds on the y axis.
        let maxX = Double(points.map(\.x).max() ?? 1)
        // Scaled to the medians, so one outlier of a shared machine does not
        // flatten the curve; a whisker past the top is cut there and
        // labelled with its maximum.
        var maxY = (points.map(\.coldLoad.median).max() ?? 1) * 1.5
        if let floor { maxY = Swift.max(maxY, floor * 1.2) }
        let yTicks = niceTicks(upTo: maxY / 1e6)
        let yTop = (yTicks.last ?? 1) * 1e6
        let xTicks = niceTicks(upTo: Swift.max(maxX, 1))
        let xRight = xTicks.last ?? 1
        func px(_ x: Double) -> Double { originX + x / xRight * width }
        func py(_ nanoseconds: Double) -> Double { originY + height - Swift.min(nanoseconds, yTop) / yTop * height }

        out += "<rect x=\"\(f(originX))\" y=\"\(f(originY))\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"none\" stroke=\"#999\"/>\n"
        for tick in yTicks {
            let y = py(tick * 1e6)
            out += "<line x1=\"\(f(originX))\" y1=\"\(f(y))\" x2=\"\(f(originX + width))\" y2=\"\(f(y))\" stroke=\"#eee\"/>\n"
            out += "<text x=\"\(f(originX - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(label(tick))</text>\n"
        }
        for tick in xTicks {
            let x = px(tick)
            out += "<line x1=\"\(f(x))\" y1=\"\(f(originY + height))\" x2=\"\(f(x))\" y2=\"\(f(originY + height + 5))\" stroke=\"#999\"/>\n"
            out += "<text x=\"\(f(x))\" y=\"\(f(originY + height + 18))\" text-anchor=\"middle\">\(label(tick))</text>\n"
        }
        out += "<text x=\"\(f(originX + width / 2))\" y=\"\(f(originY + height + 36))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        out += "<text transform=\"translate(\(f(originX - 48)) \(f(originY + height / 2))) rotate(-90)\" text-anchor=\"middle\">time (ms)</text>\n"
        if let floor {
            let y = py(floor)
            out += "<line x1=\"\(f(originX))\" y1=\"\(f(y))\" x2=\"\(f(originX + width))\" y2=\"\(f(y))\" stroke=\"#c33\" stroke-dasharray=\"6 4\"/>\n"
        }
        if let fit {
            let y0 = py(fit.intercept), y1 = py(fit.intercept + fit.slope * maxX)
            out += "<line x1=\"\(f(px(0)))\" y1=\"\(f(y0))\" x2=\"\(f(px(maxX)))\" y2=\"\(f(y1))\" stroke=\"#393\" stroke-dasharray=\"2 3\"/>\n"
        }
        var cutLabels = 0
        for point in points {
            let x = px(Double(point.x))
            let cut = point.coldLoad.max > yTop
            let top = py(point.coldLoad.max), bottom = py(point.coldLoad.min)
            out += "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(bottom))\" stroke=\"#36c\"/>\n"
            out += "<line x1=\"\(f(x - 4))\" y1=\"\(f(bottom))\" x2=\"\(f(x + 4))\" y2=\"\(f(bottom))\" stroke=\"#36c\"/>\n"
            if cut {
                // Staggered, so labels of neighbouring points do not overlap.
                let anchor = x > originX + width - 90 ? "end" : "start"
                let dx = anchor == "end" ? -5.0 : 5.0
                out += "<text x=\"\(f(x + dx))\" y=\"\(f(originY + 12 + Double(cutLabels % 4) * 12))\" text-anchor=\"\(anchor)\" font-size=\"10\" fill=\"#36c\">max \(milliseconds(point.coldLoad.max)) ↑</text>\n"
                cutLabels += 1
            } else {
                out += "<line x1=\"\(f(x - 4))\" y1=\"\(f(top))\" x2=\"\(f(x + 4))\" y2=\"\(f(top))\" stroke=\"#36c\"/>\n"
            }
        }
        let dlopenLine = points.map { "\(f(px(Double($0.x)))),\(f(py($0.dlopen.median)))" }.joined(separator: " ")
        out += "<polyline points=\"\(dlopenLine)\" fill=\"none\" stroke=\"#888\" stroke-width=\"1.2\" stroke-dasharray=\"4 2\"/>\n"
        for point in points {
            out += "<rect x=\"\(f(px(Double(point.x)) - 2.5))\" y=\"\(f(py(point.dlopen.median) - 2.5))\" width=\"5\" height=\"5\" fill=\"#888\"><title>\(point.x): dlopen median \(milliseconds(point.dlopen.median))</title></rect>\n"
        }
        let line = points.map { "\(f(px(Double($0.x)))),\(f(py($0.coldLoad.median)))" }.joined(separator: " ")
        out += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"#36c\" stroke-width=\"1.5\"/>\n"
        for point in points {
            out += "<circle cx=\"\(f(px(Double(point.x))))\" cy=\"\(f(py(point.coldLoad.median)))\" r=\"3.5\" fill=\"#36c\"><title>\(point.x): median \(milliseconds(point.coldLoad.median)), min \(milliseconds(point.coldLoad.min)), max \(milliseconds(point.coldLoad.max))</title></circle>\n"
        }

        // The legend, under the axis label.
        let legendY = originY + height + 58
        out += "<circle cx=\"\(f(originX + 6))\" cy=\"\(f(legendY - 4))\" r=\"3.5\" fill=\"#36c\"/>"
        out += "<text x=\"\(f(originX + 14))\" y=\"\(f(legendY))\" fill=\"#36c\">cold load, median and min–max</text>\n"
        out += "<rect x=\"\(f(originX + 232))\" y=\"\(f(legendY - 6.5))\" width=\"5\" height=\"5\" fill=\"#888\"/>"
        out += "<text x=\"\(f(originX + 242))\" y=\"\(f(legendY))\" fill=\"#666\">dlopen phase, median</text>\n"
        if let floor {
            out += "<line x1=\"\(f(originX))\" y1=\"\(f(legendY + 14))\" x2=\"\(f(originX + 12))\" y2=\"\(f(legendY + 14))\" stroke=\"#c33\" stroke-dasharray=\"6 4\"/>"
            out += "<text x=\"\(f(originX + 16))\" y=\"\(f(legendY + 18))\" fill=\"#c33\">floor: dlopen of an empty C library, \(milliseconds(floor))</text>\n"
        }
        if let fitLabel, let fit {
            out += "<line x1=\"\(f(originX))\" y1=\"\(f(legendY + 30))\" x2=\"\(f(originX + 12))\" y2=\"\(f(legendY + 30))\" stroke=\"#393\" stroke-dasharray=\"2 3\"/>"
            out += "<text x=\"\(f(originX + 16))\" y=\"\(f(legendY + 34))\" fill=\"#393\">\(escape(fitLabel)) (least squares over medians, R² \(String(format: "%.2f", fit.rSquared)))</text>\n"
        }
        return out + "</g>\n"
    }

    /// Round tick values from 0 to at least `maximum`.
    public static func niceTicks(upTo maximum: Double) -> [Double] {
        guard maximum > 0 else { return [0, 1] }
        let rough = maximum / 5
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        var ticks: [Double] = []
        var value = 0.0
        while value < maximum + step * 0.999 {
            ticks.append(value)
            value += step
        }
        return ticks
    }

    private static func label(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func milliseconds(_ nanoseconds: Double) -> String { String(format: "%.3f ms", nanoseconds / 1e6) }

    private static func microseconds(_ nanoseconds: Double) -> String { String(format: "%.2f µs", nanoseconds / 1e3) }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
