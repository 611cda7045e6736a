@testable import DonationStore
import Foundation
import Testing

/// The pending record's reader (``PendingRecord/Entry/init(written:)``)
/// against its writer (``PendingRecord/Entry/json``) and against
/// `JSONDecoder`, which read every record before it and still reads what it
/// does not take.
struct PendingRecordReaderTests {
    typealias Entry = PendingRecord.Entry

    /// Writes `donation` as a pending file does, and reads it back with the
    /// reader and with `JSONDecoder`: both give the record written.
    func expectRoundTrip(_ donation: Donation, runStart: Date, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = Entry(donation: donation, runStart: runStart).json
        let read = try #require(bytes.withUnsafeBufferPointer { Entry(written: $0) }, "the reader did not take \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        let decoded = try JSONDecoder().decode(Entry.self, from: Data(bytes))
        #expect(read.donation == donation, sourceLocation: sourceLocation)
        #expect(read.runStart == runStart, sourceLocation: sourceLocation)
        #expect(read.donation == decoded.donation, sourceLocation: sourceLocation)
        #expect(read.runStart == decoded.runStart, sourceLocation: sourceLocation)
        // Through the path the store takes (a journal line is a slice).
        let line = ([UInt8(ascii: "\n")] + bytes + [UInt8(ascii: "\n")])[1...bytes.count]
        #expect(Entry.read(line)?.donation == donation, sourceLocation: sourceLocation)
    }

    let start = Date(timeIntervalSinceReferenceDate: 785_730_123.456_789)

    @Test("a record with every member set is read back as it was written, and as JSONDecoder reads it")
    func everyMember() throws {
        let shortcut = Shortcut(kind: .userActivity, app: "com.example.study", intent: "RecordStudy",
                                parameters: #"{"subject":"maths","minutes":25}"#, activityType: "com.example.study.open",
                                title: "Study maths", userInfo: #"{"page":3}"#, persistentIdentifier: "p-1",
                                suggestedInvocationPhrase: "Study now")
        let donation = Donation(identifier: "i-1", shortcut: shortcut, groupIdentifier: "g-1", intentHandlingStatus: "success",
                                eligibleForPrediction: false, source: .system, startDate: start, endDate: start.addingTimeInterval(0.25))
        try expectRoundTrip(donation, runStart: start.addingTimeInterval(-0.000_001))
    }

    @Test("a record with its optional members missing is read back with them nil")
    func optionalMembersMissing() throws {
        try expectRoundTrip(Donation(identifier: "i-2", shortcut: .intent(app: "com.example.lights", intent: "SetLights"),
                                     startDate: start), runStart: start)
        try expectRoundTrip(Donation(identifier: "i-3", shortcut: .userActivity(app: "com.example.lights", activityType: "open"),
                                     eligibleForPrediction: false, startDate: start), runStart: start)
        // Every other optional member alone.
        for member in 0..<8 {
            func value(_ index: Int) -> String? { index == member ? "v\(index)" : nil }
            let shortcut = Shortcut(kind: .intent, app: "a", intent: value(0), parameters: value(1), activityType: value(2), title: value(3),
                                    userInfo: value(4), persistentIdentifier: value(5), suggestedInvocationPhrase: value(6))
            try expectRoundTrip(Donation(identifier: "i-4", shortcut: shortcut, groupIdentifier: value(7), intentHandlingStatus: value(7),
                                         startDate: start), runStart: start)
        }
    }

    @Test("odd strings — escapes, every control character, non-ASCII, empty — are read back as they were written")
    func oddStrings() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let odd = [
            "", #"quote " backslash \ slash / "" \\"#, controls, "\u{7F}\u{80}\u{9F}", "«cuisine» – 🏠 日本語 e\u{301}",
            "\u{2028}\u{2029}", #"\u0041 is not an escape here"#, "\u{0}", "\u{10FFFF}\u{FFFD}",
        ]
        for (index, text) in odd.enumerated() {
            let shortcut = Shortcut(kind: .intent, app: "com.example.\(text)", intent: text, parameters: text, activityType: text,
                                    title: text, userInfo: text, persistentIdentifier: text, suggestedInvocationPhrase: text)
            try expectRoundTrip(Donation(identifier: "odd-\(index)-\(text)", shortcut: shortcut, groupIdentifier: text,
                                         intentHandlingStatus: text, startDate: start), runStart: start)
        }
    }

    @Test("large and extreme values — long text, far dates, tiny and negative intervals — are read back exactly")
    func largeValues() throws {
        let long = String(repeating: "kitchen \"lights\" – 🏠\n", count: 5_000)
        let intervals: [TimeInterval] = [0, -0.0, 1, -1, 0.1, 1e-7, .leastNonzeroMagnitude, .leastNormalMagnitude, -978_307_200, 1e21, .greatestFiniteMagnitude,
                                         123_456_789.123_456_78, Date.distantFuture.timeIntervalSinceReferenceDate,
                                         Date.distantPast.timeIntervalSinceReferenceDate, .pi * 1e15]
        for interval in intervals {
            let date = Date(timeIntervalSinceReferenceDate: interval)
            try expectRoundTrip(Donation(identifier: long, shortcut: .intent(app: "a", intent: long, canonicalParameters: long, title: long),
                                         startDate: date, endDate: date), runStart: date)
        }
    }

    @Test("random records: the reader and JSONDecoder read the writer's bytes alike")
    func randomRecords() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "é", "«", "🏠", "\u{2028}", "{", "}", ",", ":"]
        func text() -> String? {
            guard Bool.random(using: &generator) else { return nil }
            return (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        for _ in 0..<300 {
            let shortcut = Shortcut(kind: Bool.random() ? .intent : .userActivity, app: text() ?? "", intent: text(), parameters: text(),
                                    activityType: text(), title: text(), userInfo: text(), persistentIdentifier: text(),
                                    suggestedInvocationPhrase: text())
            let date = Date(timeIntervalSinceReferenceDate: Double.random(in: -1e12...1e12, using: &generator))
            try expectRoundTrip(Donation(identifier: text() ?? "", shortcut: shortcut, groupIdentifier: text(), intentHandlingStatus: text(),
                                         eligibleForPrediction: Bool.random(), source: Bool.random() ? .donated : .system,
                                         startDate: date, endDate: date.addingTimeInterval(Double.random(in: 0...100))),
                                runStart: date)
        }
    }

    @Test("a record in another shape (JSONEncoder's, white space) is left to JSONDecoder and still read; what is no record is not")
    func otherShapes() throws {
        let donation = Donation(identifier: "i-5", shortcut: .intent(app: "com.example.lights", intent: "SetLights",
                                                                     parameters: #"{"room":"kitchen"}"#), source: .system, startDate: start)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let other = try [UInt8](encoder.encode(Entry(donation: donation, runStart: start)))
        #expect(other.withUnsafeBufferPointer { Entry(written: $0) } == nil)
        #expect(Entry.read(other[...])?.donation == donation)

        let written = Entry(donation: donation, runStart: start).json
        let writtenText = String(decoding: written, as: UTF8.self)
        for notTaken in [
            writtenText + " ",                                                                   // white space after
            writtenText.replacingOccurrences(of: #""source":"system""#, with: #""source":"cloud""#), // a source no version writes
            writtenText.replacingOccurrences(of: #""kind":"intent""#, with: #""kind":"widget""#),
            writtenText.replacingOccurrences(of: "kitchen", with: "kit\tchen"),                     // a raw control character
            writtenText.replacingOccurrences(of: "kitchen", with: #"kit\qchen"#),                   // an unknown escape
            writtenText.replacingOccurrences(of: "kitchen", with: "kit\u{FEFF}chen"),                // a byte-order mark, left to JSONDecoder
            writtenText.replacingOccurrences(of: #""runStart":"#, with: #""runStart":01"#),        // a leading zero
            writtenText.replacingOccurrences(of: #""runStart":"#, with: #""runStart":1e400"#),     // out of range
            String(writtenText.dropLast()),                                                      // cut short
            "{}", "", "not json",
        ] {
            let bytes = Array(notTaken.utf8)
            #expect(bytes.withUnsafeBufferPointer { Entry(written: $0) } == nil, "taken: \(notTaken)")
            let decoded = try? JSONDecoder().decode(Entry.self, from: Data(bytes))
            #expect(Entry.read(bytes[...])?.donation == decoded?.donation, "\(notTaken)")
        }
        // The white space JSONDecoder reads: still a record.
        #expect(Entry.read(Array((writtenText + " ").utf8)[...])?.donation == donation)
    }
}
