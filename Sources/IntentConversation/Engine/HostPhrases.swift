import ExthostABI
import Foundation
import IntentDefinition

/// The system's own sentences in a conversation, where a definition has
/// none: questions without a prompt, the default message of a response
/// code, an unsupported value, the word that asks for the next page of a
/// long list, the question which app to use. One table per language,
/// picked as a definition's tables are (the same tag, else its language
/// alone), else English.
public struct HostPhrases: Sendable, Equatable {
    /// The table's language (`en`, `ja`).
    public var language: String
    /// "Which one?": a disambiguation without the definition's prompt.
    public var whichOne: String
    /// "Which app do you want to use?": two apps handle a system intent.
    public var whichApp: String
    /// The answer that asks for the next page, as a choice offers it.
    public var more: String
    /// The other answers that ask for the next page in this language.
    var moreSynonyms: [String]
    /// What is said for a response code without a template, by code.
    var defaultMessages: [SystemResponseCode: String]
    /// What is said for a failure code without a template.
    var defaultFailure: String
    /// The question mark ending a confirmation asked by its summary.
    var questionMark: String
    fileprivate var whatTemplate: @Sendable (String) -> String
    fileprivate var confirmTemplate: @Sendable (String) -> String
    fileprivate var unsupportedTemplate: @Sendable (_ spoken: String, _ label: String) -> String
    fileprivate var unsupportedNoValueTemplate: @Sendable (String) -> String
    fileprivate var gaveUpTemplate: @Sendable (_ label: String, _ attempts: Int) -> String
    fileprivate var cancelledTemplate: @Sendable (String) -> String
    fileprivate var notAChoiceTemplate: @Sendable (_ answer: String, _ count: Int, _ label: String, _ paged: Bool) -> String
    fileprivate var pageTemplate: @Sendable (_ first: Int, _ last: Int, _ total: Int, _ next: Int?) -> String

    public static func == (lhs: HostPhrases, rhs: HostPhrases) -> Bool { lhs.language == rhs.language }

    /// "What brightness?": a parameter asked for without the definition's prompt.
    func what(_ label: String) -> String { whatTemplate(label) }
    /// "Just to confirm, you wanted ‘${room}’?": a value to confirm, its placeholder left to fill.
    func confirmValue(_ placeholder: String) -> String { confirmTemplate(placeholder) }
    /// An unsupported value without the definition's reason.
    func unsupported(_ spoken: String, label: String) -> String {
        spoken.isEmpty ? unsupportedNoValueTemplate(label) : unsupportedTemplate(spoken, label)
    }
    /// The end of a parameter asked too many times.
    func gaveUp(_ label: String, attempts: Int) -> String { gaveUpTemplate(label, attempts) }
    /// The end of a confirmation answered no.
    func cancelled(_ prompt: String) -> String { cancelledTemplate(prompt) }
    /// An answer that names no choice.
    func notAChoice(_ answer: String, count: Int, label: String, paged: Bool) -> String { notAChoiceTemplate(answer, count, label, paged) }
    /// The line under a page of choices: which items are shown, and how to
    /// see the next `next` (nil after the last page: the first page again).
    public func pageLine(first: Int, last: Int, total: Int, next: Int?) -> String { pageTemplate(first, last, total, next) }

    /// The message of a response code without a template.
    func defaultMessage(for code: SystemResponseCode?) -> String {
        code.flatMap { defaultMessages[$0] } ?? defaultFailure
    }

    /// English: the base.
    public static let english = HostPhrases(
        language: "en", whichOne: "Which one?", whichApp: "Which app do you want to use?", more: "more", moreSynonyms: ["next"],
        defaultMessages: [.success: "Done.", .continueInApp: "Continuing in the app.", .failureRequiringAppLaunch: "Sorry, that needs the app. Opening it.",
                          .inProgress: "Working on it.", .ready: "Ready."],
        defaultFailure: "Sorry, there was a problem with the app.", questionMark: "?",
        whatTemplate: { "What \($0)?" },
        confirmTemplate: { "Just to confirm, you wanted ‘\($0)’?" },
        unsupportedTemplate: { "\($0) isn't a supported \($1)." },
        unsupportedNoValueTemplate: { "That \($0) isn't supported." },
        gaveUpTemplate: { "Gave up on \($0) after \($1) attempts." },
        cancelledTemplate: { "Cancelled: you said no to “\($0)”." },
        notAChoiceTemplate: { answer, count, label, paged in
            "\"\(answer)\" is not one of the \(count) choices for \(label): answer with a number from 1 to \(count) or an item's title\(paged ? ", or “more” for the next page" : "")."
        },
        pageTemplate: { first, last, total, next in
            next.map { "(\(first)–\(last) of \(total); answer “more” for the next \($0))" } ?? "(\(first)–\(last) of \(total); answer “more” to start again)"
        }
    )

    /// Japanese: the seed app's language.
    public static let japanese = HostPhrases(
        language: "ja", whichOne: "どれにしますか？", whichApp: "どのアプリを使いますか？", more: "もっと", moreSynonyms: ["次", "次へ", "つぎ"],
        defaultMessages: [.success: "完了しました。", .continueInApp: "アプリで続けます。", .failureRequiringAppLaunch: "すみません、アプリが必要です。アプリを開きます。",
                          .inProgress: "処理しています。", .ready: "準備ができました。"],
        defaultFailure: "すみません、アプリで問題が起きました。", questionMark: "？",
        whatTemplate: { "\($0)は何にしますか？" },
        confirmTemplate: { "確認ですが、‘\($0)’でよろしいですか？" },
        unsupportedTemplate: { "\($0)は\($1)として使えません。" },
        unsupportedNoValueTemplate: { "その\($0)は使えません。" },
        gaveUpTemplate: { "\($0)を\($1)回尋ねましたが、決まりませんでした。" },
        cancelledTemplate: { "キャンセルしました：「\($0)」に「いいえ」と答えました。" },
        notAChoiceTemplate: { answer, count, label, paged in
            "「\(answer)」は\(label)の\(count)個の選択肢のどれでもありません。1から\(count)までの番号か項目の名前で答えてください\(paged ? "（次のページは「もっと」）" : "")。"
        },
        pageTemplate: { first, last, total, next in
            next.map { "（\(total)件中\(first)–\(last)件。次の\($0)件は「もっと」と答えてください）" } ?? "（\(total)件中\(first)–\(last)件。「もっと」で最初に戻ります）"
        }
    )

    /// Every table, English first.
    public static let all = [english, japanese]

    /// The table for a request in `language` (a tag or POSIX name); English
    /// for nil or a language without a table.
    public static func speaking(_ language: String?) -> HostPhrases {
        guard let language, let key = IntentDefinition.language(for: language, among: all.map(\.language)) else { return english }
        return all.first { $0.language == key } ?? english
    }

    /// The table whose word for the next page is `more` (a page read back
    /// from JSON names its language so); English otherwise.
    public static func offering(more: String) -> HostPhrases {
        all.first { $0.more == more } ?? english
    }

    /// Whether `answer` asks for the next page, in any table's words
    /// (`more`, `next`, `もっと`, `次`), ignoring case.
    public static func asksForMore(_ answer: String) -> Bool {
        let trimmed = answer.trimmingCharacters(in: .whitespaces)
        return all.contains { table in
            ([table.more] + table.moreSynonyms).contains { $0.caseInsensitiveCompare(trimmed) == .orderedSame }
        }
    }
}
