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

    /// The most relevant image to show with the intent: the image of its
    /// key parameter (the definition's `INIntentKeyParameter`) when one is
    /// set, else the first parameter's, in definition order, that has one;
    /// `nil` when no parameter has an image.
    open func keyImage() -> INImage? {
        if let key = Self._exthostKeyParameter, let image = parameterImages[key] { return image }
        for (_, name) in Self._exthostParameterKeyPaths {
            if let image = parameterImages[name] { return image }
        }
        return nil
    }

    /// Each parameter's property by key path, with the parameter's name, in
    /// definition order: what Apple's SDK finds through key-value coding.
    /// Generated subclasses override it (deprecated parameters are left out).
    open class var _exthostParameterKeyPaths: [(keyPath: AnyKeyPath, name: String)] { [] }

    /// The definition's key parameter (`INIntentKeyParameter`), if any;
    /// generated subclasses override it.
    open class var _exthostKeyParameter: String? { nil }

    /// The name of the parameter whose property `keyPath` is, or `nil`.
    static func _exthostParameterName(for keyPath: AnyKeyPath) -> String? {
        _exthostParameterKeyPaths.first { $0.keyPath == keyPath }?.name
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

/// The key-path forms of `setImage(_:forParameterNamed:)` and
/// `image(forParameterNamed:)`, which are what Swift code on iOS calls
/// (`intent.setImage(image, forParameterNamed: \.recipients)`). On iOS the
/// key path's `@objc` name is the parameter's; Linux has no `@objc`, so
/// the generated class names its own key paths. A key path the class does
/// not list (a deprecated parameter, a path through a parameter's value)
/// sets nothing and finds nothing, as on iOS a key path without an
/// Objective-C name does.
public protocol _INIntentSetImageKeyPath {}

extension _INIntentSetImageKeyPath {
    /// Attaches an image to the parameter `parameterName` names.
    public func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>) {
        guard let intent = self as? INIntent, let name = type(of: intent)._exthostParameterName(for: parameterName) else { return }
        intent.setImage(image, forParameterNamed: name)
    }

    /// The image attached to the parameter `parameterName` names.
    public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
        guard let intent = self as? INIntent, let name = type(of: intent)._exthostParameterName(for: parameterName) else { return nil }
        return intent.image(forParameterNamed: name)
    }
}

extension INIntent: _INIntentSetImageKeyPath {}
