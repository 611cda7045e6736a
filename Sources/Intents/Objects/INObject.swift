import Foundation

/// A value with an identifier and a display string: a plain "Object"
/// parameter, and the base class of every custom type of a definition.
///
/// Across the plugin ABI an object is an `exthost_object`: identifier,
/// display string, subtitle, image, and the custom type's own properties
/// as a JSON object (see ``_exthostProperties()``).
open class INObject: @unchecked Sendable {
    /// The app's identifier for the value.
    public let identifier: String?
    /// What is shown and spoken.
    public let displayString: String
    /// How to pronounce `displayString`, when it is not obvious.
    public let pronunciationHint: String?
    /// A second line shown under the display string.
    open var subtitleString: String?
    /// An image shown next to the value.
    open var displayImage: INImage?
    /// Other phrases the user may say for the value (Apple's type since
    /// iOS 13: speakable strings).
    open var alternativeSpeakableMatches: [INSpeakableString]?

    /// Creates an object.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the value.
    ///   - displayString: What is shown and spoken.
    ///   - pronunciationHint: How to pronounce the display string.
    public required init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        self.identifier = identifier
        self.displayString = displayString
        self.pronunciationHint = pronunciationHint
    }

    /// Creates an object with a subtitle and an image.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the value.
    ///   - displayString: What is shown and spoken.
    ///   - subtitleString: A second line.
    ///   - displayImage: An image.
    public convenience init(identifier: String?, display displayString: String, subtitle subtitleString: String?, image displayImage: INImage?) {
        self.init(identifier: identifier, display: displayString, pronunciationHint: nil)
        self.subtitleString = subtitleString
        self.displayImage = displayImage
    }

    /// The custom type's own properties as JSON values, keyed by property
    /// name. Generated custom types override it; `INObject` has none.
    ///
    /// Encoding (the `properties` field of `exthost_object`): String, URL and
    /// DateComponents as text (date components in ISO 8601), Integer, Decimal
    /// and Duration as numbers, Boolean as `true`/`false`, an enum as its
    /// case name (its raw value is read too), an option set as its options'
    /// names, an object as `{"identifier", "displayString", …}`, several
    /// values as an array. Absent values are left out.
    open func _exthostProperties() -> [String: Any] { [:] }

    /// Sets the custom type's own properties from their JSON values (the
    /// inverse of ``_exthostProperties()``). Generated custom types override it.
    ///
    /// - Parameter properties: The decoded `properties` JSON object.
    open func _exthostApplyProperties(_ properties: [String: Any]) {}

    /// The object as a JSON object: identifier, displayString, subtitle,
    /// image and its properties.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["displayString": displayString]
        if let identifier { object["identifier"] = identifier }
        if let subtitleString { object["subtitle"] = subtitleString }
        if let image = displayImage?.reference { object["image"] = image }
        let properties = _exthostProperties()
        if !properties.isEmpty { object["properties"] = properties }
        return object
    }

    /// Makes an object of this class from a JSON object made by ``jsonObject``.
    ///
    /// - Parameter json: The JSON object.
    /// - Returns: The object, or `nil` when `json` has no display string.
    public class func _exthostObject(fromJSON json: Any?) -> Self? {
        guard let json = json as? [String: Any], let display = json["displayString"] as? String else { return nil }
        let image = (json["image"] as? String).map(INImage.init(reference:))
        let object = _exthostMake(identifier: json["identifier"] as? String, display: display, image: image)
        object.subtitleString = json["subtitle"] as? String
        object.displayImage = image
        if let properties = json["properties"] as? [String: Any] { object._exthostApplyProperties(properties) }
        return object
    }
}

extension INObject {
    /// A new object of this class, or of the subclass an abstract class
    /// (``_ExthostAbstractObject``) picks for what crossed the ABI.
    ///
    /// - Parameters:
    ///   - identifier: The object's identifier.
    ///   - display: Its display string.
    ///   - image: Its image, if it has one.
    public static func _exthostMake(identifier: String?, display: String, image: INImage?) -> Self {
        // The abstract classes are the SDK's own, all under `INNoteContent`:
        // the class check walks superclasses only, where the cast to the
        // protocol looks the conformance up, which in a process that has
        // just loaded a Swift plugin means scanning every conformance
        // record of the process, once for each class of the hierarchy.
        if self is INNoteContent.Type, let abstract = self as? any _ExthostAbstractObject.Type,
           let object = abstract._exthostConcreteClass(image: image).init(identifier: identifier, display: display, pronunciationHint: nil) as? Self {
            return object
        }
        return Self(identifier: identifier, display: display, pronunciationHint: nil)
    }
}

/// A class of the system's that Apple has abstract (`INNoteContent`):
/// what crosses the ABI is one of its subclasses, which the class picks
/// from the object. For the SDK's own classes, `INNoteContent` and its
/// subclasses (``INObject/_exthostMake(identifier:display:image:)`` asks
/// no other class).
public protocol _ExthostAbstractObject: INObject {
    /// The subclass an object with this image is of.
    static func _exthostConcreteClass(image: INImage?) -> INObject.Type
}

extension INObject: Equatable {
    /// Objects are equal when their identifiers and display strings are.
    public static func == (lhs: INObject, rhs: INObject) -> Bool {
        lhs.identifier == rhs.identifier && lhs.displayString == rhs.displayString
    }
}
