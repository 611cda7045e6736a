import IntentDefinition
import ExthostABI

extension SwiftRenderer {
    func renderEnum(_ enumType: EnumType, _ out: inout SwiftWriter) {
        if enumType.isOptionSet { return renderOptionSet(enumType, &out) }
        let name = names.enumType(enumType.name)
        out.doc("\(enumType.displayName ?? enumType.name) (`INEnums`: \(enumType.name)).")
        out.block("public enum \(name): Int, Sendable, CaseIterable {") { out in
            if !enumType.zeroIsValue {
                out.doc("No value.")
                out.line("case \(SwiftNames.identifier(enumType.unknownName ?? "unknown")) = 0")
            }
            for enumCase in enumType.cases {
                out.doc("\(enumCase.displayName ?? enumCase.name).".docLine)
                out.line("case \(SwiftNames.identifier(enumCase.name)) = \(enumCase.value)")
            }
        }
        out.line()
        renderEnumResult(name, optionSet: false, &out)
    }

    /// An option set as Apple's Swift overlay has it: a struct with a `UInt`
    /// raw value and one `static let` per option, and its resolution result,
    /// which has no disambiguation (Apple's has none either).
    func renderOptionSet(_ enumType: EnumType, _ out: inout SwiftWriter) {
        let name = names.enumType(enumType.name)
        out.doc("\(enumType.displayName ?? enumType.name) (an option set: \(enumType.name)).")
        out.block("public struct \(name): OptionSet, Hashable, Sendable, _ExthostOptionSet {") { out in
            out.line("public let rawValue: UInt")
            out.line()
            out.line("public init(rawValue: UInt) { self.rawValue = rawValue }")
            for enumCase in enumType.cases {
                out.line()
                out.doc("\(enumCase.displayName ?? enumCase.name).".docLine)
                out.line("public static let \(SwiftNames.identifier(enumCase.name)) = \(name)(rawValue: \(enumCase.value))")
            }
            out.line()
            out.doc("The options' names, as intent files and custom types' properties write them.")
            let table = enumType.cases.map { "(\($0.name.swiftLiteral), \($0.value))" }.joined(separator: ", ")
            out.line("public static let _exthostOptionNames: [(name: String, value: UInt)] = [\(table)]")
        }
        out.line()
        renderEnumResult(name, optionSet: true, &out)
    }

    /// The result class of an enum or an option set: success and
    /// confirmation take a value of the type, and an enum's result also
    /// disambiguates (an option set's does not, as Apple's does not; its
    /// values default to the empty set and are labelled as Apple's are).
    private func renderEnumResult(_ name: String, optionSet: Bool, _ out: inout SwiftWriter) {
        let label = SwiftNames.initializerLabel(name)
        let resolved = optionSet ? "resolved\(SwiftNames.capitalized(label))" : "resolvedValue"
        let toConfirm = optionSet ? "\(label)ToConfirm" : "valueToConfirm"
        let blank = optionSet ? " = []" : ""
        func raw(_ value: String) -> String { optionSet ? "Int(\(value).rawValue)" : "\(value).rawValue" }
        out.doc("The result of resolving a `\(name)` parameter.")
        out.block("public class \(name)ResolutionResult: INEnumResolutionResult, @unchecked Sendable {") { out in
            out.doc("The parameter is resolved to a value.")
            out.block("public class func success(with \(resolved): \(name)\(blank)) -> Self {") { out in
                out.line("success(with: \(raw(resolved)))")
            }
            out.line()
            if !optionSet {
                out.doc("The user picks one of several values.")
                out.block("public class func disambiguation(with valuesToDisambiguate: [\(name)]) -> Self {") { out in
                    out.line("disambiguation(with: valuesToDisambiguate.map(\\.rawValue))")
                }
                out.line()
            }
            out.doc("The user confirms a value.")
            out.block("public class func confirmationRequired(with \(toConfirm): \(name)\(blank)) -> Self {") { out in
                out.line("confirmationRequired(with: \(raw(toConfirm)))")
            }
            out.line()
            renderAdoptingInit(label: "enumResolutionResult", base: "INEnumResolutionResult", &out)
        }
    }

    func renderCustomType(_ type: CustomType, _ out: inout SwiftWriter) {
        if type.isPlainObject { return renderPlainObject(type, &out) }
        let name = names.customType(type.name)
        out.doc("\(type.displayName ?? type.name) (`INTypes`: \(type.name)).")
        out.block("public class \(name): INObject, @unchecked Sendable {") { out in
            for property in type.properties {
                var (swiftType, initial) = names.propertyType(property.type, multiple: property.supportsMultipleValues)
                if property.isNonnull {
                    swiftType = String(swiftType.dropLast())
                    initial = nonnullBlank(property)
                }
                if let refined = refinedNumberType(property) { (swiftType, initial) = (refined + "?", nil) }
                out.doc("\(property.displayName ?? property.name).".docLine)
                out.line("public var \(SwiftNames.identifier(property.name)): \(swiftType)\(initial.map { " = \($0)" } ?? "")")
            }
            if !type.properties.isEmpty { out.line() }
            renderJSONAccessors(
                type.properties.map {
                    JSONMember(name: $0.name, type: $0.type, multiple: $0.supportsMultipleValues, nonnull: $0.isNonnull,
                               refinedNumber: refinedNumberType($0))
                },
                getterDoc: "The properties as JSON values (the `properties` of `exthost_object`).",
                setterDoc: "Sets the properties from their JSON values.",
                setter: "_exthostApplyProperties(_ properties: [String: Any])", &out
            )
        }
        out.line()
        let result = "\(name)ResolutionResult"
        let singular = SwiftNames.initializerLabel(type.name)
        out.doc("The result of resolving a `\(name)` parameter.")
        out.block("public class \(result): INObjectResolutionResult, @unchecked Sendable {") { out in
            out.doc("The parameter is resolved to a value.")
            out.block("public class func success(with resolved\(SwiftNames.capitalized(type.name)): \(name)) -> Self {") { out in
                out.line("success(with: resolved\(SwiftNames.capitalized(type.name)) as INObject)")
            }
            out.line()
            out.doc("The user picks one of several values.")
            out.block("public class func disambiguation(with \(singular)sToDisambiguate: [\(name)]) -> Self {") { out in
                out.line("disambiguation(with: \(singular)sToDisambiguate as [INObject])")
            }
            out.line()
            out.doc("The user confirms a value.")
            out.block("public class func confirmationRequired(with \(singular)ToConfirm: \(name)?) -> Self {") { out in
                out.line("confirmationRequired(with: \(singular)ToConfirm as INObject?)")
            }
            out.line()
            renderAdoptingInit(label: "\(singular)ResolutionResult", base: "INObjectResolutionResult", &out)
        }
    }

    /// A custom type that is a plain `NSObject` subclass, as Apple's
    /// `INDateComponentsRange` is (``CustomType/isPlainObject``): its
    /// properties, read-only outside the SDK as Apple's are, and no
    /// identifier or display string; it crosses the ABI as an
    /// `exthost_object` through `_ExthostPlainObject`. Its result class is
    /// typed by the class itself (`success(with:)` takes one), where an
    /// `INObject`'s is an `INObjectResolutionResult`.
    func renderPlainObject(_ type: CustomType, _ out: inout SwiftWriter) {
        let name = names.customType(type.name)
        out.doc("\(type.displayName ?? type.name) (`INTypes`: \(type.name)), a plain object as Apple's is.")
        out.block("public class \(name): NSObject, @unchecked Sendable, _ExthostPlainObject {") { out in
            for property in type.properties {
                var (swiftType, initial) = names.propertyType(property.type, multiple: property.supportsMultipleValues)
                let refined = refinedNumberType(property)
                if let refined { (swiftType, initial) = (refined + "?", nil) }
                if property.isNonnull, case .enumeration = property.type {
                    // An enum always holds a case; nonnull says it must be given.
                } else if property.isNonnull {
                    swiftType = String(swiftType.dropLast())
                    initial = refined.map(numberBlank) ?? nonnullBlank(property)
                }
                out.doc("\(property.displayName ?? property.name).".docLine)
                out.line("public internal(set) var \(SwiftNames.identifier(property.name)): \(swiftType)\(initial.map { " = \($0)" } ?? "")")
            }
            if !type.properties.isEmpty { out.line() }
            out.doc("A blank \(name), whose properties are then set.")
            out.line("public required override init() { super.init() }")
            out.line()
            let members = type.properties.map {
                JSONMember(name: $0.name, type: $0.type, multiple: $0.supportsMultipleValues, nonnull: $0.isNonnull,
                           refinedNumber: refinedNumberType($0))
            }
            out.doc("The properties as JSON values (the `properties` of `exthost_object`).")
            out.block("public func _exthostProperties() -> [String: Any] {") { out in
                renderJSONProperties(members, &out)
            }
            out.line()
            out.doc("Sets the properties from their JSON values.")
            out.block("public func _exthostApplyProperties(_ properties: [String: Any]) {") { out in
                renderApplyJSON(members, &out)
            }
        }
        out.line()
        // A class refined into a Swift value type is resolved as the value
        // type, as Apple's overlay has it (`INMediaDestinationResolutionResult`
        // takes `INMediaDestination`, not `INMediaDestinationReference`).
        let value = names.valueType(type.name)
        out.doc("The result of resolving a `\(value)` parameter: `success(with:)`, `disambiguation(with:)`")
        out.doc("and `confirmationRequired(with:)` take \(value) values.")
        out.line("public class \(value)ResolutionResult: TypedResolutionResult<\(value)>, @unchecked Sendable {}")
    }

    /// The value a nonnull number property of a plain object holds when
    /// none was given.
    private func numberBlank(_ swiftType: String) -> String {
        swiftType == "Bool" ? "false" : "0"
    }

    /// What a nonnull property holds when it was given no value: an empty
    /// list, or a blank object of its class.
    func nonnullBlank(_ property: TypeProperty) -> String {
        property.supportsMultipleValues ? "[]" : nonnullBlank(property.type)
    }

    /// A blank object of a type's class.
    func nonnullBlank(_ type: ParameterType) -> String {
        if case .custom(let name) = type, names.plainObjects.contains(name) { return "\(names.customType(name))()" }
        return "\(names.propertyElement(type))(identifier: nil, display: \"\")"
    }

    func renderParameterResult(_ intent: Intent, _ parameter: Parameter, _ out: inout SwiftWriter) {
        let reasonType = names.unsupportedReason(intent, parameter)
        let confirmationType = names.confirmationReason(intent, parameter)
        if !parameter.unsupportedReasons.isEmpty {
            out.doc("Why `\(parameter.name)` of \(intent.name) is not supported: its unsupported reasons,")
            out.doc("numbered from 1 in definition order (the `unsupported_reason` of exthost.h).")
            deprecation(intent, symbol: reasonType, &out)
            renderReasons(reasonType, parameter.unsupportedReasons, &out)
        }
        if !parameter.confirmationReasons.isEmpty {
            out.doc("Why the user confirms `\(parameter.name)` of \(intent.name): its confirmation reasons,")
            out.doc("numbered from 1 in definition order (exthost.h, \"Methods\").")
            deprecation(intent, symbol: confirmationType, &out)
            renderReasons(confirmationType, parameter.confirmationReasons, &out)
        }
        let base = names.resultBase(parameter.type)
        let label = SwiftNames.initializerLabel(base.hasSuffix("ResolutionResult") ? base : base + "ResolutionResult")
        out.doc("The result of resolving `\(parameter.name)` of \(intent.name).")
        deprecation(intent, symbol: names.parameterResult(intent, parameter), &out)
        out.block("public class \(names.parameterResult(intent, parameter)): \(base), @unchecked Sendable {") { out in
            if !parameter.unsupportedReasons.isEmpty {
                out.doc("The value is not supported, for one of the parameter's reasons.")
                out.block("public class func unsupported(forReason reason: \(reasonType)) -> Self {") { out in
                    out.line("unsupported(withReason: reason.rawValue)")
                }
                out.line()
            }
            if !parameter.confirmationReasons.isEmpty {
                let singular = SwiftNames.initializerLabel(names.propertyElement(parameter.type))
                out.doc("The user confirms a value, for one of the parameter's confirmation reasons.")
                out.block("public class func confirmationRequired(with \(singular)ToConfirm: \(names.propertyElement(parameter.type))?, forReason reason: \(confirmationType)) -> Self {") { out in
                    out.line("confirmationRequired(with: \(singular)ToConfirm)._exthostConfirming(forReason: reason.rawValue)")
                }
                out.line()
            }
            renderAdoptingInit(label: label, base: base, &out)
        }
    }

    /// A parameter's reasons as an enum numbered from 1.
    private func renderReasons(_ name: String, _ reasons: [UnsupportedReason], _ out: inout SwiftWriter) {
        out.block("public enum \(name): Int, Sendable, CaseIterable {") { out in
            for (index, reason) in reasons.enumerated() {
                if let message = reason.formatString, !message.isEmpty { out.doc("\"\(message.docLine)\"") }
                out.line("case \(SwiftNames.identifier(reason.code)) = \(index + 1)")
            }
        }
        out.line()
    }

    /// The initializer every typed result class has: a result with the
    /// outcome and values of one of its base class.
    /// A value of a custom type, intent or response as `_exthostProperties()`
    /// writes it and `_exthostApplyProperties(_:)` reads it.
    struct JSONMember {
        var name: String
        var type: ParameterType
        var multiple: Bool
        /// An intent's number parameter kept as a `_LazyNumber`.
        var lazyNumber = false
        /// A custom type's nonnull property (``TypeProperty/isNonnull``).
        var nonnull = false
        /// The property generated code reads and writes, when not the
        /// member's name (a deprecated parameter's, ``propertyAccess(_:)``).
        var property: String?
        /// The Swift number type of a system custom type's number property
        /// (`Double`, `Bool`, `Int`), held as such rather than as `NSNumber`.
        var refinedNumber: String?

        init(name: String, type: ParameterType, multiple: Bool, lazyNumber: Bool = false, nonnull: Bool = false, property: String? = nil, refinedNumber: String? = nil) {
            self.name = name
            self.type = type
            self.multiple = multiple
            self.lazyNumber = lazyNumber
            self.nonnull = nonnull
            self.property = property
            self.refinedNumber = refinedNumber
        }

        /// The member's property in generated code.
        var id: String { property ?? SwiftNames.identifier(name) }
    }

    /// The property through which generated code reaches a parameter's
    /// value: its own, or for a deprecated parameter an internal one the
    /// deprecated property forwards to (`_deprecated_callType`), so that
    /// the generated file compiles without a warning.
    func propertyAccess(_ parameter: Parameter) -> String {
        parameter.deprecated == nil ? SwiftNames.identifier(parameter.name) : "_deprecated_\(parameter.name)"
    }

    /// `@available(*, deprecated, renamed: …, message: …)`.
    func deprecationAttribute(_ deprecation: ParameterDeprecation) -> String {
        var arguments = ["*", "deprecated"]
        if let renamed = deprecation.renamed { arguments.append("renamed: \(renamed.swiftLiteral)") }
        if let message = deprecation.message { arguments.append("message: \(message.swiftLiteral)") }
        return "@available(\(arguments.joined(separator: ", ")))"
    }

    /// `_exthostProperties()` and its inverse, `setter`, whose body begins
    /// with `firstLine`.
    func renderJSONAccessors(_ members: [JSONMember], getterDoc: String, setterDoc: String, setter: String,
                             firstLine: String? = nil, _ out: inout SwiftWriter) {
        out.doc(getterDoc)
        out.block("public override func _exthostProperties() -> [String: Any] {") { out in
            renderJSONProperties(members, &out)
        }
        out.line()
        out.doc(setterDoc)
        out.block("public override func \(setter) {") { out in
            if let firstLine { out.line(firstLine) }
            renderApplyJSON(members, &out)
        }
    }

    /// The body of a `[String: Any]` getter: every member with a value.
    func renderJSONProperties(_ members: [JSONMember], _ out: inout SwiftWriter) {
        out.line(members.isEmpty ? "let properties: [String: Any] = [:]" : "var properties: [String: Any] = [:]")
        for member in members {
            let id = member.id
            if member.nonnull, member.multiple || member.type.valueKind != .enumeration {
                let value = member.multiple ? "\(id).map { \(names.jsonValue(member.type, "$0")) }" : names.jsonValue(member.type, id)
                out.line("properties[\(member.name.swiftLiteral)] = \(value)")
            } else if member.multiple {
                out.line("if let values = \(id) { properties[\(member.name.swiftLiteral)] = values.map { \(names.jsonValue(member.type, "$0")) } }")
            } else if case .enumeration = member.type, names.hasNoValue(member.type) {
                out.line("if \(id) != \(names.noValue(member.type)) { properties[\(member.name.swiftLiteral)] = \(names.jsonValue(member.type, id)) }")
            } else if case .enumeration = member.type {
                out.line("properties[\(member.name.swiftLiteral)] = \(names.jsonValue(member.type, id))")
            } else {
                out.line("if let value = \(id) { properties[\(member.name.swiftLiteral)] = \(names.jsonValue(member.type, "value")) }")
            }
        }
        out.line("return properties")
    }

    /// Statements setting every member of `self` from `properties[name]`.
    func renderApplyJSON(_ members: [JSONMember], _ out: inout SwiftWriter) {
        for member in members {
            let id = member.id
            let key = "properties[\(member.name.swiftLiteral)]"
            if member.lazyNumber {
                out.line("_\(member.name).number = \(key) as? NSNumber")
            } else if let refined = member.refinedNumber {
                let blank = member.nonnull ? " ?? \(numberBlank(refined))" : ""
                out.line("\(id) = (\(key) as? NSNumber)?.\(refined.prefix(1).lowercased() + refined.dropFirst())Value\(blank)")
            } else if member.multiple {
                let blank = member.nonnull ? " ?? []" : ""
                out.line("\(id) = (\(key) as? [Any])?.compactMap { \(names.fromJSON(member.type, "$0")) }\(blank)")
            } else if member.nonnull, member.type.valueKind != .enumeration {
                out.line("\(id) = \(names.fromJSON(member.type, key)) ?? \(nonnullBlank(member.type))")
            } else if case .enumeration = member.type {
                out.line("\(id) = \(names.fromJSON(member.type, key)) ?? \(names.noValue(member.type))")
            } else {
                out.line("\(id) = \(names.fromJSON(member.type, key))")
            }
        }
    }

    private func renderAdoptingInit(label: String, base: String, _ out: inout SwiftWriter) {
        out.doc("A result with the outcome and values of another.")
        out.block("public convenience init(\(label): \(base)) {") { out in
            out.line("self.init()")
            out.line("adopt(\(label))")
        }
    }

    /// Each parameter's key path with its name, for what Apple's SDK reads
    /// through key-value coding (`INParameter(keyPath:)`,
    /// `setImage(_:forParameterNamed:)` with a key path,
    /// `INInteraction.parameterValue(for:)`): Swift has no `@objc` key
    /// paths on Linux, so the class lists its own. A deprecated parameter
    /// is left out (naming its property would warn).
    func renderParameterKeyPaths(_ intent: Intent, className: String, _ out: inout SwiftWriter) {
        let listed = intent.parameters.filter { $0.deprecated == nil }
        if !listed.isEmpty {
            out.doc("The parameters' properties by key path, in definition order.")
            out.block("public override class var _exthostParameterKeyPaths: [(keyPath: AnyKeyPath, name: String)] {") { out in
                out.line("[")
                for parameter in listed {
                    out.line("    (\\\(className).\(SwiftNames.identifier(parameter.name)), \(parameter.name.swiftLiteral)),")
                }
                out.line("]")
            }
            out.line()
        }
        if let key = intent.keyParameter {
            out.doc("The key parameter (`INIntentKeyParameter`), whose image is the key image.")
            out.line("public override class var _exthostKeyParameter: String? { \(key.swiftLiteral) }")
            out.line()
        }
    }

    func renderIntent(_ intent: Intent, _ out: inout SwiftWriter) {
        let name = names.intentClass(intent)
        out.doc("\(intent.title ?? intent.name)\(intent.description.map { ": \($0)" } ?? "")".docLine)
        deprecation(intent, symbol: name, &out)
        out.block("public class \(name): INIntent, @unchecked Sendable {") { out in
            for parameter in intent.parameters {
                let (swiftType, initial) = names.propertyType(parameter.type, multiple: parameter.supportsMultipleValues)
                let refined = refinedNumberType(intent, parameter)
                out.doc("\(parameter.displayName ?? parameter.name).".docLine)
                // A deprecated parameter's property forwards to an internal
                // one that generated code uses, so the file does not warn.
                let access = propertyAccess(parameter)
                let visibility = parameter.deprecated == nil ? "public " : ""
                if let deprecated = parameter.deprecated {
                    out.line(deprecationAttribute(deprecated))
                    out.block("public var \(SwiftNames.identifier(parameter.name)): \(refined.map { "\($0)?" } ?? swiftType) {") { out in
                        out.line("get { \(access) }")
                        out.line("set { \(access) = newValue }")
                    }
                    out.doc("`\(parameter.name)` for generated code.")
                }
                if let refined {
                    out.block("\(visibility)var \(access): \(refined)? {") { out in
                        out.line("get { _\(parameter.name).number.map { $0.\(refined.prefix(1).lowercased() + refined.dropFirst())Value } }")
                        out.line("set { _\(parameter.name).number = newValue.map { NSNumber(value: $0) } }")
                    }
                    out.line("var _\(parameter.name) = _LazyNumber()")
                } else if lazyNumberKind(parameter) != nil {
                    out.block("\(visibility)var \(access): \(swiftType) {") { out in
                        out.line("get { _\(parameter.name).number }")
                        out.line("set { _\(parameter.name).number = newValue }")
                    }
                    out.line("var _\(parameter.name) = _LazyNumber()")
                } else {
                    out.line("\(visibility)var \(access): \(swiftType)\(initial.map { " = \($0)" } ?? "")")
                }
            }
            if !intent.parameters.isEmpty { out.line() }
            out.doc("`\(intent.name)`.")
            out.line("public override class var intentName: String { \(intent.name.swiftLiteral) }")
            out.line()
            renderParameterKeyPaths(intent, className: name, &out)
            out.doc("The intent the host passed as a `\(intent.name)Intent` struct: the identifier,")
            out.doc("then one pointer per parameter in definition order (NULL = no value).")
            out.block("static func _exthostDecode(_ structure: UnsafeRawPointer?) -> \(name) {") { out in
                out.line("let intent = \(name)()")
                out.line("_IntentDecoding.setIdentifier(of: intent, from: structure)")
                if !intent.parameters.isEmpty {
                    out.line("let fields = _IntentDecoding.fields(structure, count: \(intent.parameters.count))")
                }
                for (index, parameter) in intent.parameters.enumerated() {
                    let id = propertyAccess(parameter)
                    let codec = names.propertyCodec(parameter.type)
                    if let kind = lazyNumberKind(parameter) {
                        out.line("intent._\(parameter.name) = .\(kind)(fields[\(index)])")
                    } else if parameter.supportsMultipleValues {
                        out.line("intent.\(id) = fields[\(index)] == nil ? nil : \(codec).decodeList(fields[\(index)])")
                    } else if case .enumeration = parameter.type {
                        out.line("intent.\(id) = \(codec).decodeField(fields[\(index)]) ?? \(names.noValue(parameter.type))")
                    } else {
                        out.line("intent.\(id) = \(codec).decodeField(fields[\(index)])")
                    }
                }
                out.line("return intent")
            }
            out.line()
            let members = intent.parameters.map {
                JSONMember(name: $0.name, type: $0.type, multiple: $0.supportsMultipleValues, lazyNumber: lazyNumberKind($0) != nil,
                           property: propertyAccess($0))
            }
            out.doc("Sets the parameters from their JSON values (an app handling the intent in-app).")
            out.block("public override func _exthostApplyParameters(_ properties: [String: Any]) {") { out in
                renderApplyJSON(members, &out)
            }
        }
    }

    func renderResponseCode(_ intent: Intent, _ out: inout SwiftWriter) {
        if intent.isSystem { return renderSystemResponseCode(intent, &out) }
        out.doc("The response codes of \(intent.name): the system's, then the definition's own from 100.")
        deprecation(intent, symbol: names.responseCode(intent), &out)
        out.block("public enum \(names.responseCode(intent)): Int, Sendable {") { out in
            out.line("case unspecified = 0")
            out.line("case ready")
            out.line("case continueInApp")
            out.line("case inProgress")
            out.line("case success")
            out.line("case failure")
            out.line("case failureRequiringAppLaunch")
            for (index, code) in intent.response.customCodes.enumerated() {
                if let text = code.formatString, !text.isEmpty { out.doc("\"\(text.docLine)\"") }
                out.line("case \(SwiftNames.identifier(code.name))\(index == 0 ? " = 100" : "")")
            }
        }
    }

    /// A system intent's codes as Apple's enum has them: exactly its cases,
    /// with Apple's raw values. They cross the ABI by name, as the host
    /// numbers them (``Response/abiCode(named:)``).
    func renderSystemResponseCode(_ intent: Intent, _ out: inout SwiftWriter) {
        out.doc("The response codes of \(intent.name), with Apple's raw values.")
        deprecation(intent, symbol: names.responseCode(intent), &out)
        out.block("public enum \(names.responseCode(intent)): Int, Sendable, _ExthostResponseCode {") { out in
            for (code, rawValue) in intent.response.appleNumberedCodes {
                if let text = code.formatString, !text.isEmpty { out.doc("\"\(text.docLine)\"") }
                out.line("case \(SwiftNames.identifier(code.name)) = \(rawValue)")
            }
            out.line()
            out.doc("The code whose number across the plugin ABI is `code`.")
            out.block("public init?(_exthostCode code: Int32) {") { out in
                out.block("switch code {") { out in
                    var seen: Set<Int32> = []
                    for code in intent.response.codes {
                        guard let number = intent.response.abiCode(named: code.name), seen.insert(number).inserted else { continue }
                        out.line("case \(number): self = .\(SwiftNames.identifier(code.name))")
                    }
                    out.line("default: return nil")
                }
            }
            out.line()
            out.doc("The code's number across the plugin ABI.")
            out.block("public var _exthostCode: Int32 {") { out in
                out.block("switch self {") { out in
                    for code in intent.response.codes {
                        out.line("case .\(SwiftNames.identifier(code.name)): \(intent.response.abiCode(named: code.name) ?? 0)")
                    }
                }
            }
        }
    }

    /// The stored text of a response property marked `jsonObject`.
    func jsonObjectText(_ parameter: ResponseParameter) -> String {
        "_\(parameter.name)JSONText"
    }

    /// A response property marked `jsonObject`: `[String: Any]?`, kept as
    /// the object's JSON text, which is what crosses the ABI.
    func renderJSONObjectProperty(_ parameter: ResponseParameter, of response: String, _ out: inout SwiftWriter) {
        let text = jsonObjectText(parameter)
        out.doc("")
        out.doc("A JSON object: values are strings, numbers, Booleans, and arrays and dictionaries of those;")
        out.doc("any other value is left out, and the log names its key.")
        out.block("public var \(SwiftNames.identifier(parameter.name)): [String: Any]? {") { out in
            out.line("get { _JSONObjectText.decode(\(text)) }")
            out.line("set { \(text) = _JSONObjectText.encode(newValue, property: \("\(response).\(parameter.name)".swiftLiteral)) }")
        }
        out.doc("The JSON text of `\(parameter.name)`, as it crosses the ABI.")
        out.line("var \(text): String?")
    }

    func renderResponse(_ intent: Intent, _ out: inout SwiftWriter) {
        let name = names.responseClass(intent)
        let codeType = names.responseCode(intent)
        out.doc("The response of \(intent.name)'s `confirm` and `handle`.")
        deprecation(intent, symbol: name, &out)
        out.block("public class \(name): INIntentResponse, @unchecked Sendable {") { out in
            for parameter in intent.response.parameters {
                out.doc("\(parameter.displayName ?? parameter.name).".docLine)
                if parameter.isJSONObject {
                    renderJSONObjectProperty(parameter, of: name, &out)
                    continue
                }
                let (swiftType, initial) = names.propertyType(parameter.type, multiple: parameter.supportsMultipleValues)
                out.line("public var \(SwiftNames.identifier(parameter.name)): \(swiftType)\(initial.map { " = \($0)" } ?? "")")
            }
            out.doc("The response code.")
            out.line("public private(set) var code: \(codeType) = .unspecified")
            out.line()
            out.doc("A response with a code and the activity the app continues.")
            out.doc("")
            out.doc("- Parameters:")
            out.doc("  - code: The response code.")
            out.doc("  - userActivity: The activity handed to the app, or `nil`.")
            out.block("public convenience init(code: \(codeType), userActivity: NSUserActivity?) {") { out in
                out.line("self.init()")
                out.line("self.code = code")
                out.line("self.userActivity = userActivity")
            }
            for code in intent.response.codes {
                let used = placeholders(in: [code.formatString, code.conciseFormatString])
                let parameters = used.compactMap { placeholder in intent.response.parameters.first { $0.name == placeholder } }
                guard !parameters.isEmpty else { continue }
                out.line()
                out.doc("A `.\(code.name)` response with the values its template says.")
                let arguments = parameters.map { parameter -> String in
                    let element = parameter.isJSONObject ? "[String: Any]" : names.propertyElement(parameter.type)
                    return "\(parameter.name): \(parameter.supportsMultipleValues ? "[\(element)]" : element)"
                }.joined(separator: ", ")
                out.block("public static func \(SwiftNames.identifier(code.name))(\(arguments)) -> \(name) {") { out in
                    out.line("let response = \(name)(code: .\(SwiftNames.identifier(code.name)), userActivity: nil)")
                    for parameter in parameters {
                        out.line("response.\(SwiftNames.identifier(parameter.name)) = \(SwiftNames.identifier(parameter.name))")
                    }
                    out.line("return response")
                }
            }
            out.line()
            out.doc("The code's raw value across the plugin ABI.")
            out.line(intent.isSystem ? "public override var _exthostCode: Int32 { code._exthostCode }" : "public override var _exthostCode: Int32 { Int32(code.rawValue) }")
            out.line()
            out.doc("The code's name.")
            out.line("public override var _exthostCodeName: String { String(describing: code) }")
            out.line()
            let setCode = intent.isSystem ? "self.code = \(codeType)(_exthostCode: code) ?? .unspecified"
                : "self.code = \(codeType)(rawValue: Int(code)) ?? .unspecified"
            renderJSONAccessors(
                intent.response.parameters.map {
                    JSONMember(name: $0.name, type: $0.type, multiple: $0.supportsMultipleValues, property: $0.isJSONObject ? jsonObjectText($0) : nil)
                },
                getterDoc: "The response parameters as JSON values.",
                setterDoc: "Sets the code and the response parameters from their JSON values.",
                setter: "_exthostApply(code: Int32, properties: [String: Any])", firstLine: setCode, &out
            )
            out.line()
            out.doc("The response parameters as fields of the `\(intent.name)IntentResponse` struct, in order.")
            out.block("func _exthostFields(_ arena: _CArena) -> [UnsafeRawPointer?] {") { out in
                if intent.response.parameters.isEmpty {
                    out.line("[]")
                    return
                }
                out.line("[")
                for parameter in intent.response.parameters {
                    let id = parameter.isJSONObject ? jsonObjectText(parameter) : SwiftNames.identifier(parameter.name)
                    let codec = names.propertyCodec(parameter.type)
                    if parameter.supportsMultipleValues {
                        out.line("    \(id).map { values in UnsafeRawPointer(arena.list(values.map { \(codec).element($0, arena) })) },")
                    } else if case .enumeration = parameter.type, names.hasNoValue(parameter.type) {
                        out.line("    \(id) == \(names.noValue(parameter.type)) ? nil : \(codec).element(\(id), arena),")
                    } else if case .enumeration = parameter.type {
                        out.line("    \(codec).element(\(id), arena),")
                    } else {
                        out.line("    \(id).map { \(codec).element($0, arena) },")
                    }
                }
                out.line("]")
            }
        }
    }

    /// The Swift type of a system intent's optional number, as Apple's
    /// Swift overlay refines it (`INStartWorkoutIntent.goalValue: Double?`,
    /// `isOpenEnded: Bool?`), where the Objective-C property and an app's
    /// generated intent have `NSNumber?`; nil for every other parameter.
    func refinedNumberType(_ intent: Intent, _ parameter: Parameter) -> String? {
        guard intent.isSystem, !parameter.supportsMultipleValues else { return nil }
        return refinedNumberType(parameter.type)
    }

    /// The Swift type of a system custom type's optional number property
    /// (the system's domains are the definition rendered inside the SDK),
    /// as Apple's Swift overlay refines it (`INCallRecord.callDuration:
    /// Double?`, `unseen: Bool?`, `numberOfCalls: Int?`); nil for every
    /// other property, and for every property of an app's custom type,
    /// which Xcode generates as `NSNumber?`.
    func refinedNumberType(_ property: TypeProperty) -> String? {
        guard options.insideSDK, !property.supportsMultipleValues else { return nil }
        return refinedNumberType(property.type)
    }

    private func refinedNumberType(_ type: ParameterType) -> String? {
        switch type {
        case .decimal: "Double"
        case .boolean: "Bool"
        case .integer: "Int"
        default: nil
        }
    }

    /// The `_LazyNumber` constructor for a single-value number parameter of
    /// an intent (its `NSNumber` is made when read), or `nil`.
    func lazyNumberKind(_ parameter: Parameter) -> String? {
        guard !parameter.supportsMultipleValues else { return nil }
        switch parameter.type {
        case .integer: return "integer"
        case .decimal, .duration: return "decimal"
        case .boolean: return "boolean"
        default: return nil
        }
    }

    /// The `${name}` placeholders of a response code's templates, without
    /// repeats: those of the first template in order of appearance, then
    /// those only in the next.
    ///
    /// Xcode's convenience constructors take the parameters of both the
    /// format string and the concise one (`success(name:address:)` when the
    /// concise string alone says `${address}`), in order of appearance, not
    /// in the order the response declares its parameters.
    func placeholders(in templates: [String?]) -> [String] {
        var result: [String] = []
        for template in templates {
            for name in FormatString.placeholders(in: template) where !result.contains(name) {
                result.append(name)
            }
        }
        return result
    }
}
