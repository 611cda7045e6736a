import Foundation
import Intents
import Testing

/// `INNoteContent` as Apple has it: an abstract class whose values are an
/// `INTextNoteContent` or an `INImageNoteContent`, and which arrive as
/// that subclass after crossing the ABI.
struct NoteContentTests {
    static func describe(_ content: INNoteContent) -> String {
        if let text = content as? INTextNoteContent { return "text: \(text.text ?? "")" }
        if let image = content as? INImageNoteContent { return "image: \(image.image?.name ?? image.image?.url?.absoluteString ?? "")" }
        return "abstract"
    }

    @Test("Apple's initialisers make the two subclasses, read through INNoteContent")
    func initialisers() {
        let contents: [INNoteContent] = [INTextNoteContent(text: "figs"), INImageNoteContent(image: INImage(named: "receipt"))]
        #expect(contents.map(Self.describe) == ["text: figs", "image: receipt"])
    }

    @Test("each comes back as its own subclass from its JSON, alone and inside a note")
    func roundTrip() throws {
        let receipt = INImageNoteContent(image: INImage(url: URL(string: "file:///tmp/receipt.png")!))
        let figs = INTextNoteContent(text: "figs")
        #expect(INNoteContent._exthostObject(fromJSON: receipt.jsonObject).map(Self.describe) == "image: file:///tmp/receipt.png")
        #expect(INNoteContent._exthostObject(fromJSON: figs.jsonObject).map(Self.describe) == "text: figs")
        let note = INNote(title: INSpeakableString(spokenPhrase: "Taxes"), contents: [figs, receipt], groupName: nil,
                          createdDateComponents: nil, modifiedDateComponents: nil, identifier: "n1")
        let copy = try #require(INNote._exthostObject(fromJSON: note.jsonObject))
        #expect(copy.contents.map(Self.describe) == ["text: figs", "image: file:///tmp/receipt.png"])
    }

    @Test("an object with an image is image content and one without is text, as they cross the ABI")
    func acrossTheABI() throws {
        let fields = CIntentStruct(parameterCount: 1)
        let codec = _Codecs.object(INNoteContent.self)
        let text = try #require(codec.decode(fields.object(identifier: nil, display: "milk")))
        #expect(Self.describe(text) == "text: milk")
        let image = _CArena.withArena { arena in codec.decode(codec.element(INImageNoteContent(image: INImage(named: "receipt")), arena)) }
        #expect(image.map(Self.describe) == "image: receipt")
    }

    /// The first bytes of a PNG file and a few of its header: no name, no URL.
    static let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0xFF])

    @Test("an image made from its bytes crosses the ABI with them, as a base64 data: URL, and arrives with the same bytes")
    func imageDataAcrossTheABI() throws {
        let made = INImage(imageData: Self.pngBytes)
        #expect(made.name == nil && made.url == nil)
        #expect(made.reference == "data:image/png;base64," + Self.pngBytes.base64EncodedString())
        let codec = _Codecs.object(INNoteContent.self)
        let crossed = _CArena.withArena { arena in codec.decode(codec.element(INImageNoteContent(image: made), arena)) }
        let image = try #require((crossed as? INImageNoteContent)?.image, "bytes are an image, so the content is image content")
        #expect(image._exthostImageData == Self.pngBytes)
        #expect(image == made && image.name == nil && image.url == nil)
        // Bytes of no format it knows are still bytes; text that is no base64 data: URL stays a name.
        #expect(INImage(reference: INImage(imageData: Data([1, 2, 3])).reference)._exthostImageData == Data([1, 2, 3]))
        #expect(INImage(imageData: Data([1, 2, 3])).reference.hasPrefix("data:application/octet-stream;base64,"))
        #expect(INImage(reference: "data:image/png,not-base64").name == "data:image/png,not-base64")
    }
}
