import Foundation

/// An image shown with a value or a response: a named image of the app, one
/// at a URL, or one whose bytes the app holds (`init(imageData:)`). Across
/// the plugin ABI it is one string: the name, the URL's absolute string, or
/// the bytes as a `data:` URL (RFC 2397: the media type, `;base64,` and the
/// bytes in base64, as an `INFile` made from `Data` carries its bytes).
public final class INImage: @unchecked Sendable, Equatable {
    /// The image's name in the app's resources, for a named image.
    public let name: String?
    /// The image's location, for an image at a URL.
    public let url: URL?
    /// The image's bytes, for an image made from data.
    public let _exthostImageData: Data?

    /// A named image of the app.
    ///
    /// - Parameter name: The image's name.
    public init(named name: String) {
        self.name = name
        self.url = nil
        self._exthostImageData = nil
    }

    /// An image at a URL.
    ///
    /// - Parameter url: Its location.
    public init(url: URL) {
        self.name = nil
        self.url = url
        self._exthostImageData = nil
    }

    /// An image from its bytes, in any format (PNG, JPEG, GIF, …): they
    /// cross to the system as they are.
    ///
    /// - Parameter imageData: The image file's bytes.
    public init(imageData: Data) {
        self.name = nil
        self.url = nil
        self._exthostImageData = imageData
    }

    /// An image from its ABI string: the bytes of a `data:` URL in base64, a
    /// URL when it has a scheme, else a name.
    ///
    /// - Parameter reference: The `data:` URL, name or URL.
    public init(reference: String) {
        if let data = Self.bytes(ofDataURL: reference) {
            self.name = nil
            self.url = nil
            self._exthostImageData = data
        } else if reference.contains("://"), let url = URL(string: reference) {
            self.name = nil
            self.url = url
            self._exthostImageData = nil
        } else {
            self.name = reference
            self.url = nil
            self._exthostImageData = nil
        }
    }

    /// The name, the URL's absolute string, or the bytes as a `data:` URL.
    public var reference: String {
        if let _exthostImageData {
            return "data:\(Self.mediaType(of: _exthostImageData));base64,\(_exthostImageData.base64EncodedString())"
        }
        return name ?? url?.absoluteString ?? ""
    }

    /// Images are equal when they name the same thing, or hold the same bytes.
    public static func == (lhs: INImage, rhs: INImage) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs._exthostImageData == rhs._exthostImageData
    }

    /// The bytes of `data:[media type][;parameters];base64,…`; nil for any
    /// other text (a name, a URL, a `data:` URL that is not base64).
    static func bytes(ofDataURL text: String) -> Data? {
        guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ","),
              text[..<comma].hasSuffix(";base64") else { return nil }
        return Data(base64Encoded: String(text[text.index(after: comma)...]))
    }

    /// The media type of the formats the bytes' first bytes name; else
    /// `application/octet-stream`.
    static func mediaType(of data: Data) -> String {
        let signatures: [(bytes: [UInt8], type: String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "image/png"), ([0xFF, 0xD8, 0xFF], "image/jpeg"), ([0x47, 0x49, 0x46, 0x38], "image/gif"),
        ]
        return signatures.first { data.starts(with: $0.bytes) }?.type ?? "application/octet-stream"
    }
}
