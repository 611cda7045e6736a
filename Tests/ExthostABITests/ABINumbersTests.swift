import CExthost
import ExthostABI
import Foundation
import Testing

/// Every number `exthost.h` defines has its Swift case in ExthostABI with
/// the same value, and every Swift case has its constant: neither side can
/// grow or change a number alone.
@Suite struct ABINumbersTests {
    /// `EXTHOST_<NAME> = <value>` of every enum in the header.
    static let header: [String: Int64] = {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CExthost/include/exthost.h")
        let text = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
        var constants: [String: Int64] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].hasPrefix("EXTHOST_"), parts[1].hasSuffix(","),
                  let value = Int64(parts[1].dropLast()) else { continue }
            constants[parts[0]] = value
        }
        return constants
    }()

    /// `confirmationRequired` → `CONFIRMATION_REQUIRED`.
    static func macroSuffix(_ caseName: String) -> String {
        var result = ""
        for character in caseName {
            if character.isUppercase, !result.isEmpty { result += "_" }
            result += character.uppercased()
        }
        return result
    }

    /// Checks one Swift enum against the header's constants named `prefix…`.
    static func check<E: CaseIterable & RawRepresentable>(_ type: E.Type, prefix: String, except: Set<String> = [])
        where E.RawValue: BinaryInteger
    {
        let swift = Dictionary(uniqueKeysWithValues: E.allCases.map { (prefix + macroSuffix("\($0)"), Int64($0.rawValue)) })
        let c = header.filter { $0.key.hasPrefix(prefix) && !except.contains($0.key) }
        #expect(!c.isEmpty, "the header has no \(prefix)* constants")
        for (name, value) in swift {
            #expect(c[name] == value, "\(E.self): \(name) is \(value) in Swift, \(c[name].map(String.init) ?? "missing") in exthost.h")
        }
        for name in c.keys where swift[name] == nil {
            #expect(Bool(false), "exthost.h defines \(name) = \(c[name]!), which \(E.self) has no case for")
        }
    }

    @Test func resolutionKinds() { Self.check(ResolutionKind.self, prefix: "EXTHOST_RESOLUTION_") }

    @Test func systemResponseCodes() {
        Self.check(SystemResponseCode.self, prefix: "EXTHOST_RESPONSE_", except: ["EXTHOST_RESPONSE_CUSTOM_BASE"])
        #expect(SystemResponseCode.customBase == Int32(EXTHOST_RESPONSE_CUSTOM_BASE))
        #expect(SystemResponseCode.custom(at: 2) == Int32(EXTHOST_RESPONSE_CUSTOM_BASE) + 2)
        #expect(SystemResponseCode.customIndex(of: Int32(EXTHOST_RESPONSE_CUSTOM_BASE) + 2) == 2)
        #expect(SystemResponseCode.customIndex(of: SystemResponseCode.success.rawValue) == nil)
    }

    @Test func valueKinds() { Self.check(ValueKind.self, prefix: "EXTHOST_VALUE_") }

    @Test func logLevels() { Self.check(LogLevel.self, prefix: "EXTHOST_LOG_") }

    @Test func donationOperations() { Self.check(DonationOperation.self, prefix: "EXTHOST_DONATION_") }

    @Test func errorCodes() { Self.check(IntentsErrorCode.self, prefix: "EXTHOST_ERROR_") }

    @Test func theCompilerSeesTheSameNumbersAsTheHeaderText() {
        // The header text is what the test above parses; the imported
        // constants are what code compiled against it uses.
        #expect(Self.header["EXTHOST_RESOLUTION_UNSUPPORTED"] == Int64(EXTHOST_RESOLUTION_UNSUPPORTED))
        #expect(Self.header["EXTHOST_ERROR_EXTENSION_BRING_UP_FAILED"] == Int64(EXTHOST_ERROR_EXTENSION_BRING_UP_FAILED))
        #expect(ExthostABI.magic == EXTHOST_MAGIC)
        #expect(ExthostABI.version == EXTHOST_ABI_VERSION)
        #expect(ExthostABI.entrySymbol == EXTHOST_ENTRY_SYMBOL)
        #expect(ExthostABI.cToolchain == EXTHOST_TOOLCHAIN_C)
    }

    @Test func appleNamesForAppleCodesAndOurOwnForOurs() {
        #expect(IntentsErrorCode.requestTimedOut.name == "INIntentErrorRequestTimedOut")
        #expect(IntentsErrorCode.phraseConflict.name == "ExthostErrorPhraseConflict")
        #expect(Set(IntentsErrorCode.allCases.map(\.name)).count == IntentsErrorCode.allCases.count)
    }
}

/// The names a response code is written with in definitions and results.
@Suite struct ResponseCodeNameTests {
    @Test("every system code's name is its case's name, as definitions spell it")
    func names() {
        #expect(SystemResponseCode.allCases.map(\.name) == SystemResponseCode.allCases.map { String(describing: $0) })
        #expect(SystemResponseCode.continueInApp.name == "continueInApp")
    }
}
