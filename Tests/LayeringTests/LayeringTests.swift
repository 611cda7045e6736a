import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// The README's layout rule, checked against the code: the module table's
/// order is the dependency order, the SDK links nothing of the system, the
/// host knows no intent by name, and system calls stay in ExthostPosix.
@Suite("Layering")
struct LayeringTests {
    static let root = TestPaths.packageRoot

    /// The modules of the README's layout table, from the bottom of the
    /// stack to the top: each row's modules, in the row's order.
    static let layers: [[String]] = {
        let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        guard let start = readme.range(of: "| module | its job | depends on |") else { return [] }
        var rows: [[String]] = []
        for line in readme[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| `") else { break }
            let first = line.split(separator: "|").first ?? ""
            rows.append(first.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        }
        return rows
    }()

    /// Each target of Package.swift with the targets and products it names
    /// as dependencies.
    static let targets: [String: Set<String>] = {
        let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        var result: [String: Set<String>] = [:]
        let declarations = manifest.components(separatedBy: ".target(").dropFirst()
            + manifest.components(separatedBy: ".executableTarget(").dropFirst()
            + manifest.components(separatedBy: ".testTarget(").dropFirst()
            + manifest.components(separatedBy: ".plugin(").dropFirst()
        for declaration in declarations {
            guard let name = quoted(after: "name:", in: declaration) else { continue }
            var dependencies: Set<String> = []
            // The target's own argument list ends at the next declaration.
            let own = declaration.components(separatedBy: "\n        .").first ?? declaration
            if let list = own.range(of: "dependencies: [") {
                var depth = 1
                var end = list.upperBound
                while end < own.endIndex, depth > 0 {
                    if own[end] == "[" { depth += 1 }
                    if own[end] == "]" { depth -= 1 }
                    end = own.index(after: end)
                }
                let text = own[list.upperBound..<end]
                for piece in text.split(separator: "\"", omittingEmptySubsequences: false).enumerated() where piece.offset % 2 == 1 {
                    dependencies.insert(String(piece.element))
                }
            }
            result[name] = dependencies
        }
        return result
    }()

    static func quoted(after key: String, in text: String) -> String? {
        guard let range = text.range(of: key) else { return nil }
        let rest = text[range.upperBound...]
        guard let open = rest.firstIndex(of: "\"") else { return nil }
        let afterOpen = rest.index(after: open)
        guard let close = rest[afterOpen...].firstIndex(of: "\"") else { return nil }
        return String(rest[afterOpen..<close])
    }

    @Test("every module in the README's table depends only on modules above it")
    func dependenciesGoDown() {
        #expect(Self.layers.count >= 10, "the README's module table was not found")
        var rank: [String: Int] = [:]
        for (index, row) in Self.layers.enumerated() {
            for module in row { rank[module] = index }
        }
        for (module, own) in rank {
            let dependencies = Self.targets[module]
            #expect(dependencies != nil, "\(module) is in the README's table but not a target of Package.swift")
            for dependency in dependencies ?? [] {
                guard let other = rank[dependency] else { continue }
                #expect(other <= own, "\(module) depends on \(dependency), which the README's table puts above it")
            }
        }
    }

    @Test("the SDK links the ABI and nothing of the system", arguments: ["Intents", "UserNotifications"])
    func sdkStaysSmall(module: String) {
        var reached: Set<String> = []
        var queue = [module]
        while let next = queue.popLast() {
            for dependency in Self.targets[next] ?? [] where reached.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        #expect(reached.subtracting(["Intents"]) == ["CExthost", "ExthostABI"])
    }

    @Test("the host knows no intent by name")
    func noIntentNamesInTheHost() throws {
        let examples = Self.root.appendingPathComponent("Examples")
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.lastPathComponent.hasSuffix(".intentdefinition") || file.lastPathComponent.hasSuffix(".intentdefinition.json") {
            names.formUnion(try IntentDefinitionFile.load(contentsOf: file).intents.map(\.name))
        }
        #expect(names.contains("OrderSoup") && names.contains("SetLights"))
        for module in ["ExthostABI", "Intents", "IntentDefinition", "IntentConversation", "ExtensionLoading", "IntentSystem", "AppHandoff", "DonationStore"] {
            for (file, line) in Self.codeLines(in: module) {
                for name in names where line.contains("\"\(name)\"") {
                    Issue.record("\(file) names the example intent \(name): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }

    @Test("system calls and child processes go through ExthostPosix")
    func systemCallsInOnePlace() {
        let calls = ["posix_spawn(", "waitpid(", "wait4(", "poll(", "dlopen(", "flock(", "fork(", "pipe(", "socket(", "kill(", "strerror("]
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)) ?? []
        for module in modules where module != "ExthostPosix" && module != "CExthostPosix" {
            for (file, line) in Self.codeLines(in: module) {
                // A free function's call: not a method (`.kill(`) nor a declaration (`func kill(`).
                for call in calls where line.range(of: "(?<![\\w.])" + NSRegularExpression.escapedPattern(for: call), options: .regularExpression) != nil
                    && !line.contains("func " + call) && !line.contains("Posix.") {
                    Issue.record("\(file) calls \(call)…) directly; go through ExthostPosix: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }

    /// The Swift lines of a module that are code, not comments.
    static func codeLines(in module: String) -> [(file: String, line: String)] {
        let folder = root.appendingPathComponent("Sources/\(module)")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" }.flatMap { file in
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .map { ("\(module)/\(file.lastPathComponent)", $0) }
        }
    }
}
