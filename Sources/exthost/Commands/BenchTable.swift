import ExtensionLoading
import ExthostBenchmarks
import IntentConversation
import IntentSystem
import Foundation

/// The benchmark report for people: a table per plugin, baselines first,
/// then scaling and the design's targets.
struct BenchTable {
    var report: StartupBenchmarkReport
    var resultsFile: String

    /// A time in the unit that reads best: µs below 1 ms, ms above.
    static func time(_ nanoseconds: Double) -> String {
        if nanoseconds < 1_000_000 { return String(format: "%.1f µs", nanoseconds / 1e3) }
        return String(format: "%.3f ms", nanoseconds / 1e6)
    }

    private static func share(_ fraction: Double) -> String {
        let percent = fraction * 100
        if percent >= 0.1 { return String(format: "%.2f %%", percent) }
        return String(format: "%.4f %%", percent)
    }

    private static let phaseLabels = [
        "dlopen": "dlopen (+ libraries, constructors)",
        "abiCheck": "ABI check",
        "definition": "embedded definition read",
        "init": "init",
        "firstHandlerFor": "first handler(for:)",
        "coldLoad": "= cold load",
        "coldLoadWithoutDefinition": "  cold load without definition read",
        "firstRequest": "first request (full)",
        "coldLoadAndFirstRequest": "cold load + first request",
        "definitionReadAgain": "definition read again (warm)",
        "definitionFromText": "definition parsed from JSON text",
        "coldLoadFromText": "cold load, definition from text",
    ]

    private func row(_ label: String, _ figure: StartupBenchmarkReport.Figure?) -> String {
        guard let figure else { return "  " + label.padding(toLength: 36, withPad: " ", startingAt: 0) + "—\n" }
        let s = figure.summary
        var line = "  " + label.padding(toLength: 36, withPad: " ", startingAt: 0)
        for value in [s.median, s.p90, s.min, s.max] {
            line += Self.time(value).leftPadded(11)
        }
        line += Self.share(figure.shareOfBudget).leftPadded(11)
        if let times = figure.timesFloor { line += String(format: "%7.1f×", times) }
        return line + "\n"
    }

    private var header: String {
        "  " + "".padding(toLength: 36, withPad: " ", startingAt: 0)
            + ["median", "p90", "min", "max", "of budget"].map { $0.leftPadded(11) }.joined() + "  × floor\n"
    }

    var text: String {
        var out = "exthost bench: \(report.runs) fresh processes per measure (after one warm-up), "
        out += "\(report.warmRequests) warm requests in each; budget \(String(format: "%g", report.budgetSeconds)) s\n"
        out += "machine: \(report.machine.processor), \(report.machine.cores) cores, \(report.machine.kernel)\n\n"
        out += "Baselines\n" + header
        out += row("empty C .so dlopen (the floor)", report.baselines.emptyLibraryDlopen)
        out += row("exec /bin/true (whole process)", report.baselines.execTrue)
        out += row("exthost, nothing loaded (process)", report.baselines.exthostProcess)
        if let foundation = report.baselines.foundationProcess { out += row("Swift, Foundation only (process)", foundation) }
        for error in report.baselines.errors { out += "  ✗ \(error)\n" }

        for plugin in report.plugins where plugin.origin != "synthetic" || (plugin.libraries == 0 && plugin.initializers == 0) {
            out += "\n\(plugin.name)  [\(plugin.origin)\(plugin.identifier.map { ", " + $0 } ?? "")] \(plugin.path)\n" + header
            for phase in plugin.phases {
                out += row(Self.phaseLabels[phase.name] ?? phase.name, phase.figure)
            }
            if let cold = plugin.phase("coldLoad")?.summary.median, cold > 0,
               let slowest = plugin.phases.prefix(while: { $0.name != "coldLoad" }).max(by: { $0.figure.summary.median < $1.figure.summary.median }) {
                out += "      slowest phase: \(Self.phaseLabels[slowest.name] ?? slowest.name), "
                out += String(format: "%.0f %% of the cold load (medians)\n", slowest.figure.summary.median / cold * 100)
            }
            if let request = plugin.request {
                let what = "\(request.intent), \(request.parameters) values: \(request.outcome ?? "?"), \(request.stages ?? 0) stages"
                out += row("warm request (in the loaded plugin)", plugin.warmRequest)
                if let partial = plugin.warmRequestWithoutHandle {
                    out += row("  without handle (resolves, confirm)", partial)
                }
                out += "      request: \(what)\n"
                out += row("exthost run (whole process)", plugin.runCommand)
                if let answer = plugin.runCommandAnswer { out += row("  until its answer is read", answer) }
            } else {
                out += "  (no request for its intents: give one with --request FILE to time requests)\n"
            }
            out += "  links: \(plugin.linkedLibraries.isEmpty ? "nothing" : plugin.linkedLibraries.joined(separator: ", "))\n"
            if let hint = plugin.hint { out += "  ! \(hint)\n" }
            for error in plugin.errors { out += "  ✗ \(error)\n" }
        }

        if let scaling = report.scaling {
            out += "\nScaling (synthetic plugins, cold load median and min–max over \(report.runs) processes)\n"
            out += "  extra libraries    cold load (min–max)                   dlopen\n"
            for point in scaling.libraries {
                out += "  \(String(point.x).leftPadded(15))    \(Self.time(point.coldLoad.median).leftPadded(10)) (\(Self.time(point.coldLoad.min)) – \(Self.time(point.coldLoad.max)))".padding(toLength: 62, withPad: " ", startingAt: 0)
                out += Self.time(point.dlopen.median).leftPadded(10) + "\n"
            }
            out += "  initializers       cold load (min–max)                   dlopen\n"
            for point in scaling.initializers {
                out += "  \(String(point.x).leftPadded(15))    \(Self.time(point.coldLoad.median).leftPadded(10)) (\(Self.time(point.coldLoad.min)) – \(Self.time(point.coldLoad.max)))".padding(toLength: 62, withPad: " ", startingAt: 0)
                out += Self.time(point.dlopen.median).leftPadded(10) + "\n"
            }
            if let fit = scaling.perLibrary {
                out += "  ≈ \(Self.time(fit.slope)) per extra library (least squares over medians, R² \(String(format: "%.2f", fit.rSquared)))\n"
            }
            if let fit = scaling.perInitializer {
                out += "  ≈ \(Self.time(fit.slope)) per static initializer (least squares over medians, R² \(String(format: "%.2f", fit.rSquared)))\n"
            }
            let synthetic = report.plugins.filter { $0.origin == "synthetic" }
            for plugin in synthetic where !plugin.errors.isEmpty {
                for error in plugin.errors { out += "  ✗ \(plugin.name): \(error)\n" }
            }
        }

        if !report.targets.isEmpty {
            out += "\nTargets\n"
            for check in report.targets {
                out += "  \(check.met ? "✓" : "✗") \(check.name): \(check.measured) (target \(check.target))\n"
            }
        }
        if let chart = report.chart { out += "\nChart: \(chart)\n" }
        out += "Results (JSON): \(resultsFile)\n"
        return out
    }
}

extension String {
    /// Right-aligned in `width` columns (one space before a longer text), for the benchmark tables.
    func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
