import ExthostABI
import IntentDefinition

extension SwiftRenderer {
    func renderHandling(_ intent: Intent, _ out: inout SwiftWriter) {
        let protocolName = names.handlingProtocol(intent)
        let intentClass = names.intentClass(intent)
        let response = names.responseClass(intent)
        out.doc("The handler of \(intent.name): `handle` is required; the others are optional")
        out.doc("(defaulted below, as Xcode's optional methods behave when not implemented).")
        out.doc("Implement the completion form or the `async` form of each method.")
        deprecation(intent, &out)
        out.block("public protocol \(protocolName): AnyObject {") { out in
            for parameter in intent.parameters {
                let capitalized = SwiftNames.capitalized(parameter.name)
                if parameter.supportsResolution {
                    let result = resultSignature(intent, parameter)
                    if parameter.supportsMultipleValues {
                        out.doc("Resolves `\(parameter.name)`: one result per value. The host sees one result:")
                        out.doc("success with every value when all succeed, else the first other result.")
                    } else {
                        out.doc("Resolves `\(parameter.name)`.")
                    }
                    out.line("func resolve\(capitalized)(for intent: \(intentClass), with completion: @escaping (\(result)) -> Void)")
                    out.doc("Resolves `\(parameter.name)`.")
                    out.line("func resolve\(capitalized)(for intent: \(intentClass)) async -> \(result)")
                    if let label = intent.formerNames?.resolveLabel(of: parameter.name) {
                        out.doc("Resolves `\(parameter.name)`: the older name of `resolve\(capitalized)(for:with:)`.")
                        out.line("func resolve\(capitalized)(\(label) intent: \(intentClass), with completion: @escaping (\(result)) -> Void)")
                    }
                }
                if parameter.supportsDynamicEnumeration {
                    let element = names.propertyElement(parameter.type)
                    let object = names.optionsElement(parameter.type)
                    let search = parameter.supportsSearch ? ", searchTerm: String?" : ""
                    out.doc("The options offered for `\(parameter.name)`.")
                    out.line("func provide\(capitalized)OptionsCollection(for intent: \(intentClass)\(search), with completion: @escaping (INObjectCollection<\(object)>?, (any Error)?) -> Void)")
                    out.doc("The options offered for `\(parameter.name)`.")
                    out.line("func provide\(capitalized)OptionsCollection(for intent: \(intentClass)\(search)) async throws -> INObjectCollection<\(object)>")
                    if !parameter.supportsSearch {
                        out.doc("The options offered for `\(parameter.name)` (the form before `OptionsCollection`).")
                        out.line("func provide\(capitalized)Options(for intent: \(intentClass), with completion: @escaping ([\(element)]?, (any Error)?) -> Void)")
                        out.doc("The options offered for `\(parameter.name)` (the form before `OptionsCollection`).")
                        out.line("func provide\(capitalized)Options(for intent: \(intentClass)) async throws -> [\(element)]")
                    }
                    out.doc("The value `\(parameter.name)` starts with.")
                    out.line("func default\(capitalized)(for intent: \(intentClass)) -> \(parameter.supportsMultipleValues ? "[\(element)]" : element)?")
                }
            }
            out.doc("Confirms that the intent can be handled (answer `.ready`).")
            out.line("func confirm(intent: \(intentClass), completion: @escaping (\(response)) -> Void)")
            out.doc("Confirms that the intent can be handled (answer `.ready`).")
            out.line("func confirm(intent: \(intentClass)) async -> \(response)")
            out.doc("Handles the intent.")
            out.line("func handle(intent: \(intentClass), completion: @escaping (\(response)) -> Void)")
            out.doc("Handles the intent.")
            out.line("func handle(intent: \(intentClass)) async -> \(response)")
            if let label = intent.formerNames?.label {
                out.doc("Confirms the intent: the older name of `confirm(intent:completion:)`.")
                out.line("func confirm(\(label) intent: \(intentClass), completion: @escaping (\(response)) -> Void)")
                out.doc("Handles the intent: the older name of `handle(intent:completion:)`.")
                out.line("func handle(\(label) intent: \(intentClass), completion: @escaping (\(response)) -> Void)")
            }
        }
        out.line()
        out.doc("The defaults: each form of a method calls the other; a handler that implements")
        out.doc("neither gets the behaviour of a missing optional method (a resolve succeeds with")
        out.doc("the value given, or is not required without one; confirm answers `.ready`;")
        out.doc("options are empty), and a missing `handle` answers `.failure` with a log line.")
        deprecation(intent, &out)
        out.block("extension \(protocolName) {") { out in
            for parameter in intent.parameters {
                let capitalized = SwiftNames.capitalized(parameter.name)
                if parameter.supportsResolution {
                    let result = resultSignature(intent, parameter)
                    let selector = "\(protocolName).resolve\(capitalized)".swiftLiteral
                    let missing = parameter.supportsMultipleValues ? "success for each value" : "success with the value, or notRequired"
                    renderForms(
                        MethodForms(name: "resolve\(capitalized)", intentLabel: "for", completionLabel: "with", result: result, selector: selector),
                        intentClass: intentClass, formerLabel: intent.formerNames?.resolveLabel(of: parameter.name),
                        fallback: defaultResolution(intent, parameter), missing: missing, &out
                    )
                    out.line()
                }
                if parameter.supportsDynamicEnumeration {
                    let element = names.propertyElement(parameter.type)
                    let object = names.optionsElement(parameter.type)
                    let search = parameter.supportsSearch ? ", searchTerm: String?" : ""
                    let searchArgument = parameter.supportsSearch ? ", searchTerm: searchTerm" : ""
                    let optionsSelector = "\(protocolName).provide\(capitalized)OptionsCollection".swiftLiteral
                    out.doc("Calls the `async` form.")
                    out.block("public func provide\(capitalized)OptionsCollection(for intent: \(intentClass)\(search), with completion: @escaping (INObjectCollection<\(object)>?, (any Error)?) -> Void) {") { out in
                        if parameter.supportsSearch {
                            out.line("_HandlerDefaults.completionForm(\(optionsSelector), handler: Self.self, fallback: (nil, nil), operation: { () async -> (INObjectCollection<\(object)>?, (any Error)?) in")
                        } else {
                            out.line("_HandlerDefaults.completionForm(\(optionsSelector), handler: Self.self, fallbackForm: { completion in")
                            out.line("    self.provide\(capitalized)Options(for: intent) { completion(($0.map { INObjectCollection(items: \(names.optionsItems(parameter.type, "$0"))) }, $1)) }")
                            out.line("}, operation: { () async -> (INObjectCollection<\(object)>?, (any Error)?) in")
                        }
                        out.line("    do { return (try await self.provide\(capitalized)OptionsCollection(for: intent\(searchArgument)), nil) } catch { return (nil, error) }")
                        out.line("}, completion: { completion($0.0, $0.1) })")
                    }
                    out.line()
                    let legacySelector = "\(protocolName).provide\(capitalized)Options".swiftLiteral
                    out.doc(parameter.supportsSearch ? "Calls the completion form; without either: no options." : "Calls the completion form; without either: `provide\(capitalized)Options`.")
                    out.block("public func provide\(capitalized)OptionsCollection(for intent: \(intentClass)\(search)) async throws -> INObjectCollection<\(object)> {") { out in
                        if parameter.supportsSearch {
                            out.line("let (collection, error) = await _HandlerDefaults.asyncForm(\(optionsSelector), handler: Self.self, fallback: (INObjectCollection<\(object)>?.none, (any Error)?.none)) { completion in")
                        } else {
                            out.line("let (collection, error) = await _HandlerDefaults.asyncForm(\(optionsSelector), handler: Self.self, asyncFallback: { () async -> (INObjectCollection<\(object)>?, (any Error)?) in")
                            out.line("    do { return (INObjectCollection(items: \(names.optionsItems(parameter.type, "try await self.provide\(capitalized)Options(for: intent)"))), nil) } catch { return (nil, error) }")
                            out.line("}) { completion in")
                        }
                        out.line("    self.provide\(capitalized)OptionsCollection(for: intent\(searchArgument)) { completion(($0, $1)) }")
                        out.line("}")
                        out.line("if let error { throw error }")
                        out.line("return collection ?? INObjectCollection(items: [])")
                    }
                    out.line()
                    if !parameter.supportsSearch {
                        out.doc("Calls the `async` form.")
                        out.block("public func provide\(capitalized)Options(for intent: \(intentClass), with completion: @escaping ([\(element)]?, (any Error)?) -> Void) {") { out in
                            out.line("_HandlerDefaults.completionForm(\(legacySelector), handler: Self.self, fallback: (nil, nil), operation: { () async -> ([\(element)]?, (any Error)?) in")
                            out.line("    do { return (try await self.provide\(capitalized)Options(for: intent), nil) } catch { return (nil, error) }")
                            out.line("}, completion: { completion($0.0, $0.1) })")
                        }
                        out.line()
                        out.doc("Calls the completion form; without either: no options.")
                        out.block("public func provide\(capitalized)Options(for intent: \(intentClass)) async throws -> [\(element)] {") { out in
                            out.line("let (options, error) = await _HandlerDefaults.asyncForm(\(legacySelector), handler: Self.self, fallback: ([\(element)]?.none, (any Error)?.none)) { completion in")
                            out.line("    self.provide\(capitalized)Options(for: intent) { completion(($0, $1)) }")
                            out.line("}")
                            out.line("if let error { throw error }")
                            out.line("return options ?? []")
                        }
                        out.line()
                    }
                    out.doc("No default value.")
                    out.line("public func default\(capitalized)(for intent: \(intentClass)) -> \(parameter.supportsMultipleValues ? "[\(element)]" : element)? { nil }")
                    out.line()
                }
            }
            for (method, fallback) in [("confirm", "ready"), ("handle", "failure")] {
                let selector = "\(protocolName).\(method)".swiftLiteral
                renderForms(
                    MethodForms(name: method, intentLabel: "intent", completionLabel: "completion", result: response, selector: selector, required: method == "handle"),
                    intentClass: intentClass, formerLabel: intent.formerNames?.label,
                    fallback: "\(response)(code: .\(fallback), userActivity: nil)", missing: "`.\(fallback)`", &out
                )
                if method == "confirm" { out.line() }
            }
        }
    }

    /// One method of a handling protocol, as its defaults see it.
    struct MethodForms {
        /// `resolveTitle`, `confirm`.
        let name: String
        /// The intent's argument label today: `for`, `intent`.
        let intentLabel: String
        /// The completion's argument label: `with`, `completion`.
        let completionLabel: String
        /// What the method answers.
        let result: String
        /// The method in `_HandlerDefaults`' messages, as a literal.
        let selector: String
        /// Whether the method is required (`handle`): a missing one is logged.
        var required = false
    }

    /// The defaults of a method: today's completion and `async` forms, each
    /// calling the other. Where neither is implemented they answer
    /// `fallback`, or, when the method has an older name (`formerLabel`:
    /// `resolveTitle(forCreateNote:with:)`), call that name, whose own
    /// default answers `fallback`: the two-way cycle stays two-way, and the
    /// older name is its way out.
    func renderForms(_ method: MethodForms, intentClass: String, formerLabel: String?, fallback: String, missing: String, _ out: inout SwiftWriter) {
        let name = method.name
        /// `for intent`, or `intent` alone when the label is the name.
        func argument(_ label: String, _ name: String) -> String { label == name ? name : "\(label) \(name)" }
        let completion = "\(argument(method.completionLabel, "completion")): @escaping (\(method.result)) -> Void"
        let completionSignature = "(\(argument(method.intentLabel, "intent")): \(intentClass), \(completion))"
        let former = formerLabel.map { "self.\(name)(\($0): intent, \(method.completionLabel): $0)" }
        let olderName = formerLabel.map { "; without it: `\(name)(\($0):\(method.completionLabel):)`" }
        out.doc("Calls `\(name)(\(method.intentLabel):) async`\(olderName ?? "").")
        out.block("public func \(name)\(completionSignature) {") { out in
            let otherwise = former.map { "fallbackForm: { \($0) }" } ?? "fallback: \(fallback)"
            out.line("_HandlerDefaults.completionForm(\(method.selector), handler: Self.self, \(otherwise), operation: { await self.\(name)(\(method.intentLabel): intent) }, completion: completion)")
        }
        out.line()
        out.doc("Calls `\(name)(\(method.intentLabel):\(method.completionLabel):)`\(olderName ?? "; without either: \(missing)").")
        out.block("public func \(name)(\(argument(method.intentLabel, "intent")): \(intentClass)) async -> \(method.result) {") { out in
            let otherwise = former.map { "asyncFallback: { await _HandlerDefaults.completed { \($0) } }" }
                ?? "\(method.required ? "required: true, " : "")fallback: \(fallback)"
            out.line("await _HandlerDefaults.asyncForm(\(method.selector), handler: Self.self, \(otherwise)) { completion in")
            out.line("    self.\(name)(\(method.intentLabel): intent, \(method.completionLabel): completion)")
            out.line("}")
        }
        if let formerLabel {
            out.line()
            out.doc("The older name; without any of the three forms: \(missing).")
            out.block("public func \(name)(\(formerLabel) intent: \(intentClass), \(completion)) {") { out in
                if method.required {
                    let forms = "`\(name)(\(method.intentLabel):\(method.completionLabel):)`, its async form or `\(name)(\(formerLabel):\(method.completionLabel):)`"
                    out.line("_HandlerDefaults.reportMissing(\(method.selector), handler: Self.self, forms: \(forms.swiftLiteral))")
                }
                out.line("completion(\(fallback))")
            }
        }
    }

    /// `R` or `[R]`: what a resolve method answers.
    func resultSignature(_ intent: Intent, _ parameter: Parameter) -> String {
        let result = names.parameterResultType(intent, parameter)
        return parameter.supportsMultipleValues ? "[\(result)]" : result
    }

    /// What a missing resolve answers.
    func defaultResolution(_ intent: Intent, _ parameter: Parameter) -> String {
        let result = names.parameterResultType(intent, parameter)
        let id = SwiftNames.identifier(parameter.name)
        if parameter.supportsMultipleValues {
            return "(intent.\(id) ?? []).map { \(result).success(with: \(names.resultValue(parameter.type, "$0"))) }"
        }
        if case .enumeration = parameter.type {
            return "intent.\(id) == \(names.noValue(parameter.type)) ? \(result).notRequired() : \(result).success(with: intent.\(id))"
        }
        if refinedNumberType(intent, parameter) != nil {
            return "intent.\(id).map { \(result).success(with: $0) } ?? \(result).notRequired()"
        }
        return "intent.\(id).map { \(result).success(with: \(names.resultValue(parameter.type, "$0"))) } ?? \(result).notRequired()"
    }

    /// `@available(*, deprecated, …)` before a declaration of a deprecated
    /// intent's (`INIntentDeprecated`); nothing for the others.
    func deprecation(_ intent: Intent, _ out: inout SwiftWriter) {
        guard intent.deprecated else { return }
        let message = "\(intent.name) is deprecated in its definition: it is not offered for new shortcuts; existing ones still run it."
        out.line("@available(*, deprecated, message: \(message.swiftLiteral))")
    }

    /// How the definition type makes a deprecated intent's classes without
    /// naming them outside a deprecated declaration (``_DeprecatedIntentFactory``).
    func renderDeprecatedFactory(_ intent: Intent, _ out: inout SwiftWriter) {
        out.doc("Makes \(intent.name)'s classes for the definition type, through `_DeprecatedIntentFactory`.")
        out.block("enum \(names.deprecatedFactory(intent)): _DeprecatedIntentFactory {") { out in
            out.line("@available(*, deprecated)")
            out.line("static func makeIntent() -> INIntent { \(names.intentClass(intent))() }")
            out.line()
            out.line("@available(*, deprecated)")
            out.block("static func makeHandlerBox(handler: Any) -> _HandlerBox? {") { out in
                out.line(boxing(intent))
            }
        }
    }

    /// `handler` in the intent's box when it conforms to the handling protocol.
    func boxing(_ intent: Intent) -> String {
        "(handler as? any \(names.handlingProtocol(intent))).map(\(names.handlerBox(intent)).init)"
    }

    func renderHandlerBox(_ intent: Intent, _ out: inout SwiftWriter) {
        let box = names.handlerBox(intent)
        let protocolName = names.handlingProtocol(intent)
        let intentClass = names.intentClass(intent)
        out.doc("A \(intent.name) handler and its C methods (exthost.h, \"Methods\").")
        deprecation(intent, &out)
        out.block("final class \(box): _HandlerBox {") { out in
            out.line("let handler: any \(protocolName)")
            out.line()
            out.block("init(_ handler: any \(protocolName)) {") { out in
                out.line("self.handler = handler")
                out.line("super.init()")
            }
            out.line()
            out.doc("The handler behind the pointer the host passes to a method.")
            out.block("static func handler(_ box: UnsafeMutableRawPointer?) -> (any \(protocolName))? {") { out in
                out.line("if let box = _HandlerBox.from(box) as? \(box) { return box.handler }")
                out.line("ExtensionHost.log(\"\(intent.name): a method was called with a handler that handler_for_intent did not make for this intent\", level: .error)")
                out.line("return nil")
            }
            out.line()
            out.block("override func method(_ selector: String) -> exthost_method? {") { out in
                out.line("switch selector {")
                for parameter in intent.parameters {
                    let capitalized = SwiftNames.capitalized(parameter.name)
                    if parameter.supportsResolution {
                        out.line("case \("resolve\(capitalized)".swiftLiteral):")
                        let methodType = parameter.supportsMultipleValues ? "_ResolveListMethod" : resolveMethodType(parameter.type.valueKind)
                        let bridge = parameter.supportsMultipleValues ? "resolveMultiple" : "resolve"
                        out.line("    let method: \(methodType) = { box, intent, completion in")
                        out.line("        guard let handler = \(box).handler(box) else { return }")
                        out.line("        handler.resolve\(capitalized)(for: \(intentClass)._exthostDecode(intent)) { result in")
                        out.line("            _CompletionBridge.\(bridge)(result, codec: \(names.resultCodec(parameter.type))) { completion($0, $1, $2, $3) }")
                        out.line("        }")
                        out.line("    }")
                        out.line("    return unsafeBitCast(method, to: exthost_method.self)")
                    }
                    if parameter.supportsDynamicEnumeration {
                        let search = parameter.supportsSearch ? ", searchTerm: searchTerm.map { String(cString: $0) }" : ""
                        // Sections with their titles, and the flat list a
                        // host that predates sections asks for (exthost.h).
                        for (selector, bridge) in [("OptionsSections", "optionSections"), ("OptionsCollection", "options")] {
                            out.line("case \("provide\(capitalized)\(selector)".swiftLiteral):")
                            out.line("    let method: _OptionsMethod = { box, intent, searchTerm, completion in")
                            out.line("        guard let handler = \(box).handler(box) else { return }")
                            out.line("        handler.provide\(capitalized)OptionsCollection(for: \(intentClass)._exthostDecode(intent)\(search)) { collection, error in")
                            out.line("            _CompletionBridge.\(bridge)(collection, error: error, codec: \(names.optionsCodec(parameter.type))) { completion($0, $1) }")
                            out.line("        }")
                            out.line("    }")
                            out.line("    return unsafeBitCast(method, to: exthost_method.self)")
                        }
                    }
                }
                for method in ["confirm", "handle"] {
                    out.line("case \(method.swiftLiteral):")
                    out.line("    let method: _ResponseMethod = { box, intent, completion in")
                    out.line("        guard let handler = \(box).handler(box) else { return }")
                    out.line("        handler.\(method)(intent: \(intentClass)._exthostDecode(intent)) { response in")
                    out.line("            _CompletionBridge.response(response, fields: response._exthostFields) { completion($0, $1) }")
                    out.line("        }")
                    out.line("    }")
                    out.line("    return unsafeBitCast(method, to: exthost_method.self)")
                }
                out.line("default:")
                out.line("    return nil")
                out.line("}")
            }
            out.line()
            out.block("override func _callInApp(_ stage: _InAppStage, intent: INIntent, completion: @escaping (_InAppAnswer) -> Void) -> Bool {") { out in
                out.line("guard let intent = intent as? \(intentClass) else { return false }")
                out.line("switch stage {")
                for parameter in intent.parameters where parameter.supportsResolution {
                    let answer = parameter.supportsMultipleValues ? "resolutions" : "resolution"
                    out.line("case .resolve(\(parameter.name.swiftLiteral)):")
                    out.line("    handler.resolve\(SwiftNames.capitalized(parameter.name))(for: intent) { completion(.\(answer)($0)) }")
                }
                out.line("case .confirm:")
                out.line("    handler.confirm(intent: intent) { completion(.response($0)) }")
                out.line("case .handle:")
                out.line("    handler.handle(intent: intent) { completion(.response($0)) }")
                out.line("default:")
                out.line("    return false")
                out.line("}")
                out.line("return true")
            }
        }
    }

    func resolveMethodType(_ kind: ValueKind) -> String {
        switch kind {
        case .string: "_ResolveStringMethod"
        case .integer: "_ResolveIntegerMethod"
        case .decimal: "_ResolveDecimalMethod"
        case .boolean: "_ResolveBooleanMethod"
        case .enumeration: "_ResolveEnumerationMethod"
        case .object: "_ResolveObjectMethod"
        }
    }

    func renderDefinitionType(_ out: inout SwiftWriter) {
        let name = options.resolvedDefinitionTypeName
        out.doc("The definition as the plugin ABI sees it; pass it to `ExtensionExport.descriptor`.")
        out.block("public enum \(name): GeneratedIntentDefinition {") { out in
            out.doc("The definition in exthost's JSON form (exthost_extension.definition).")
            let hashes = String(repeating: "#", count: rawStringHashCount(definitionJSON))
            out.line("public static let definitionJSON: String = \(hashes)\"\"\"")
            for line in definitionJSON.split(separator: "\n", omittingEmptySubsequences: false) {
                out.line(String(line))
            }
            out.line("\"\"\"\(hashes)")
            out.line()
            out.doc("The definition as tables the host reads in place (exthost_extension.definition_tables): a literal in read-only data, no initialisation.")
            out.line("public static var definitionTables: StaticString? { \(swiftStaticStringLiteral(DefinitionTables.encode(definition))) }")
            out.line()
            out.doc("The intents, in definition order.")
            out.line("public static let intentNames: [String] = [\(definition.intents.map { $0.name.swiftLiteral }.joined(separator: ", "))]")
            out.line()
            out.doc("A new, empty intent of the class generated for `name`.")
            out.block("public static func makeIntent(named name: String) -> INIntent? {") { out in
                out.line("switch name {")
                for intent in definition.intents {
                    if intent.deprecated {
                        out.line("case \(intent.name.swiftLiteral): _makeDeprecatedIntent(\(names.deprecatedFactory(intent)).self)")
                    } else {
                        out.line("case \(intent.name.swiftLiteral): \(names.intentClass(intent))()")
                    }
                }
                out.line("default: nil")
                out.line("}")
            }
            out.line()
            out.doc("A new response of the class generated for `name`'s intent (not for a deprecated intent).")
            out.block("public static func makeResponse(intentNamed name: String) -> INIntentResponse? {") { out in
                out.line("switch name {")
                for intent in definition.intents where !intent.deprecated {
                    out.line("case \(intent.name.swiftLiteral): \(names.responseClass(intent))()")
                }
                out.line("default: nil")
                out.line("}")
            }
            out.line()
            out.doc("The handler's box when it conforms to the intent's handling protocol.")
            out.block("public static func makeHandlerBox(intentNamed name: String, handler: Any) -> _HandlerBox? {") { out in
                out.line("switch name {")
                for intent in definition.intents {
                    if intent.deprecated {
                        out.line("case \(intent.name.swiftLiteral): _makeDeprecatedHandlerBox(\(names.deprecatedFactory(intent)).self, handler: handler)")
                    } else {
                        out.line("case \(intent.name.swiftLiteral): \(boxing(intent))")
                    }
                }
                out.line("default: nil")
                out.line("}")
            }
        }
    }

    /// How many `#` a raw string literal needs around `text`.
    func rawStringHashCount(_ text: String) -> Int {
        var longest = 0
        var run = -1
        for character in text {
            if character == "\"" {
                run = 0
            } else if character == "#", run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = -1
            }
        }
        return longest + 1
    }
}

extension SwiftRenderer {
    /// A Swift string literal whose UTF-8 bytes are exactly `bytes` (valid
    /// UTF-8, as definition tables are): printable ASCII as it is, every
    /// other scalar as `\u{…}`.
    func swiftStaticStringLiteral(_ bytes: [UInt8]) -> String {
        var literal = "\""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x22, 0x5C, 0..<0x20, 0x7F...: literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
