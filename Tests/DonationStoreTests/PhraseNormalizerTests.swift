import DonationStore
import Testing

/// Phrases that sound the same compare equal; phrases that sound alike are close.
struct PhraseNormalizerTests {
    @Test("case, full- and half-width forms, punctuation and spaces do not matter", arguments: [
        ("Show my QR code", "show my qr code"),
        ("Show my QR code", "ＳＨＯＷ　ＭＹ　ＱＲ　ＣＯＤＥ"),
        ("Show my QR code", "show my QR-code!"),
        ("Show my QR code", "  show   myqr code. "),
        ("勉強を記録", "勉強を 記録。"),
        ("ｶﾞｲﾄﾞを開く", "ガイドを開く"),
    ])
    func equal(_ a: String, _ b: String) {
        #expect(PhraseNormalizer.normalize(a) == PhraseNormalizer.normalize(b))
    }

    /// Japanese phrases as people type them: full-width or half-width kana
    /// and letters, voiced marks typed separately, with or without
    /// Japanese punctuation and full-width spaces.
    @Test("Japanese phrases as typed normalise to the same bytes", arguments: [
        "ｺｰﾄﾞ",
        "コート゛",
        "コード。",
        "｢ｺｰﾄﾞ｣",
        "コ　ー　ド！",
    ])
    func japaneseWidthsAndVoicedMarks(_ typed: String) {
        // Byte for byte: the store compares normal forms in SQLite.
        #expect(Array(PhraseNormalizer.normalize(typed).utf8) == Array("コード".utf8))
    }

    @Test("a whole phrase: full-width, half-width, with and without punctuation", arguments: [
        "QRコードを表示",
        "ＱＲコードを表示",
        "QRｺｰﾄﾞを表示",
        "ｑｒｺｰﾄﾞを表示｡",
        "ＱＲ　コード　を　表示！",
        "QRコードを、表示。",
    ])
    func japanesePhrase(_ typed: String) {
        #expect(Array(PhraseNormalizer.normalize(typed).utf8) == Array("qrコードを表示".utf8))
    }

    @Test("the semi-voiced mark stays distinct from the voiced one and from none")
    func voicedMarksStayDistinct() {
        let forms = ["ﾊﾟﾝ", "ﾊﾞﾝ", "ﾊﾝ"].map { Array(PhraseNormalizer.normalize($0).utf8) }
        #expect(forms == [Array("パン".utf8), Array("バン".utf8), Array("ハン".utf8)])
    }

    @Test func differentWordsStayDifferent() {
        #expect(PhraseNormalizer.normalize("Show my QR code") != PhraseNormalizer.normalize("Scan a barcode"))
    }

    @Test func closeness() {
        let qr = PhraseNormalizer.normalize("Show my QR code")
        #expect(PhraseNormalizer.areClose(qr, PhraseNormalizer.normalize("Show my QR codes")))
        #expect(PhraseNormalizer.areClose(qr, PhraseNormalizer.normalize("Show my QR code in StudyRecord")))
        #expect(PhraseNormalizer.areClose(PhraseNormalizer.normalize("Sync accounts"), PhraseNormalizer.normalize("Sink accounts")))
        #expect(!PhraseNormalizer.areClose(qr, PhraseNormalizer.normalize("Scan a barcode")))
        #expect(!PhraseNormalizer.areClose(qr, qr), "equal is a conflict, not closeness")
    }

    @Test func punctuationOnlyIsEmpty() {
        #expect(PhraseNormalizer.normalize(" !?… ") == "")
    }
}
