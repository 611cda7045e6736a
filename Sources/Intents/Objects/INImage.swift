import Foundation

/// An image shown with a value or a response: a named image of the app, or
/// one at a URL. Across the plugin ABI it is one string: the name, or the
/// URL's absolute string.
public final class INImage: @unchecked Sendable, Equatable {
    /// The image's name in the app's resources, for a named image.
    public let name: String?
    /// The image's location, for an image at a URL.
    public let url: URL?

    /// A named image of the app.
    ///
    /// - Parameter name: The image's name.
    public init(named name: String) {
        self.name = name
        self.url = nil
    }

    /// An image at a URL.
    ///
    /// - Parameter url: Its location.
    public init(url: URL) {
        self.name = nil
        self.url = url
    }

    /// An image from its ABI string: a URL when it has a scheme, else a name.
    ///
    /// - Parameter reference: The name or URL.
    public init(reference: String) {
        if reference.contains("://"), let url = URL(string: reference) {
            self.name = nil
            self.url = url
        } else {
            self.name = reference
            self.url = nil
        }
    }

    /// The name, or the URL's absolute string.
    public var reference: String {
        name ?? url?.absoluteString ?? ""
    }

    /// Images are equal when they name the same thing.
    public static func == (lhs: INImage, rhs: INImage) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url
    }
}
