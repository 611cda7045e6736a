import Foundation

/// A request for the extension to do something: the base class of every
/// generated `<Name>Intent`.
///
/// As on iOS, you do not create intents to handle them: the system builds one
/// for each request, with the parameter values gathered so far, and passes it
/// to your handler's `resolve…`, `confirm` and `handle` methods. You create an
/// intent yourself to donate it (`INInteraction`) or to offer a shortcut
/// (`INShortcut`).
open class INIntent: @unchecked Sendable {
    /// The identifier of the request this intent belongs to, set by the
    /// system; `nil` for an intent you created yourself.
    public internal(set) var identifier: String?

    /// A phrase suggested to the user when they add the intent as a voice
    /// shortcut ("Add to Siri").
    public var suggestedInvocationPhrase: String?

    /// Extra information about how the intent was requested, when the system
    /// has any.
    public var donationMetadata: INIntentDonationMetadata?

    /// Images attached to parameters with `setImage(_:forParameterNamed:)`.
    private var parameterImages: [String: INImage] = [:]

    /// Creates an intent with no parameter values.
    public required init() {}

    /// Attaches an image to one parameter, shown next to its value.
    ///
    /// - Parameters:
    ///   - image: The image, or `nil` to remove it.
    ///   - parameterName: The parameter's name in the definition.
    public func setImage(_ image: INImage?, forParameterNamed parameterName: String) {
        parameterImages[parameterName] = image
    }

    /// The image attached to a parameter with `setImage(_:forParameterNamed:)`.
    ///
    /// - Parameter parameterName: The parameter's name in the definition.
    /// - Returns: The image, or `nil` when there is none.
    public func image(forParameterNamed parameterName: String) -> INImage? {
        parameterImages[parameterName]
    }

    /// Sets the parameters from their JSON values, as the system sends them
    /// to an app handling the intent in-app (an intent file's form: enums by
    /// case name or raw value, objects as `{"identifier", "displayString",
    /// …}`). Generated subclasses override it; a value of the wrong shape is
    /// left unset.
    ///
    /// - Parameter parameters: The values, by parameter name.
    open func _exthostApplyParameters(_ parameters: [String: Any]) {}

    /// The name of the intent in its definition (`"OrderSoup"` for
    /// `OrderSoupIntent`); generated subclasses override it.
    open class var intentName: String {
        let name = String(describing: self)
        return name.hasSuffix("Intent") ? String(name.dropLast(6)) : name
    }
}

/// Metadata about how an intent was requested. The system side of exthost
/// fills in subclasses when it has something to say; the base carries nothing.
open class INIntentDonationMetadata: @unchecked Sendable {
    /// Creates empty metadata.
    public init() {}
}
