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
        deprecation(intent, symbol: protocolName, &out)
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
                    if let former = formerResolve(intent, parameter) {
                        out.doc("Resolves `\(parameter.name)`: the older name of `resolve\(capitalized)(for:with:)`.")
                        if let deprecation = former.deprecation { out.line(deprecation) }
                        out.line("func \(former.methodName)(\(former.label) intent: \(intentClass), with completion: @escaping (\(former.result)) -> Void)")
                        if former.later {
                            out.doc("Resolves `\(parameter.name)`: the later SDK's name of `\(former.methodName)(\(former.label):with:)`, the same method.")
                            if let deprecation = former.laterDeprecation { out.line(deprecation) }
                            out.line("func \(former.methodName)(for intent: \(intentClass), with completion: @escaping (\(former.result)) -> Void)")
                            out.doc("Resolves `\(parameter.name)`: the `async` form Swift makes of the later SDK's name.")
                            if let deprecation = former.laterDeprecation { out.line(deprecation) }
                            out.line("func \(former.methodName)(for intent: \(intentClass)) async -> \(former.result)")
                        }
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
            for method in ["confirm", "handle"] {
                guard let former = formerResponse(intent, method) else { continue }
                let verb = method == "confirm" ? "Confirms" : "Handles"
                out.doc("\(verb) the intent: the older name of `\(method)(intent:completion:)`.")
                if let deprecation = former.deprecation { out.line(deprecation) }
                out.line("func \(method)(\(former.label) intent: \(intentClass), completion: @escaping (\(response)) -> Void)")
            }
        }
        out.line()
        out.doc("The defaults: each form of a method calls the other; a handler that implements")
        out.doc("neither gets the behaviour of a missing optional method (a resolve succeeds with")
        out.doc("the value given, or is not required without one; confirm answers `.ready`;")
        out.doc("options are empty), and a missing `handle` answers `.failure` with a log line.")
        deprecation(intent, symbol: protocolName, &out)
        out.block("extension \(protocolName) {") { out in
            for parameter in intent.parameters {
                let capitalized = SwiftNames.capitalized(parameter.name)
                if parameter.supportsResolution {
                    let result = resultSignature(intent, parameter)
                    let selector = "\(protocolName).resolve\(capitalized)".swiftLiteral
                    let missing = parameter.supportsMultipleValues ? "success for each value" : "success with the value, or notRequired"
                    renderForms(
                        MethodForms(name: "resolve\(capitalized)", intentLabel: "for", completionLabel: "with", result: result, selector: selector),
                        intentClass: intentClass, former: formerResolve(intent, parameter),
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
                    intentClass: intentClass, former: formerResponse(intent, method),
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

    /// An older name of a method (``FormerHandlerNames``), as the protocol
    /// and its defaults see it.
    struct FormerForm {
        /// Its first argument label: `forCreateNote`, `sendMessage`.
        let label: String
        /// Its base name: `resolveGroupName` for today's `resolveSpeakableGroupName`.
        let methodName: String
        /// What it answers: today's result, or the older one.
        let result: String
        /// A closure making today's answer from the older one; nil when the
        /// answer is today's.
        let convert: String?
        /// What its default hands its completion when ``convert`` is set: a
        /// value of the older type that is never converted (the caller sees
        /// the method is missing and answers today's default).
        let placeholder: String?
        /// `@available(*, deprecated, …)` when Apple deprecates it.
        let deprecation: String?
        /// `@available(*, deprecated, message: …)` of the later SDK's names
        /// (``later``): Apple's message for the selector, also where the
        /// older name itself is not deprecated (lists and notes' iOS 11 names).
        var laterDeprecation: String?
        /// How the defaults call it: with `handler`, `intent` and a
        /// completion in `$0`, through the intent's `_…FormerNames` when it
        /// is deprecated (so that the generated file does not warn).
        let call: String
        /// The method in `_HandlerDefaults`' bookkeeping, as a literal.
        let selector: String
        /// Whether a later SDK names the same selector `<methodName>(for:with:)`
        /// too (Apple's deprecated selectors that differ from today's:
        /// `resolveRecipients(for:with:)` answering `[INPersonResolutionResult]`,
        /// `resolveTargetTaskList(for:with:)` answering `INTaskListResolutionResult`):
        /// the older name's default calls it, and its own default is the one
        /// that records the method missing.
        var later = false

        /// The bookkeeping key of the later name's completion and `async`
        /// forms, which call each other as today's two forms do.
        var laterSelector: String { selector.replacingOccurrences(of: "(\(label):)", with: "(for:) later") }
    }

    /// The older resolve method of a parameter, if it had one.
    func formerResolve(_ intent: Intent, _ parameter: Parameter) -> FormerForm? {
        guard let names = intent.formerNames, let former = names.parameter(parameter.name),
            let label = names.resolveLabel(of: parameter.name) else { return nil }
        let methodName = "resolve\(SwiftNames.capitalized(former.methodParameterName))"
        let today = self.names.parameterResultType(intent, parameter)
        let oldType = former.type ?? parameter.type
        let oldResult = former.answersBaseResult ? self.names.resultBase(oldType) : today
        var convert: String?
        if oldResult != today || oldType != parameter.type {
            let element = oldType == parameter.type
                ? "_HandlerDefaults.result(\(today).self, adopting: $0)"
                : "_HandlerDefaults.result(\(today).self, converting: $0, value: \(valueConversion(from: oldType, to: parameter.type)))"
            convert = parameter.supportsMultipleValues ? "{ $0.map { \(element) } }" : "{ \(element) }"
        }
        let multiple = parameter.supportsMultipleValues
        let message = former.deprecationMessage.map { "@available(*, deprecated, message: \($0.swiftLiteral))" }
        var deprecation: String?
        if names.isDeprecated {
            deprecation = message ?? "@available(*, deprecated, renamed: \("resolve\(SwiftNames.capitalized(parameter.name))(for:with:)".swiftLiteral))"
        }
        return FormerForm(
            label: label, methodName: methodName, result: multiple ? "[\(oldResult)]" : oldResult, convert: convert,
            placeholder: convert == nil ? nil : (multiple ? "[]" : "\(oldResult).notRequired()"),
            deprecation: deprecation, laterDeprecation: message, call: formerCall(intent, methodName, label: label, completionLabel: "with"),
            selector: "\(self.names.handlingProtocol(intent)).\(methodName)(\(label):)".swiftLiteral,
            later: names.hasLaterName(parameter.name)
        )
    }

    /// The older `confirm` or `handle`, if the intent has older names.
    func formerResponse(_ intent: Intent, _ method: String) -> FormerForm? {
        guard let names = intent.formerNames else { return nil }
        return FormerForm(
            label: names.label, methodName: method, result: self.names.responseClass(intent), convert: nil, placeholder: nil,
            deprecation: names.isDeprecated ? "@available(*, deprecated, renamed: \("\(method)(intent:completion:)".swiftLiteral))" : nil,
            call: formerCall(intent, method, label: names.label, completionLabel: "completion"),
            selector: "\(self.names.handlingProtocol(intent)).\(method)(\(names.label):)".swiftLiteral
        )
    }

    /// A call of an older name from a default, its completion `$0`.
    func formerCall(_ intent: Intent, _ methodName: String, label: String, completionLabel: String) -> String {
        if intent.formerNames?.hasDeprecatedNames == true {
            let names = self.names.formerNames(intent)
            return "(\(names.caller).self as any \(names.calling).Type).\(methodName)(self, intent, $0)"
        }
        return "self.\(methodName)(\(label): intent, \(completionLabel): $0)"
    }

    /// The closure making today's value from an older method's
    /// (``FormerParameter/convertible(from:to:)``: a spoken phrase into an
    /// `INSpeakableString`).
    func valueConversion(from old: ParameterType, to new: ParameterType) -> String {
        precondition(old == .string && new == .custom("INSpeakableString"), "the reference validator allows no other conversion")
        return "{ (phrase: String) -> INObject in INSpeakableString(spokenPhrase: phrase) }"
    }

    /// How the defaults reach a deprecated intent's older names without
    /// naming them outside a deprecated declaration: a protocol whose
    /// requirements are not deprecated, witnessed by an enum's deprecated
    /// static methods that call them (Swift warns for neither a deprecated
    /// witness nor a call through the protocol).
    func renderFormerCalls(_ intent: Intent, _ out: inout SwiftWriter) {
        let formers = intent.parameters.compactMap { formerResolve(intent, $0) } + ["confirm", "handle"].compactMap { formerResponse(intent, $0) }
        let names = self.names.formerNames(intent)
        let handling = self.names.handlingProtocol(intent)
        let intentClass = self.names.intentClass(intent)
        out.doc("Calls \(handling)'s deprecated older names for its defaults.")
        out.block("protocol \(names.calling) {") { out in
            for former in formers {
                out.line("static func \(former.methodName)(_ handler: any \(handling), _ intent: \(intentClass), _ completion: @escaping (\(former.result)) -> Void)")
                if former.later {
                    out.line("static func \(former.methodName)Later(_ handler: any \(handling), _ intent: \(intentClass), _ completion: @escaping (\(former.result)) -> Void)")
                }
            }
        }
        out.line()
        out.doc("The deprecated calls, through `\(names.calling)`.")
        out.block("enum \(names.caller): \(names.calling) {") { out in
            for (index, former) in formers.enumerated() {
                if index > 0 { out.line() }
                let completionLabel = former.methodName == "confirm" || former.methodName == "handle" ? "completion" : "with"
                out.line("@available(*, deprecated)")
                out.block("static func \(former.methodName)(_ handler: any \(handling), _ intent: \(intentClass), _ completion: @escaping (\(former.result)) -> Void) {") { out in
                    out.line("handler.\(former.methodName)(\(former.label): intent, \(completionLabel): completion)")
                }
                if former.later {
                    out.line()
                    out.line("@available(*, deprecated)")
                    out.block("static func \(former.methodName)Later(_ handler: any \(handling), _ intent: \(intentClass), _ completion: @escaping (\(former.result)) -> Void) {") { out in
                        out.line("handler.\(former.methodName)(for: intent, with: completion)")
                    }
                }
            }
        }
    }

    /// The defaults of a method: today's completion and `async` forms, each
    /// calling the other. Where neither is implemented they answer
    /// `fallback`, or, when the method has an older name (`former`:
    /// `resolveTitle(forCreateNote:with:)`), call that name, whose own
    /// default answers `fallback`: the two-way cycle stays two-way, and the
    /// older name is its way out. An older name that answers another type
    /// (`former.convert`) is reached through `_HandlerDefaults.throughFormer`,
    /// which converts its answer, or answers `fallback` when its default
    /// ran.
    func renderForms(_ method: MethodForms, intentClass: String, former: FormerForm?, fallback: String, missing: String, _ out: inout SwiftWriter) {
        let name = method.name
        /// `for intent`, or `intent` alone when the label is the name.
        func argument(_ label: String, _ name: String) -> String { label == name ? name : "\(label) \(name)" }
        let completion = "\(argument(method.completionLabel, "completion")): @escaping (\(method.result)) -> Void"
        let completionSignature = "(\(argument(method.intentLabel, "intent")): \(intentClass), \(completion))"
        /// The older name reached with the completion `completion`.
        func formerInto(_ completion: String) -> String? {
            guard let former else { return nil }
            guard let convert = former.convert else { return former.call.replacingOccurrences(of: "$0", with: completion) }
            return "_HandlerDefaults.throughFormer(\(former.selector), handler: Self.self, fallback: \(fallback), call: { \(former.call) }, convert: \(convert), completion: \(completion))"
        }
        let olderName = former.map { "; without it: `\($0.methodName)(\($0.label):\(method.completionLabel):)`" }
        out.doc("Calls `\(name)(\(method.intentLabel):) async`\(olderName ?? "").")
        out.block("public func \(name)\(completionSignature) {") { out in
            let otherwise = formerInto("completion").map { "fallbackForm: { completion in \($0) }" } ?? "fallback: \(fallback)"
            // Overloaded by return type where a later SDK's `async` name answers the base class: say which.
            let typed = former?.later == true ? " as \(method.result)" : ""
            out.line("_HandlerDefaults.completionForm(\(method.selector), handler: Self.self, \(otherwise), operation: { await self.\(name)(\(method.intentLabel): intent)\(typed) }, completion: completion)")
        }
        out.line()
        out.doc("Calls `\(name)(\(method.intentLabel):\(method.completionLabel):)`\(olderName ?? "; without either: \(missing)").")
        out.block("public func \(name)(\(argument(method.intentLabel, "intent")): \(intentClass)) async -> \(method.result) {") { out in
            let otherwise = formerInto("completion").map { "asyncFallback: { await _HandlerDefaults.completed { completion in \($0) } }" }
                ?? "\(method.required ? "required: true, " : "")fallback: \(fallback)"
            let typed = former?.later == true ? "(completion: @escaping (\(method.result)) -> Void)" : "completion"
            out.line("await _HandlerDefaults.asyncForm(\(method.selector), handler: Self.self, \(otherwise)) { \(typed) in")
            out.line("    self.\(name)(\(method.intentLabel): intent, \(method.completionLabel): completion)")
            out.line("}")
        }
        if let former {
            out.line()
            out.doc("The older name; without any of the three forms: \(missing).")
            if let deprecation = former.deprecation { out.line(deprecation) }
            out.block("public func \(former.methodName)(\(former.label) intent: \(intentClass), \(argument(method.completionLabel, "completion")): @escaping (\(former.result)) -> Void) {") { out in
                if method.required {
                    let forms = "`\(name)(\(method.intentLabel):\(method.completionLabel):)`, its async form or `\(former.methodName)(\(former.label):\(method.completionLabel):)`"
                    out.line("_HandlerDefaults.reportMissing(\(method.selector), handler: Self.self, forms: \(forms.swiftLiteral))")
                }
                if former.later {
                    out.line(former.call.replacingOccurrences(of: ".\(former.methodName)(self", with: ".\(former.methodName)Later(self").replacingOccurrences(of: "$0", with: "completion"))
                } else if let placeholder = former.placeholder {
                    out.line("_HandlerDefaults.formerMissing(\(former.selector), handler: Self.self)")
                    out.line("completion(\(placeholder))")
                } else {
                    out.line("completion(\(fallback))")
                }
            }
            if former.later, let placeholder = former.placeholder {
                // The later name's two forms call each other; where neither is implemented the older
                // name is missing (its placeholder, and today's default answers).
                // The async form is named by its function type: `as` would not choose between
                // today's overload, answering a subclass, and this one, answering its base class.
                let missingFormer = "_HandlerDefaults.formerMissing(\(former.selector), handler: Self.self)"
                out.line()
                out.doc("The later SDK's name of the older one: calls its `async` form; without any of the five forms: \(missing).")
                if let deprecation = former.laterDeprecation { out.line(deprecation) }
                out.block("public func \(former.methodName)(for intent: \(intentClass), with completion: @escaping (\(former.result)) -> Void) {") { out in
                    out.line("_HandlerDefaults.completionForm(\(former.laterSelector), handler: Self.self, fallbackForm: { completion in \(missingFormer); completion(\(placeholder)) }, operation: { let later: (\(intentClass)) async -> \(former.result) = self.\(former.methodName)(for:); return await later(intent) }, completion: completion)")
                }
                out.line()
                out.doc("The `async` form of the later SDK's name: calls its completion form.")
                if let deprecation = former.laterDeprecation { out.line(deprecation) }
                out.block("public func \(former.methodName)(for intent: \(intentClass)) async -> \(former.result) {") { out in
                    out.line("await _HandlerDefaults.asyncForm(\(former.laterSelector), handler: Self.self, asyncFallback: { \(missingFormer); return \(placeholder) }) { (completion: @escaping (\(former.result)) -> Void) in")
                    out.line("    self.\(former.methodName)(for: intent, with: completion)")
                    out.line("}")
                }
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
        let id = propertyAccess(parameter)
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

    /// `@available(*, deprecated, …)` before `symbol`, a declaration of a
    /// deprecated intent's (`INIntentDeprecated`); nothing for the others.
    /// With a ``Intent/deprecationMessage`` the message is Apple's form,
    /// which names each symbol ("INDeleteTasksIntentHandling is deprecated.
    /// There is no replacement."); without one, a system intent's
    /// description says what Apple's SDK has instead.
    func deprecation(_ intent: Intent, symbol: String, _ out: inout SwiftWriter) {
        guard intent.deprecated else { return }
        let message = if let deprecationMessage = intent.deprecationMessage {
            "\(symbol) is deprecated. \(deprecationMessage)"
        } else if intent.isSystem {
            "\(intent.name) is deprecated in Apple's SDK: \(intent.description ?? "no longer offered")."
        } else {
            "\(intent.name) is deprecated in its definition: it is not offered for new shortcuts; existing ones still run it."
        }
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
            out.line("static func makeIntent(decoding structure: UnsafeRawPointer?) -> INIntent { \(names.intentClass(intent))._exthostDecode(structure) }")
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
        deprecation(intent, symbol: protocolName, &out)
        out.block("final class \(box): _HandlerBox {") { out in
            out.line("let handler: any \(protocolName)")
            out.line()
            out.block("init(_ handler: any \(protocolName)) {") { out in
                out.line("self.handler = handler")
                out.line("super.init(intentFields: \(intent.parameters.count))")
            }
            out.line()
            out.doc("The intent a method receives: the one `handler(for:)` was given when the host passes the same values, else decoded from the struct.")
            out.block("static func intent(_ box: UnsafeMutableRawPointer?, _ structure: UnsafeRawPointer?) -> \(intentClass) {") { out in
                out.line("_HandlerBox.from(box)?._takeIntent(structure) as? \(intentClass) ?? \(intentClass)._exthostDecode(structure)")
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
                        let result = formerResolve(intent, parameter)?.later == true ? "(result: \(resultSignature(intent, parameter)))" : "result"
                        out.line("        handler.resolve\(capitalized)(for: \(box).intent(box, intent)) { \(result) in")
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
                            out.line("        handler.provide\(capitalized)OptionsCollection(for: \(box).intent(box, intent)\(search)) { collection, error in")
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
                    out.line("        handler.\(method)(intent: \(box).intent(box, intent)) { response in")
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
                    let typed = formerResolve(intent, parameter)?.later == true ? "(result: \(resultSignature(intent, parameter))) in " : ""
                    let value = typed.isEmpty ? "$0" : "result"
                    out.line("    handler.resolve\(SwiftNames.capitalized(parameter.name))(for: intent) { \(typed)completion(.\(answer)(\(value))) }")
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
            let factory = { (intent: Intent) in names.deprecatedFactory(intent) }
            renderSwitchOnName("A new, empty intent of the class generated for `name`.",
                               "public static func makeIntent(named name: String) -> INIntent?", definition.intents, &out) { intent in
                intent.deprecated ? "_makeDeprecatedIntent(\(factory(intent)).self)" : "\(names.intentClass(intent))()"
            }
            out.line()
            renderSwitchOnName("The intent of the class generated for `name` with the values of its `<Name>Intent` struct (handler_for_intent_values).",
                               "public static func makeIntent(named name: String, decoding structure: UnsafeRawPointer?) -> INIntent?",
                               definition.intents, &out) { intent in
                intent.deprecated ? "_makeDeprecatedIntent(\(factory(intent)).self, decoding: structure)" : "\(names.intentClass(intent))._exthostDecode(structure)"
            }
            out.line()
            renderSwitchOnName("A new response of the class generated for `name`'s intent (not for a deprecated intent).",
                               "public static func makeResponse(intentNamed name: String) -> INIntentResponse?",
                               definition.intents.filter { !$0.deprecated }, &out) { intent in
                "\(names.responseClass(intent))()"
            }
            out.line()
            renderSwitchOnName("The handler's box when it conforms to the intent's handling protocol.",
                               "public static func makeHandlerBox(intentNamed name: String, handler: Any) -> _HandlerBox?", definition.intents, &out) { intent in
                intent.deprecated ? "_makeDeprecatedHandlerBox(\(factory(intent)).self, handler: handler)" : boxing(intent)
            }
        }
    }

    /// A function of the definition type that switches on an intent's name:
    /// one case per intent, `nil` for any other name.
    func renderSwitchOnName(_ doc: String, _ signature: String, _ intents: [Intent], _ out: inout SwiftWriter, result: (Intent) -> String) {
        out.doc(doc)
        out.block("\(signature) {") { out in
            out.line("switch name {")
            for intent in intents {
                out.line("case \(intent.name.swiftLiteral): \(result(intent))")
            }
            out.line("default: nil")
            out.line("}")
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
        "\"" + Self.staticStringPieces(bytes).joined() + "\""
    }

    /// The inside of that literal, one piece per scalar: the scalar, or
    /// its `\u{…}` escape.
    static func staticStringPieces(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x22, 0x5C, 0..<0x20, 0x7F...: "\\u{\(String(scalar.value, radix: 16))}"
            default: String(scalar)
            }
        }
    }
}
