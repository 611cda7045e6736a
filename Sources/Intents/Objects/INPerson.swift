import Foundation

/// How to reach a person: an email address, a phone number, or something else.
public struct INPersonHandle: Equatable, Sendable {
    /// The handle's value, e.g. `"ada@example.com"`.
    public var value: String?
    /// What kind of handle it is.
    public var type: INPersonHandleType

    /// Creates a handle.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - type: Its kind.
    public init(value: String?, type: INPersonHandleType) {
        self.value = value
        self.type = type
    }
}

/// The kinds of ``INPersonHandle``.
public enum INPersonHandleType: String, Sendable {
    /// Unknown.
    case unknown
    /// An email address.
    case emailAddress
    /// A phone number.
    case phoneNumber
}

/// A person: the value of a Person parameter.
///
/// On Linux it is an ``INObject`` (it crosses the plugin ABI as an
/// `exthost_object`): `displayString` is the display name, `identifier` the
/// custom or contact identifier, and the handle and name parts travel in
/// its properties.
open class INPerson: INObject, @unchecked Sendable {
    /// How to reach the person.
    public private(set) var personHandle: INPersonHandle?
    /// The parts of the person's name.
    public private(set) var nameComponents: PersonNameComponents?
    /// The identifier of the person in the user's contacts.
    public private(set) var contactIdentifier: String?
    /// The app's own identifier for the person.
    public private(set) var customIdentifier: String?

    /// The name shown for the person.
    public var displayName: String { displayString }

    /// Creates a person.
    ///
    /// - Parameters:
    ///   - personHandle: How to reach the person.
    ///   - nameComponents: The parts of the name.
    ///   - displayName: The name shown; by default formed from the name parts or the handle.
    ///   - image: A picture.
    ///   - contactIdentifier: The identifier in the user's contacts.
    ///   - customIdentifier: The app's identifier.
    public init(
        personHandle: INPersonHandle,
        nameComponents: PersonNameComponents?,
        displayName: String?,
        image: INImage?,
        contactIdentifier: String?,
        customIdentifier: String?
    ) {
        let formed = nameComponents.map { [$0.givenName, $0.familyName].compactMap { $0 }.joined(separator: " ") }
        super.init(
            identifier: customIdentifier ?? contactIdentifier,
            display: displayName ?? formed ?? personHandle.value ?? "",
            pronunciationHint: nil
        )
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.displayImage = image
    }

    /// Creates a person from an identifier and a display name.
    public required init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        super.init(identifier: identifier, display: displayString, pronunciationHint: pronunciationHint)
        customIdentifier = identifier
    }

    /// The handle, name parts and identifiers as JSON values.
    open override func _exthostProperties() -> [String: Any] {
        var properties: [String: Any] = [:]
        if let handle = personHandle {
            properties["handle"] = handle.value
            properties["handleType"] = handle.type.rawValue
        }
        if let givenName = nameComponents?.givenName { properties["givenName"] = givenName }
        if let familyName = nameComponents?.familyName { properties["familyName"] = familyName }
        if let contactIdentifier { properties["contactIdentifier"] = contactIdentifier }
        if let customIdentifier { properties["customIdentifier"] = customIdentifier }
        return properties
    }

    /// Sets the handle, name parts and identifiers from their JSON values.
    open override func _exthostApplyProperties(_ properties: [String: Any]) {
        if properties["handle"] != nil || properties["handleType"] != nil {
            personHandle = INPersonHandle(
                value: properties["handle"] as? String,
                type: (properties["handleType"] as? String).flatMap(INPersonHandleType.init(rawValue:)) ?? .unknown
            )
        }
        if properties["givenName"] != nil || properties["familyName"] != nil {
            var components = PersonNameComponents()
            components.givenName = properties["givenName"] as? String
            components.familyName = properties["familyName"] as? String
            nameComponents = components
        }
        contactIdentifier = properties["contactIdentifier"] as? String
        customIdentifier = properties["customIdentifier"] as? String ?? customIdentifier
    }
}
