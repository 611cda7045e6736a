import Foundation

/// How to reach a person: an email address, a phone number, or something else.
public struct INPersonHandle: Equatable, Sendable {
    /// The handle's value, e.g. `"ada@example.com"`.
    public var value: String?
    /// What kind of handle it is.
    public var type: INPersonHandleType
    /// Which of the person's handles it is (home, work, mobile, …).
    public var label: INPersonHandleLabel?

    /// Creates a handle.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - type: Its kind.
    public init(value: String?, type: INPersonHandleType) {
        self.init(value: value, type: type, label: nil)
    }

    /// Creates a labelled handle.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - type: Its kind.
    ///   - label: Which of the person's handles it is.
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
        self.value = value
        self.type = type
        self.label = label
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

/// The label of an ``INPersonHandle``, as a contact card names it.
public struct INPersonHandleLabel: RawRepresentable, Hashable, Sendable {
    /// The label's text.
    public let rawValue: String
    /// A label with this text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A label with this text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Home.
    public static let home = INPersonHandleLabel("home")
    /// Work.
    public static let work = INPersonHandleLabel("work")
    /// iPhone.
    public static let iPhone = INPersonHandleLabel("iPhone")
    /// Mobile.
    public static let mobile = INPersonHandleLabel("mobile")
    /// Main.
    public static let main = INPersonHandleLabel("main")
    /// Home fax.
    public static let homeFax = INPersonHandleLabel("homeFax")
    /// Work fax.
    public static let workFax = INPersonHandleLabel("workFax")
    /// Pager.
    public static let pager = INPersonHandleLabel("pager")
    /// School.
    public static let school = INPersonHandleLabel("school")
    /// Other.
    public static let other = INPersonHandleLabel("other")
}

/// How a person was suggested: Apple's `INPersonSuggestionType`.
public enum INPersonSuggestionType: Int, Sendable {
    /// Not a suggestion.
    case none = 0
    /// From a social profile.
    case socialProfile
    /// From an instant-message address.
    case instantMessageAddress
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
    /// Other handles of the same person.
    public private(set) var aliases: [INPersonHandle]?
    /// How the person was suggested.
    public private(set) var suggestionType: INPersonSuggestionType = .none
    /// The person is the user.
    public private(set) var isMe = false
    /// The other people Siri matched for the same spoken name (iOS 10.3).
    /// exthost fills it when what was said matched more than one of the
    /// contacts the app registered (`INVocabulary`'s `.contactName`): the
    /// person is the first match, and `siriMatches` lists every match, in
    /// the app's order. Otherwise nil.
    public private(set) var siriMatches: [INPerson]?

    /// The person's picture.
    public var image: INImage? { displayImage }

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

    /// Creates a person with other handles and how they were suggested.
    public convenience init(
        personHandle: INPersonHandle,
        nameComponents: PersonNameComponents?,
        displayName: String?,
        image: INImage?,
        contactIdentifier: String?,
        customIdentifier: String?,
        aliases: [INPersonHandle]?,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier, customIdentifier: customIdentifier)
        self.aliases = aliases
        self.suggestionType = suggestionType
    }

    /// Creates a person who may be the user.
    public convenience init(
        personHandle: INPersonHandle,
        nameComponents: PersonNameComponents?,
        displayName: String?,
        image: INImage?,
        contactIdentifier: String?,
        customIdentifier: String?,
        isMe: Bool
    ) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier, customIdentifier: customIdentifier)
        self.isMe = isMe
    }

    /// Creates a person who may be the user, and how they were suggested.
    public convenience init(
        personHandle: INPersonHandle,
        nameComponents: PersonNameComponents?,
        displayName: String?,
        image: INImage?,
        contactIdentifier: String?,
        customIdentifier: String?,
        isMe: Bool,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image, contactIdentifier: contactIdentifier, customIdentifier: customIdentifier)
        self.isMe = isMe
        self.suggestionType = suggestionType
    }

    /// Creates a person from an identifier and a display name.
    public required init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        super.init(identifier: identifier, display: displayString, pronunciationHint: pronunciationHint)
        customIdentifier = identifier
    }

    /// The handle, name parts and identifiers as JSON values.
    open override func _exthostProperties() -> [String: Any] {
        var properties: [String: Any] = [:]
        if let handle = personHandle { properties.merge(Self.fields(of: handle)) { _, new in new } }
        if let aliases, !aliases.isEmpty { properties["aliases"] = aliases.map(Self.fields(of:)) }
        if suggestionType != .none { properties["suggestionType"] = suggestionType.rawValue }
        if isMe { properties["isMe"] = true }
        if let givenName = nameComponents?.givenName { properties["givenName"] = givenName }
        if let familyName = nameComponents?.familyName { properties["familyName"] = familyName }
        if let contactIdentifier { properties["contactIdentifier"] = contactIdentifier }
        if let customIdentifier { properties["customIdentifier"] = customIdentifier }
        if let siriMatches { properties["siriMatches"] = siriMatches.map(\.jsonObject) }
        return properties
    }

    /// A handle as JSON values (`handle`, `handleType`, `handleLabel`): the
    /// person's own, at the top of its properties, and each alias's.
    static func fields(of handle: INPersonHandle) -> [String: Any] {
        var fields: [String: Any] = ["handleType": handle.type.rawValue]
        if let value = handle.value { fields["handle"] = value }
        if let label = handle.label { fields["handleLabel"] = label.rawValue }
        return fields
    }

    /// The handle ``fields(of:)`` wrote.
    static func handle(from fields: [String: Any]) -> INPersonHandle {
        INPersonHandle(
            value: fields["handle"] as? String,
            type: (fields["handleType"] as? String).flatMap(INPersonHandleType.init(rawValue:)) ?? .unknown,
            label: (fields["handleLabel"] as? String).map(INPersonHandleLabel.init(rawValue:))
        )
    }

    /// Sets the handle, name parts and identifiers from their JSON values.
    open override func _exthostApplyProperties(_ properties: [String: Any]) {
        if properties["handle"] != nil || properties["handleType"] != nil {
            personHandle = Self.handle(from: properties)
        }
        if properties["givenName"] != nil || properties["familyName"] != nil {
            var components = PersonNameComponents()
            components.givenName = properties["givenName"] as? String
            components.familyName = properties["familyName"] as? String
            nameComponents = components
        }
        aliases = (properties["aliases"] as? [[String: Any]])?.map(Self.handle(from:))
        suggestionType = (properties["suggestionType"] as? Int).flatMap(INPersonSuggestionType.init(rawValue:)) ?? .none
        isMe = properties["isMe"] as? Bool ?? false
        contactIdentifier = properties["contactIdentifier"] as? String
        customIdentifier = properties["customIdentifier"] as? String ?? customIdentifier
        siriMatches = (properties["siriMatches"] as? [Any])?.compactMap { INPerson._exthostObject(fromJSON: $0) }
    }
}
