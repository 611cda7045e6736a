import Foundation

/// Apple's initialisers and `dateCreated` of `INCallRecord`, a call
/// `INStartCallIntent.callRecordToCallBack` names and
/// `INSearchCallHistoryIntentResponse.callRecords` carries. The class itself
/// is generated with the system intents (a custom type of the calling
/// domain: an `INObject` whose display string is the caller's name); the
/// time of the call crosses the ABI as date components
/// (`dateCreatedComponents`). `callDuration`, `unseen`, `numberOfCalls` and
/// `isCallerIdBlocked` are `Double?`, `Bool?` and `Int?`, as Apple's Swift
/// overlay has them.
extension INCallRecord {
    /// A call.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the call.
    ///   - dateCreated: When it was made.
    ///   - caller: Who called.
    ///   - callRecordType: Outgoing, missed, received, …
    ///   - callCapability: Audio or video.
    ///   - callDuration: How long it lasted, in seconds.
    ///   - unseen: Whether the user has not seen it yet.
    public convenience init(
        identifier: String,
        dateCreated: Date?,
        caller: INPerson?,
        callRecordType: INCallRecordType,
        callCapability: INCallCapability,
        callDuration: Double?,
        unseen: Bool?
    ) {
        self.init(identifier: identifier, display: caller?.displayName ?? identifier, pronunciationHint: nil)
        self.dateCreated = dateCreated
        self.caller = caller
        self.callRecordType = callRecordType
        self.callCapability = callCapability
        self.callDuration = callDuration
        self.unseen = unseen
    }

    /// A call (iOS 11's initialiser without the caller): the parameters
    /// are the first initialiser's.
    public convenience init(
        identifier: String,
        dateCreated: Date?,
        callRecordType: INCallRecordType,
        callCapability: INCallCapability,
        callDuration: Double?,
        unseen: Bool?
    ) {
        self.init(identifier: identifier, dateCreated: dateCreated, callRecordType: callRecordType, callCapability: callCapability,
                  callDuration: callDuration, unseen: unseen, participants: nil, numberOfCalls: nil, isCallerIdBlocked: nil)
    }

    /// Several calls of one kind taken together (iOS 13's initialiser):
    /// the first initialiser's parameters without the caller, and
    /// `numberOfCalls`, how many calls the record stands for.
    public convenience init(
        identifier: String,
        dateCreated: Date?,
        callRecordType: INCallRecordType,
        callCapability: INCallCapability,
        callDuration: Double?,
        unseen: Bool?,
        numberOfCalls: Int?
    ) {
        self.init(identifier: identifier, dateCreated: dateCreated, callRecordType: callRecordType, callCapability: callCapability,
                  callDuration: callDuration, unseen: unseen, participants: nil, numberOfCalls: numberOfCalls, isCallerIdBlocked: nil)
    }

    /// A call with its participants (iOS 14.5's initialiser): iOS 13's
    /// parameters, and `participants`, the people in the call (the first
    /// names the record), and `isCallerIdBlocked`, whether the caller hid
    /// their number.
    public convenience init(
        identifier: String,
        dateCreated: Date?,
        callRecordType: INCallRecordType,
        callCapability: INCallCapability,
        callDuration: Double?,
        unseen: Bool?,
        participants: [INPerson]?,
        numberOfCalls: Int?,
        isCallerIdBlocked: Bool?
    ) {
        self.init(identifier: identifier, display: participants?.first?.displayName ?? identifier, pronunciationHint: nil)
        self.dateCreated = dateCreated
        self.callRecordType = callRecordType
        self.callCapability = callCapability
        self.callDuration = callDuration
        self.unseen = unseen
        self.participants = participants
        self.numberOfCalls = numberOfCalls
        self.isCallerIdBlocked = isCallerIdBlocked
    }

    /// When the call was made.
    public var dateCreated: Date? {
        get { SystemDates.date(dateCreatedComponents) }
        set { dateCreatedComponents = SystemDates.components(newValue) }
    }
}
