import ExthostBenchmarks
import Foundation

/// What `exthost bench --instructions` reports: instructions per warm
/// conversation, whole and without `handle`, per plugin.
struct InstructionReport: Encodable {
    var unit = "instructions"
    var counter = "callgrind Ir (user space)"
    var valgrind: String
    /// Warm conversations in the first process; the second runs this many more.
    var baseConversations: Int
    var extraConversations: Int
    var figures: [InstructionBenchmark.Figure]

    /// The table for people.
    var table: String {
        var lines = [
            "Instructions per warm conversation (\(counter); \(baseConversations) vs \(baseConversations + extraConversations) conversations in two fresh processes)",
            "",
        ]
        let names = figures.reduce(into: [String]()) { if !$0.contains($1.name) { $0.append($1.name) } }
        let header = ["plugin", "first request", "whole conversation", "without handle"]
        var rows: [[String]] = []
        var errors: [String] = []
        for name in names {
            let whole = figures.first { $0.name == name && $0.part == "whole" }
            let partial = figures.first { $0.name == name && $0.part == "withoutHandle" }
            let first = (whole ?? partial).map { "\($0.outcome ?? "?"), \($0.stages ?? 0) stages" } ?? "?"
            rows.append([name, first, Self.cell(whole), Self.cell(partial)])
            for figure in [whole, partial].compactMap({ $0 }) {
                if let error = figure.error { errors.append("\(name), \(figure.part): \(error)") }
            }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        lines.append(line(header))
        lines += rows.map(line)
        if !errors.isEmpty {
            lines.append("")
            lines += errors.map { "error: \($0)" }
        }
        lines.append("")
        lines.append("\"without handle\": each warm conversation stops before handle (resolves and confirm only); the first request runs whole.")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func cell(_ figure: InstructionBenchmark.Figure?) -> String {
        guard let figure else { return "" }
        guard let count = figure.instructionsPerConversation else { return "error" }
        return count.formatted(.number.precision(.fractionLength(0)))
    }
}
