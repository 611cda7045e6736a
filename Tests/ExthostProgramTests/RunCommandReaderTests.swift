import ArgumentParser
import Foundation
import Testing

@testable import exthost

/// `RunCommandReader` reads `exthost run`'s usual command lines without
/// the argument parser: for every line it takes, the command must be the
/// one `RunCommand.parse` gives, field by field; every line the parser
/// refuses it must decline whole, so that the parser's message is given.
@Suite("exthost run's command line, read without the parser")
struct RunCommandReaderTests {
    typealias Name = RunCommandReader.Name

    /// Every field of a command, option groups included, as `dump` writes
    /// them: a field the reader left unset shows as the wrapper's
    /// definition instead of a value.
    static func fields(_ command: RunCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    /// Values each option is given in the generated lines.
    static let samples: [Name: [String]] = [
        .answer: ["soup=Tomato", "note=a=b", "confirm=yes"],
        .locale: ["ja", "ja_JP.UTF-8"],
        .deadline: ["2.5", "1e1", "10", "0.001"],
        .saveActivity: ["out.activity"],
        .plugins: ["Plugins", "/tmp/a folder"],
        .apps: ["Apps"],
        .memoryLimit: ["512", "0"],
        .socket: ["/tmp/x.sock"],
    ]

    /// `name` as typed: a flag alone; an option with its value, given
    /// separately or after `=`.
    static func typed(_ name: Name, _ variant: Int) -> [String] {
        guard name.takesValue, let values = samples[name] else { return [name.rawValue] }
        let value = values[variant % values.count]
        return variant % 2 == 0 ? [name.rawValue, value] : ["\(name.rawValue)=\(value)"]
    }

    /// `parts` joined, the intent file inserted at `filePosition` (clamped).
    static func line(_ parts: [[String]], file: String = "intent.json", at filePosition: Int) -> [String] {
        var parts = parts
        parts.insert([file], at: min(filePosition, parts.count))
        return parts.flatMap { $0 }
    }

    /// Compares the reader with the parser on `line`: the same command,
    /// or both refuse it.
    ///
    /// - Returns: Whether the reader took the line.
    @discardableResult
    static func compare(_ line: [String]) -> Bool {
        let parsed = try? RunCommand.parse(line)
        let read = RunCommandReader.read(line)
        switch (read, parsed) {
        case (let read?, let parsed?):
            #expect(fields(read) == fields(parsed), "\(line): the reader's command differs from the parser's")
        case (_?, nil):
            Issue.record("\(line): the reader took a line the parser refuses")
        case (nil, _?):
            Issue.record("\(line): the parser takes this line; the reader declined it")
        case (nil, nil):
            break
        }
        return read != nil
    }

    @Test("the reader's options are the parser's list of run's: the same names, flags, repeatable options, read the default way")
    func optionsAreTheDeclarations() throws {
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(RunCommand._dumpHelp().utf8)) as? [String: Any])
        let arguments = try #require((dump["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var declared: [String: (flag: Bool, repeats: Bool)] = [:]
        var positionals = 0
        for argument in arguments {
            let kind = argument["kind"] as? String
            if kind == "positional" {
                positionals += 1
                #expect(argument["isRepeating"] as? Bool == false)
                continue
            }
            let names = (argument["names"] as? [[String: Any]] ?? []).map { name in
                (name["kind"] as? String == "long" ? "--" : "-") + (name["name"] as? String ?? "")
            }
            if names.contains("--help") { continue }
            #expect(names.count == 1, "\(names): the reader knows each option by one long name")
            #expect(argument["parsingStrategy"] as? String == "default", "\(names): the reader reads a value the default way")
            for name in names {
                declared[name] = (kind == "flag", argument["isRepeating"] as? Bool ?? false)
            }
        }
        #expect(positionals == 1)
        let read = Dictionary(uniqueKeysWithValues: Name.allCases.map { ($0.rawValue, (flag: !$0.takesValue, repeats: $0.repeats)) })
        #expect(Set(declared.keys) == Set(read.keys), "run declares options the reader does not know, or the reader knows options run does not declare")
        for (name, kind) in declared {
            guard let reader = read[name] else { continue }
            #expect(reader.flag == kind.flag && reader.repeats == kind.repeats, "\(name): declared as \(kind), read as \(reader)")
        }
    }

    @Test("each option alone, with each value, separate and after =, the file before and after it")
    func eachOption() {
        var taken = 0
        for name in Name.allCases {
            for variant in 0..<max(2, 2 * (Self.samples[name]?.count ?? 0)) {
                for position in 0...1 where Self.compare(Self.line([Self.typed(name, variant)], at: position)) {
                    taken += 1
                }
            }
        }
        // All but `--memory-limit`, which needs `--isolated`.
        #expect(taken >= 4 * (Name.allCases.count - 1))
    }

    @Test("every two options in both orders, each option twice, the file first, between and last")
    func everyPair() {
        var taken = 0
        for (index, first) in Name.allCases.enumerated() {
            for (other, second) in Name.allCases.enumerated() {
                let line = Self.line([Self.typed(first, index + other), Self.typed(second, index + other + 1)], at: (index + other) % 3)
                if Self.compare(line) { taken += 1 }
            }
        }
        // Pairs the checks refuse (`--isolated` with `--service`, `--memory-limit`
        // without `--isolated`, `--socket` with `--in-process`…) are declined by both.
        #expect(taken > 150)
    }

    @Test("the options people and the front use, in every order, values separate and after =")
    func everyOrder() {
        let parts: [[String]] = [["intent.json"], ["--json"], ["--concise"], ["--answer", "soup=Tomato"], ["--locale=ja"], ["--deadline", "2.5"]]
        var taken = 0
        var orders = 0
        func permute(_ chosen: [[String]], _ rest: [[String]]) {
            guard !rest.isEmpty else {
                orders += 1
                // Every other order with `=` and separate values swapped.
                let line = chosen.enumerated().flatMap { index, part -> [String] in
                    guard orders % 2 == 0, part.count == 2 || part[0].contains("=") && part[0].hasPrefix("--") else { return part }
                    return part.count == 2 ? ["\(part[0])=\(part[1])"] : part[0].split(separator: "=", maxSplits: 1).map(String.init)
                }
                if Self.compare(line) { taken += 1 }
                return
            }
            for index in rest.indices {
                var remaining = rest
                let next = remaining.remove(at: index)
                permute(chosen + [next], remaining)
            }
        }
        permute([], parts)
        #expect(orders == 720)
        #expect(taken == 720)
    }

    @Test("repeated options: answers add up in order, a single value keeps the last, a flag twice is the flag")
    func repeated() throws {
        let lines: [[String]] = [
            ["--answer", "a=1", "f.json", "--answer=b=2", "--answer", "a=3"],
            ["--locale", "ja", "--locale=en", "f.json"],
            ["f.json", "--deadline", "1", "--deadline=2"],
            ["--json", "f.json", "--json", "--concise", "--concise"],
            ["--plugins", "A", "--plugins=B", "--apps", "C", "--apps", "D", "f.json"],
            ["--isolated", "--memory-limit", "64", "--memory-limit=128", "--isolated", "f.json"],
            ["--socket", "/a", "--socket=/b", "--no-start", "--no-start", "f.json"],
            ["--save-activity", "a", "--save-activity", "b", "f.json"],
        ]
        for line in lines {
            #expect(Self.compare(line), "\(line)")
        }
        let command = try #require(RunCommandReader.read(lines[0]))
        #expect(command.options.answers == ["a=1", "b=2", "a=3"])
    }

    @Test("-- and odd file names: what follows -- is the file, - is standard input, any name is a name")
    func terminatorAndOddNames() {
        let lines: [[String]] = [
            ["--", "-weird.json"],
            ["--json", "--", "--json"],
            ["--json", "--", "-h"],
            ["--", "--"],
            ["--", "-"],
            ["-"],
            ["--json", "-"],
            ["a file with spaces.json"],
            ["ü€😀.json"],
            ["a=b.json"],
            ["="],
            ["help"],
            [""],
            ["intent.json", "--"],
            ["--", "intent.json"],
            ["--locale", "ja", "--", "x"],
        ]
        for line in lines {
            #expect(Self.compare(line), "\(line)")
        }
    }

    @Test("lines outside the reader's set are declined whole and left to the parser",
          arguments: [
              [], ["--help"], ["-h"], ["f.json", "--help"], ["--json", "-h", "f.json"],
              ["--no-such-option", "f.json"], ["-j", "f.json"], ["-json", "f.json"],
              ["f.json", "--deadline"], ["f.json", "--deadline", "soon"], ["f.json", "--deadline", "-1"],
              ["f.json", "--deadline=-1"], ["f.json", "--deadline", "inf"], ["f.json", "--deadline", "nan"],
              ["f.json", "--deadline", "0"], ["f.json", "--deadline", "86401"],
              ["f.json", "--memory-limit", "64"], ["f.json", "--isolated", "--memory-limit", "-5"],
              ["f.json", "--isolated", "--memory-limit", "2097152"],
              ["f.json", "--answer", "no-equals"], ["f.json", "--answer"], ["f.json", "--locale", "--json"],
              ["f.json", "--locale", "--"], ["f.json", "--json=true"], ["f.json", "--concise=1"],
              ["a.json", "b.json"], ["a.json", "--", "b.json"],
              ["f.json", "--service", "--in-process"], ["f.json", "--isolated", "--service"],
              ["f.json", "--isolated", "--in-process"], ["f.json", "--in-process", "--socket", "/s"],
              ["f.json", "--socket", "/s", "--plugins", "P"],
              ["f.json", "--generate-completion-script", "bash"], ["f.json", "--experimental-dump-help"],
          ])
    func declined(line: [String]) {
        #expect(RunCommandReader.read(line) == nil)
        Self.compare(line)
    }

    @Test("a command read by the reader holds every field the parser sets, and the defaults are the declarations'")
    func defaults() throws {
        let read = try #require(RunCommandReader.read(["intent.json"]))
        let parsed = try RunCommand.parse(["intent.json"])
        #expect(Self.fields(read) == Self.fields(parsed))
        #expect(!Self.fields(read).contains("definition"))
        #expect(read.intentFile == "intent.json" && !read.json && read.deadline == nil && read.options.answers.isEmpty)
    }
}
