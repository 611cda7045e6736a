import Foundation
import IntentDefinition

/// Finds handler methods that almost match a requirement of a generated
/// `…IntentHandling` protocol.
///
/// Every requirement has a default, so a method whose name, argument labels
/// or options element differ from the requirement's compiles as a method of
/// its own and is never called: `provideServiceOptionsCollection` giving
/// `INObjectCollection<String>` where the protocol has `<NSString>`,
/// `providePlatformOption` for `providePlatformOptions`. Swift cannot report
/// it (it warns of near misses of `@objc optional` requirements only, and an
/// unavailable overload in the protocol or an extension is never preferred to
/// the handler's own), so this reads the handler's sources.
///
/// A method is a handler method when its first parameter is one of the
/// intent classes the definitions generate (or a system intent's class); its
/// name, labels and options element are then checked against that intent's
/// protocol as the generator writes it.
public struct HandlerLinter {
    private let intents: [String: Intent]
    private let names: SwiftNames

    /// A linter for handlers of the intents of `definitions` and of every
    /// system intent.
    ///
    /// - Parameters:
    ///   - definitions: The target's definitions.
    ///   - classPrefix: A class prefix overriding the definitions'.
    public init(definitions: [IntentDefinition], classPrefix: String? = nil) {
        let prefix = classPrefix ?? definitions.lazy.compactMap(\.classPrefix).first ?? ""
        names = SwiftNames(prefix: prefix)
        let system = SwiftNames(prefix: "")
        var intents: [String: Intent] = [:]
        for intent in SystemIntents.definition.intents { intents[system.intentClass(intent)] = intent }
        for definition in definitions {
            for intent in definition.intents { intents[names.intentClass(intent)] = intent }
        }
        self.intents = intents
    }

    /// One requirement's accepted shapes.
    struct Requirement {
        /// The argument labels of each accepted form, `_` for none.
        var forms: [[String]]
        /// The options element, for `provide…Options(Collection)`.
        var element: String?
        /// The options form: `INObjectCollection<E>` or `[E]`.
        var collection: Bool
    }

    /// The requirements of an intent's protocol, by method name.
    func requirements(_ intent: Intent) -> [String: Requirement] {
        var result: [String: Requirement] = [:]
        let system = intent.isSystem ? SwiftNames(prefix: "") : names
        for parameter in intent.parameters {
            let capitalized = SwiftNames.capitalized(parameter.name)
            if parameter.supportsResolution {
                var resolve = [["for", "with"], ["for"]]
                if let former = intent.formerNames?.parameter(parameter.name), let label = intent.formerNames?.resolveLabel(of: parameter.name) {
                    if former.formerName == nil {
                        resolve.append([label, "with"])
                    } else {
                        // iOS 10's `resolveGroupName(forSendMessage:with:)` for today's `speakableGroupName`,
                        // and a later SDK's `resolveGroupName(for:with:)` for the same deprecated selector.
                        let later = intent.formerNames?.hasLaterName(parameter.name) == true
                        result["resolve\(SwiftNames.capitalized(former.methodParameterName))"] = Requirement(
                            forms: [[label, "with"]] + (later ? [["for", "with"], ["for"]] : []), element: nil, collection: false
                        )
                    }
                }
                result["resolve\(capitalized)", default: Requirement(forms: [], element: nil, collection: false)].forms += resolve
            }
            guard parameter.supportsDynamicEnumeration else { continue }
            let search = parameter.supportsSearch ? ["searchTerm"] : []
            result["provide\(capitalized)OptionsCollection"] = Requirement(
                forms: [["for"] + search + ["with"], ["for"] + search], element: system.optionsElement(parameter.type), collection: true
            )
            if !parameter.supportsSearch {
                result["provide\(capitalized)Options"] = Requirement(forms: [["for", "with"], ["for"]], element: system.propertyElement(parameter.type), collection: false)
            }
            result["default\(capitalized)"] = Requirement(forms: [["for"]], element: nil, collection: false)
        }
        for method in ["confirm", "handle"] {
            var forms = [["intent", "completion"], ["intent"]]
            if let label = intent.formerNames?.label { forms.append([label, "completion"]) }
            result[method] = Requirement(forms: forms, element: nil, collection: false)
        }
        return result
    }

    /// The near misses in one Swift source file.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: Its name, for the diagnostics (`Handler.swift:12`).
    /// - Returns: An error per method that looks like a requirement but is
    ///   none (a method far from every requirement's name is the handler's
    ///   own helper, and not reported).
    public func lint(source: String, file: String) -> [Diagnostic] {
        var diagnostics = objectiveCNames(in: source, file: file)
        for function in SwiftFunctionScanner.functions(in: source) {
            guard let first = function.parameters.first, let intent = intents[first.type] else { continue }
            let requirements = requirements(intent)
            let protocolName = (intent.isSystem ? SwiftNames(prefix: "") : names).handlingProtocol(intent)
            let at = "\(file):\(function.line)"
            let labels = function.parameters.map(\.label)
            func error(_ message: String) {
                diagnostics.append(Diagnostic(.error, file: at, intent: intent.name, message: message))
            }
            guard let requirement = requirements[function.name] else {
                let candidates = requirements.keys.sorted()
                if let unresolved = intent.parameters.first(where: { !$0.supportsResolution && function.name == "resolve\(SwiftNames.capitalized($0.name))" }) {
                    error("\(function.name)(\(signature(labels))) is not a requirement of \(protocolName): `\(unresolved.name)` does not support resolution (INIntentParameterSupportsResolution is absent or false; Xcode's \"Siri can ask for value when run\"), so it is never called. Remove it, or let Siri ask for the value in the definition.")
                } else if let searched = intent.parameters.first(where: { $0.supportsSearch && function.name == "provide\(SwiftNames.capitalized($0.name))Options" }) {
                    let collection = "provide\(SwiftNames.capitalized(searched.name))OptionsCollection"
                    error("\(function.name)(\(signature(labels))) is not a requirement of \(protocolName): `\(searched.name)` supports search, so its options come only from \(collection)(for:searchTerm:with:) or its async form. As written it is never called.")
                } else if let near = candidates.min(by: { distance($0, function.name) < distance($1, function.name) }),
                    distance(near, function.name) <= 3
                {
                    error("\(function.name)(\(signature(labels))) is not a requirement of \(protocolName): did you mean \(near)(\(signature(requirement: requirements[near]!)))? As written it is never called.")
                }
                continue
            }
            if !requirement.forms.contains(labels) {
                let expected = requirement.forms.map { "\(function.name)(\(signature($0)))" }.joined(separator: " or ")
                error("\(function.name)(\(signature(labels))) has other argument labels than \(protocolName)'s \(expected), so it is never called.")
                continue
            }
            if let element = requirement.element {
                let written = requirement.collection ? function.collectionElement : function.arrayElement
                if let written, written != element {
                    let shape = requirement.collection ? "INObjectCollection<\(element)>" : "[\(element)]"
                    let wrong = requirement.collection ? "INObjectCollection<\(written)>" : "[\(written)]"
                    error("\(function.name) gives \(wrong) where \(protocolName) has \(shape) (as Xcode's generated protocol does), so it is never called; write \(shape).")
                }
            }
        }
        return diagnostics
    }

    /// An error per `@objc(Name)` attribute: iOS extensions give their
    /// principal class an Objective-C name (`@objc(IntentHandler)`) for
    /// `NSExtensionPrincipalClass`, and Swift on Linux refuses any `@objc`
    /// ("Objective-C interoperability is disabled"). Lines whose text
    /// before the attribute is a comment are skipped.
    func objectiveCNames(in source: String, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "@objc("), !line[..<range.lowerBound].contains("//"),
                  !line.trimmingCharacters(in: .whitespaces).hasPrefix("*") else { continue }
            let name = line[range.upperBound...].prefix { $0 != ")" }
            diagnostics.append(Diagnostic(.error, file: "\(file):\(index + 1)", message: """
                @objc(\(name)) does not compile on Linux (Objective-C interoperability is disabled). \
                Remove the attribute: exthost finds the principal class through the plugin's export \
                (ExtensionExport.descriptor), not by its Objective-C name.
                """))
        }
        return diagnostics
    }

    func signature(_ labels: [String]) -> String {
        labels.map { "\($0):" }.joined()
    }

    func signature(requirement: Requirement) -> String {
        signature(requirement.forms[0])
    }

    /// Edit distance, ignoring case.
    func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
