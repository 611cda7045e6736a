import ExthostABI
import ExthostPosix
import IntentDefinition

/// A parameter's options as the Shortcuts app's editor lists them while a
/// shortcut is set up: an enum parameter's cases from the definition, or
/// the options the handler provides (`provide<Param>OptionsCollection`,
/// for a parameter with dynamic options), each with the value to put into
/// the shortcut's parameters.
public struct ParameterOptions: Sendable {
    /// One option.
    public struct Option: Sendable {
        /// What the person sees.
        public var choice: Question.Choice
        /// The value.
        public var value: IntentValue
        /// An enum case's name, which the intent file takes for it.
        public var caseName: String?

        /// The value as the intent file and `shortcuts add --parameters` take it.
        public var jsonValue: Any { caseName ?? value.jsonObject }
    }

    /// Where the options came from.
    public enum Source: String, Sendable {
        /// The enum's cases in the definition.
        case definition
        /// The handler's `provide<Param>OptionsCollection`.
        case handler
        /// Neither: the parameter takes any value of its type.
        case none
    }

    public var options: [Option]
    public var source: Source
    /// The error the handler answered with instead of options, if it did.
    public var handlerError: String?

    /// What the conversation asks when `parameter` needs a value: the
    /// definition's prompt for it, its `${…}` filled from `values`, as
    /// ``ConversationEngine`` asks it (`exthost run`).
    ///
    /// - Parameters:
    ///   - parameter: The parameter, of `intent`.
    ///   - intent: The intent, in `definition`.
    ///   - values: The values so far.
    /// - Returns: The question's text.
    public static func prompt(for parameter: Parameter, of intent: Intent, in definition: IntentDefinition,
                              values: [String: IntentValue] = [:]) -> String {
        ConversationDialog(definition: definition, intent: intent).valuePrompt(parameter, values: values)
    }

    /// Lists the options of `parameter` of `intent`.
    ///
    /// - Parameters:
    ///   - parameter: The parameter, of `intent`.
    ///   - intent: The intent, in the endpoint's definition.
    ///   - endpoint: Who handles the intent, asked for dynamic options.
    ///   - values: The other parameters' values, set on the handler first
    ///     (options may depend on them).
    ///   - searchTerm: Narrows the options of a parameter that supports search.
    ///   - deadline: Seconds the handler has to answer.
    /// - Throws: `IntentsError`: the handler could not be reached, or did
    ///   not answer in time (3001).
    public static func list(_ parameter: Parameter, of intent: Intent, endpoint: IntentHandlerEndpoint,
                            values: [String: IntentValue] = [:], searchTerm: String? = nil,
                            deadline: Double = 10) throws(IntentsError) -> ParameterOptions {
        let dialog = ConversationDialog(definition: endpoint.definition, intent: intent)
        let enumType = dialog.enumType(of: parameter)
        guard parameter.supportsDynamicEnumeration else {
            guard let enumType else { return ParameterOptions(options: [], source: .none) }
            let cases = enumType.cases.map { item in
                Option(choice: Question.Choice(title: item.displayName ?? item.name), value: .enumeration(Int32(item.value)), caseName: item.name)
            }
            return ParameterOptions(options: cases, source: .definition)
        }
        let session = try endpoint.connect(intent, "shortcut-setup", intent.parameters.map { values[$0.name] })
        let element = ValueShape(kind: parameter.type.valueKind, multiple: false)
        let due = Posix.deadline(after: deadline, from: Posix.monotonicNanoseconds())
        let (selector, outcome) = CallOutcome.ofOptionsProvider(parameter.name, element: element) {
            session.call($0, searchTerm: .some(searchTerm), completion: $1, deadline: due)
        }
        let choice = dialog.choice(parameter)
        switch outcome {
        case .notImplemented:
            return ParameterOptions(options: [], source: .none)
        case .timedOut:
            throw IntentsError(.requestTimedOut, "\(endpoint.label) did not answer \(selector) within \(deadline) s")
        case .failed(let error):
            throw error
        case .completed(.options(let items, let error)):
            return ParameterOptions(options: items.map { Option(choice: choice($0), value: $0) }, source: .handler, handlerError: error)
        case .completed(.optionSections(let sections, let error)):
            let options = sections.flatMap { section in
                section.items.map { item in
                    var made = choice(item)
                    made.section = section.title
                    return Option(choice: made, value: item)
                }
            }
            return ParameterOptions(options: options, source: .handler, handlerError: error)
        case .completed:
            throw IntentsError(.extensionBringUpFailed, "\(endpoint.label) completed \(selector) with the wrong kind of result")
        }
    }
}
