import ExthostABI
import IntentDefinition

/// What the system says in a conversation: the definition's templates with
/// their `${name}` placeholders filled in, and the words it uses where the
/// definition has none.
///
/// A class, not a struct: a conversation consults it at every stage, and a
/// copy of its two definition structs would retain each of their fields.
final class ConversationDialog: Sendable {
    let definition: IntentDefinition
    let intent: Intent
    /// The system's own words, in the request's language.
    let phrases: HostPhrases

    init(definition: IntentDefinition, intent: Intent, phrases: HostPhrases = .english) {
        self.definition = definition
        self.intent = intent
        self.phrases = phrases
    }

    /// Fills `${name}` placeholders from `extra`, then from the values so
    /// far (said as values are said), then with the parameter's label.
    func fill(_ template: String, values: [String: IntentValue], extra: [String: String] = [:]) -> String {
        fill(FormatString.pieces(of: template), values: values, extra: extra)
    }

    /// ``fill(_:values:extra:)`` of a template already cut into pieces
    /// (``ConversationPlan``: the response's templates, cut once).
    func fill(_ pieces: [FormatString.Piece], values: [String: IntentValue], extra: [String: String] = [:]) -> String {
        // A template without placeholders (`Recorded.`) is its text.
        if pieces.count == 1, case .text(let said) = pieces[0] { return String(said) }
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let said):
                text += said
            case .placeholder(let name):
                if let given = extra[name] {
                    text += given
                    continue
                }
                let parameter = intent.parameter(named: name)
                if let value = values[name] {
                    text += value.spoken(enumType: parameter.flatMap(enumType(of:)))
                } else if let parameter {
                    text += label(parameter)
                }
            }
        }
        return text
    }

    /// The question for a value of `parameter` (`needsValue`, or again
    /// after a refusal): its primary prompt, else a plain question.
    func valuePrompt(_ parameter: Parameter, values: [String: IntentValue]) -> String {
        fill(parameter.prompt(.primary) ?? phrases.what(label(parameter)), values: values)
    }

    /// The message of an unsupported value: the definition's reason when the
    /// handler gave one (reasons are numbered from 1), else a plain sentence.
    func unsupportedMessage(_ parameter: Parameter, reason: Int32, value: IntentValue?, values: [String: IntentValue]) -> String {
        let spoken = value?.spoken(enumType: enumType(of: parameter)) ?? ""
        if reason > 0, Int(reason) <= parameter.unsupportedReasons.count,
           let text = parameter.unsupportedReasons[Int(reason) - 1].formatString, !text.isEmpty {
            return fill(text, values: values, extra: [parameter.name: spoken])
        }
        return phrases.unsupported(spoken, label: label(parameter))
    }

    /// The question when the handler asks the user to confirm a value: the
    /// definition's confirmation reason when the handler gave one (reasons
    /// are numbered from 1), else the parameter's confirmation prompt, else
    /// a plain question.
    func confirmValuePrompt(_ parameter: Parameter, reason: Int32, value: IntentValue, values: [String: IntentValue]) -> String {
        var template = parameter.prompt(.confirmation) ?? phrases.confirmValue("${\(parameter.name)}")
        if reason > 0, Int(reason) <= parameter.confirmationReasons.count,
           let text = parameter.confirmationReasons[Int(reason) - 1].formatString, !text.isEmpty {
            template = text
        }
        return fill(template, values: values, extra: [parameter.name: value.spoken(enumType: enumType(of: parameter))])
    }

    /// The question before handling an intent that requires confirmation:
    /// the summary of its primary (or matching) parameter combination.
    func confirmationPrompt(values: [String: IntentValue]) -> String {
        let combination = intent.parameterCombinations.first { $0.isPrimary }
            ?? intent.parameterCombinations.first { Set($0.parameters) == Set(values.keys) }
        if let title = combination?.title, !title.isEmpty {
            return "\(fill(title, values: values).trimmingCharacters(in: .whitespaces))\(phrases.questionMark)"
        }
        return "\(intent.title ?? intent.name)\(phrases.questionMark)"
    }

    /// Why a response code a handler answered is refused: the number, the
    /// system code's name when it is one the intent lacks, and the codes
    /// the intent has.
    func unknownCode(_ code: Int32, answeredBy method: String) -> String {
        let system = SystemResponseCode(rawValue: code).map { " (\($0.name))" } ?? ""
        let codes = intent.abiResponseCodes.map { "\($0.value) \($0.name)" }.joined(separator: ", ")
        return "\(method) of \(intent.name) completed with response code \(code)\(system), which \(intent.name) does not have. Its codes are \(codes): complete with one of them."
    }

    /// What is said for a response code whose template is missing or empty.
    func defaultMessage(for code: Int32) -> String {
        phrases.defaultMessage(for: SystemResponseCode(rawValue: code))
    }

    /// How a parameter is named in a sentence: its display name, lowercased.
    func label(_ parameter: Parameter) -> String {
        (parameter.displayName ?? parameter.name).lowercased()
    }

    func enumType(of parameter: Parameter) -> EnumType? { enumType(of: parameter.type) }

    /// How a value of `parameter` is offered as a choice: an object by its
    /// display string, subtitle and image, any other value as it is said.
    func choice(_ parameter: Parameter) -> (IntentValue) -> Question.Choice {
        let enumType = enumType(of: parameter)
        return { item in
            if case .object(let object) = item {
                return Question.Choice(title: object.displayString, subtitle: object.subtitle, image: object.image, identifier: object.identifier)
            }
            return Question.Choice(title: item.spoken(enumType: enumType), subtitle: nil, image: nil, identifier: nil)
        }
    }

    func enumType(of type: ParameterType) -> EnumType? {
        if case .enumeration(let name) = type { return definition.enumType(named: name) }
        return nil
    }
}
