import Foundation

/// Answers given in advance (an intent file's `answers`, `--answer`): each
/// question takes the next answer for its key; with none left, the
/// conversation stops with the question pending.
public final class ScriptedPrompter: ConversationPrompter {
    private var answers: [String: [String]]
    /// What the system said, in order.
    public private(set) var said: [String] = []

    public init(answers: [String: [String]]) {
        self.answers = answers
    }

    public func answer(_ question: Question) -> String? {
        guard var queue = answers[question.answerKey], !queue.isEmpty else { return nil }
        let next = queue.removeFirst()
        answers[question.answerKey] = queue
        return next
    }

    public func say(_ line: String) {
        said.append(line)
    }
}

/// A person at a terminal: questions are printed and answers read from
/// standard input. Answers given in advance are used first, and shown as if
/// typed, so a scripted run reads like the conversation it was.
public final class TerminalPrompter: ConversationPrompter {
    private let scripted: ScriptedPrompter
    private let write: (String) -> Void
    private let writePrompt: (String) -> Void

    private let readsInput: Bool

    /// - Parameters:
    ///   - answers: Answers given in advance, used first.
    ///   - readsInput: Whether to read answers from standard input; when
    ///     false, a question without an answer given in advance is left open.
    ///   - write: Where lines go.
    ///   - writePrompt: Where a prompt goes (text without a newline, before an answer is read).
    public init(
        answers: [String: [String]],
        readsInput: Bool = true,
        write: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        writePrompt: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.scripted = ScriptedPrompter(answers: answers)
        self.readsInput = readsInput
        self.write = write
        self.writePrompt = writePrompt
    }

    public func answer(_ question: Question) -> String? {
        if let given = scripted.answer(question) {
            // A page of a long list is shown, so that "more" and a number
            // read as what they answer.
            if question.page != nil {
                write("» \(question.prompt)")
                question.choiceLines(images: true).forEach(write)
                write("» \(given)")
            } else {
                write("» \(question.prompt) \(given)")
            }
            return given
        }
        guard readsInput else { return nil }
        write("» \(question.prompt)")
        question.choiceLines(images: true).forEach(write)
        while true {
            switch question.kind {
            case .confirmValue, .confirmIntent: writePrompt("(yes/no) ")
            case .choice: writePrompt("(1-\(question.page?.total ?? question.choices.count)\(question.page == nil ? "" : " or \(question.page?.moreAnswer ?? "")")) ")
            case .value: writePrompt("> ")
            }
            guard let line = readLine(strippingNewline: true) else { return nil }
            // Refused as in an intent file's answers, and asked again.
            guard let refusal = CStringText.refusal(line) else { return line }
            write("» the answer \(refusal); type it again")
        }
    }

    public func say(_ line: String) {
        write("» \(line)")
    }
}
