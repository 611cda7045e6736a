import Foundation

/// Apple's initialiser and `dateCreated` of `INCallRecord`, a call
/// `INStartCallIntent.callRecordToCallBack` names and
/// `INSearchCallHistoryIntentResponse.callRecords` carries. The class itself
/// is generated with the system intents (a custom type of the calling
/// domain: an `INObject` whose display string is the caller's name); the
/// time of the call crosses the ABI as date components
/// (`dateCreatedComponents`).
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
        self.callDuration = callDuration.map { NSNumber(value: $0) }
        self.unseen = unseen.map { NSNumber(value: $0) }
    }

    /// When the call was made.
    public var dateCreated: Date? {
        get { SystemDates.date(dateCreatedComponents) }
        set { dateCreatedComponents = SystemDates.components(newValue) }
    }
}
