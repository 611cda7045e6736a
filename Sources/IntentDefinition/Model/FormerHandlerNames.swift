/// The older Swift names of a system intent's handling methods.
///
/// Apple's Objective-C selectors did not change (`resolveTitleForCreateNote:withCompletion:`),
/// but the Swift names they import as did: handlers written against earlier
/// SDKs implement `resolveTitle(forCreateNote:with:)`,
/// `confirm(createNote:completion:)` and `handle(createNote:completion:)`
/// where today's say `resolveTitle(for:with:)`, `confirm(intent:completion:)`
/// and `handle(intent:completion:)`. The generated protocol has the older
/// names as optional requirements too, in the completion form only (they
/// predate `async`), and its defaults reach them when a handler implements
/// neither of today's forms.
///
/// Some older methods were more than renames (iOS 10's messaging): their
/// parameter had another name and type (`resolveGroupName(forSendMessage:with:)`
/// resolved a `String` where today's `speakableGroupName` is an
/// `INSpeakableString`), or they answered the base result class where
/// today's answer a subclass (`[INPersonResolutionResult]` for
/// `[INSendMessageRecipientResolutionResult]`). A ``FormerParameter`` says
/// so, and the generated default converts the older answer into today's.
public struct FormerHandlerNames: Codable, Equatable, Sendable {
    /// The intent's argument label in the older names: `createNote`.
    public var label: String
    /// The parameters whose resolve method had an older name, in any order
    /// (parameters Apple added later never had one).
    public var parameters: [FormerParameter]
    /// Whether Apple's SDK marks the older names deprecated (iOS 10's
    /// messaging names, deprecated in iOS 11); `nil` is false.
    public var deprecated: Bool?

    /// Creates the older names of an intent's methods, each parameter's
    /// older method a rename of today's.
    public init(label: String, parameters: [String], deprecated: Bool? = nil) {
        self.init(label: label, formerParameters: parameters.map { FormerParameter(name: $0) }, deprecated: deprecated)
    }

    /// Creates the older names of an intent's methods.
    public init(label: String, formerParameters: [FormerParameter], deprecated: Bool? = nil) {
        self.label = label
        self.parameters = formerParameters
        self.deprecated = deprecated
    }

    /// Whether the older names are deprecated.
    public var isDeprecated: Bool { deprecated == true }

    /// Whether a later SDK names a parameter's older selector
    /// `resolve<Name>(for:with:)` too: Apple deprecated that selector, with a
    /// message of its own, when it added today's (``FormerParameter/deprecationMessage``).
    public func hasLaterName(_ parameter: String) -> Bool {
        self.parameter(parameter)?.deprecationMessage != nil
    }

    /// Whether any older name, or any later SDK's name of an older
    /// selector, is deprecated: the generated defaults then call them
    /// through a protocol whose requirements are not, so that the generated
    /// file does not warn.
    public var hasDeprecatedNames: Bool {
        isDeprecated || parameters.contains { $0.deprecationMessage != nil }
    }

    /// The older resolve method of a parameter, if it had one.
    public func parameter(_ name: String) -> FormerParameter? {
        parameters.first { $0.name == name }
    }

    /// The older resolve method's first argument label for a parameter
    /// with one: `forCreateNote`; nil when the parameter had none.
    public func resolveLabel(of parameter: String) -> String? {
        guard self.parameter(parameter) != nil, let first = label.first else { return nil }
        return "for" + first.uppercased() + label.dropFirst()
    }
}

/// One parameter's older resolve method.
///
/// In the JSON form a string when the older method is a rename
/// (`"content"`), else an object: `{"name": "speakableGroupName",
/// "formerName": "groupName", "type": "String", "deprecationMessage": "…"}`.
public struct FormerParameter: Codable, Equatable, Sendable {
    /// Today's parameter: `speakableGroupName`.
    public var name: String
    /// The parameter's name in the older method (`groupName` in
    /// `resolveGroupName(forSendMessage:with:)`); `nil` is ``name``.
    public var formerName: String?
    /// The type the older method resolved (`String`); `nil` is today's.
    /// Only conversions the generator knows are allowed
    /// (``FormerParameter/convertible(from:to:)``).
    public var type: ParameterType?
    /// Whether the older method answers its type's base result class
    /// (`INPersonResolutionResult`) where today's answers the parameter's
    /// own (`INSendMessageRecipientResolutionResult`); `nil` is false. A
    /// changed ``type`` always answers its base class.
    public var baseResult: Bool?
    /// Apple's deprecation message for the older method, where its selector
    /// differs from today's (`resolveRecipientsForSendMessage:withCompletion:
    /// is deprecated. Use resolveRecipientsForSendMessage:completion:
    /// instead`); without one a deprecated older name says it was renamed.
    /// With one, later SDKs name the older selector `resolve<Name>(for:with:)`
    /// too, deprecated with the message (iOS 13 deprecated iOS 11's
    /// `resolveTargetTaskListForAddTasks:withCompletion:`, which later SDKs
    /// import as `resolveTargetTaskList(for:with:)` answering
    /// `INTaskListResolutionResult`), whether or not the older names
    /// themselves are deprecated. The older method must then answer
    /// another type than today's (``answersBaseResult``): the later name is
    /// an overload of today's by that type.
    public var deprecationMessage: String?

    /// Creates a parameter's older resolve method.
    public init(name: String, formerName: String? = nil, type: ParameterType? = nil, baseResult: Bool? = nil, deprecationMessage: String? = nil) {
        self.name = name
        self.formerName = formerName
        self.type = type
        self.baseResult = baseResult
        self.deprecationMessage = deprecationMessage
    }

    /// The parameter's name in the older method's name.
    public var methodParameterName: String { formerName ?? name }

    /// Whether the older method answers the base result class of its type.
    public var answersBaseResult: Bool { baseResult == true || type != nil }

    /// Whether nothing but the method's name changed.
    public var isRename: Bool { formerName == nil && type == nil && baseResult != true && deprecationMessage == nil }

    /// Whether an older method's value of type `old` can be made into
    /// today's `new`: the same type, or a `String` spoken phrase into an
    /// `INSpeakableString`.
    public static func convertible(from old: ParameterType, to new: ParameterType) -> Bool {
        old == new || (old == .string && new == .custom("INSpeakableString"))
    }

    private enum CodingKeys: String, CodingKey {
        case name, formerName, type, baseResult, deprecationMessage
    }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name)
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            formerName: try c.decodeIfPresent(String.self, forKey: .formerName),
            type: try c.decodeIfPresent(ParameterType.self, forKey: .type),
            baseResult: try c.decodeIfPresent(Bool.self, forKey: .baseResult),
            deprecationMessage: try c.decodeIfPresent(String.self, forKey: .deprecationMessage)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        if isRename {
            var c = encoder.singleValueContainer()
            try c.encode(name)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(formerName, forKey: .formerName)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(baseResult, forKey: .baseResult)
        try c.encodeIfPresent(deprecationMessage, forKey: .deprecationMessage)
    }
}
