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
