import Foundation

/// A yes or a no, as a person answers a confirmation.
enum YesNoAnswer {
    case yes
    case no

    /// Reads an answer: `y`, `yes`, `true`, `1`, `ok`, `sure` or `n`, `no`,
    /// `false`, `0`, `cancel`, in any case, or the same in Japanese
    /// (`はい`, `うん`, `ええ`; `いいえ`, `いや`, `キャンセル`), whatever the
    /// conversation's language; nil for anything else.
    init?(_ answer: String) {
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes", "true", "1", "ok", "sure", "はい", "うん", "ええ": self = .yes
        case "n", "no", "false", "0", "cancel", "いいえ", "いや", "キャンセル": self = .no
        default: return nil
        }
    }
}
