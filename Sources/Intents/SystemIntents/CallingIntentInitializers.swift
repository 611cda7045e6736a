/// Apple's initialiser of `INStartCallIntent`, which apps call to donate a
/// call they made or to build an intent in tests. The class itself is
/// generated with the system intents.
extension INStartCallIntent {
    /// A call to start.
    ///
    /// - Parameters:
    ///   - audioRoute: Speakerphone, Bluetooth, or `.unknown`.
    ///   - destinationType: A normal call, voicemail, redial, call back, …
    ///   - contacts: Who to call.
    ///   - recordTypeForRedialing: Which earlier call to redial.
    ///   - callCapability: Audio or video.
    @available(*, deprecated, message: "use init(callRecordFilter:callRecordToCallBack:audioRoute:destinationType:contacts:callCapability:) (deprecated since iOS 14)")
    public convenience init(
        audioRoute: INCallAudioRoute,
        destinationType: INCallDestinationType,
        contacts: [INPerson]?,
        recordTypeForRedialing: INCallRecordType,
        callCapability: INCallCapability
    ) {
        self.init()
        self.audioRoute = audioRoute
        self.destinationType = destinationType
        self.contacts = contacts
        self.recordTypeForRedialing = recordTypeForRedialing
        self.callCapability = callCapability
    }
}

extension INStartCallIntent {
    /// A call to start, as iOS 14 describes it: which earlier call it
    /// follows (`callRecordFilter`, `callRecordToCallBack`) and with whom.
    ///
    /// - Parameters:
    ///   - callRecordFilter: The calls a redial or call back is about.
    ///   - callRecordToCallBack: The call to return.
    ///   - audioRoute: Speakerphone, Bluetooth, or `.unknown`.
    ///   - destinationType: A normal call, voicemail, redial, call back, …
    ///   - contacts: Who to call.
    ///   - callCapability: Audio or video.
    public convenience init(
        callRecordFilter: INCallRecordFilter?,
        callRecordToCallBack: INCallRecord?,
        audioRoute: INCallAudioRoute,
        destinationType: INCallDestinationType,
        contacts: [INPerson]?,
        callCapability: INCallCapability
    ) {
        self.init()
        self.callRecordFilter = callRecordFilter
        self.callRecordToCallBack = callRecordToCallBack
        self.audioRoute = audioRoute
        self.destinationType = destinationType
        self.contacts = contacts
        self.callCapability = callCapability
    }
}

extension INCallRecordFilter {
    /// Which calls: with whom, of which types, audio or video. The class
    /// is generated with the system intents (a custom type of the calling
    /// domain, whose display string names the participants).
    ///
    /// - Parameters:
    ///   - participants: The people in the calls.
    ///   - callTypes: Outgoing, missed, received, … (any of them).
    ///   - callCapability: Audio or video.
    public convenience init(participants: [INPerson]?, callTypes: INCallRecordTypeOptions, callCapability: INCallCapability) {
        let names = (participants ?? []).map(\.displayName).joined(separator: ", ")
        self.init(identifier: nil, display: names.isEmpty ? "Calls" : names, pronunciationHint: nil)
        self.participants = participants
        self.callTypes = callTypes
        self.callCapability = callCapability
    }
}

@available(*, deprecated, message: "INSearchCallHistoryIntent is deprecated. There is no replacement.")
extension INSearchCallHistoryIntent {
    /// iOS 10's initialiser, deprecated since iOS 11, with the Swift name
    /// later SDKs give it: one call type (the deprecated ``callType``),
    /// not an option set. It sets ``callType`` only; ``callTypes`` stays
    /// empty, as nothing says which options iOS would make of it.
    ///
    /// - Parameters:
    ///   - callType: Outgoing, missed, received, … (one of them).
    ///   - dateCreated: When the calls were made.
    ///   - recipient: Who was called, or called.
    ///   - callCapabilities: Audio, video, or both.
    @available(*, deprecated, message: "use init(dateCreated:recipient:callCapabilities:callTypes:unseen:)")
    public convenience init(call callType: INCallRecordType, dateCreated: INDateComponentsRange?, recipient: INPerson?, callCapabilities: INCallCapabilityOptions = []) {
        self.init()
        self._deprecated_callType = callType
        self.dateCreated = dateCreated
        self.recipient = recipient
        self.callCapabilities = callCapabilities
    }

    /// A search of the call history (iOS 11's initialiser, as Swift sees
    /// it: `unseen` is a `Bool?`).
    ///
    /// - Parameters:
    ///   - dateCreated: When the calls were made.
    ///   - recipient: Who was called, or called.
    ///   - callCapabilities: Audio, video, or both.
    ///   - callTypes: Outgoing, missed, received, … (any of them).
    ///   - unseen: Only calls the user has not seen.
    public convenience init(
        dateCreated: INDateComponentsRange?,
        recipient: INPerson?,
        callCapabilities: INCallCapabilityOptions,
        callTypes: INCallRecordTypeOptions,
        unseen: Bool?
    ) {
        self.init()
        self.dateCreated = dateCreated
        self.recipient = recipient
        self.callCapabilities = callCapabilities
        self.callTypes = callTypes
        self.unseen = unseen
    }
}

@available(*, deprecated, message: "INStartAudioCallIntent is deprecated in Apple's SDK since iOS 13: adopt INStartCallIntent")
extension INStartAudioCallIntent {
    /// An audio call (iOS 11's initialiser).
    ///
    /// - Parameters:
    ///   - destinationType: A normal call, voicemail, redial, call back, …
    ///   - contacts: Who to call.
    public convenience init(destinationType: INCallDestinationType, contacts: [INPerson]?) {
        self.init()
        self.destinationType = destinationType
        self.contacts = contacts
    }

    /// An audio call to `contacts` (iOS 10's initialiser, deprecated in
    /// iOS 11); the destination stays `.unknown`.
    @available(*, deprecated, renamed: "init(destinationType:contacts:)")
    public convenience init(contacts: [INPerson]?) {
        self.init(destinationType: .unknown, contacts: contacts)
    }
}

@available(*, deprecated, message: "INStartVideoCallIntent is deprecated in Apple's SDK since iOS 13: adopt INStartCallIntent")
extension INStartVideoCallIntent {
    /// A video call to `contacts`.
    public convenience init(contacts: [INPerson]?) {
        self.init()
        self.contacts = contacts
    }
}

extension INAnswerCallIntent {
    /// The incoming call to answer (iOS 16.2).
    ///
    /// - Parameters:
    ///   - audioRoute: Speakerphone, Bluetooth, or `.unknown`.
    ///   - callIdentifier: The app's identifier of the call, `nil` for the one ringing.
    public convenience init(audioRoute: INCallAudioRoute, callIdentifier: String?) {
        self.init()
        self.audioRoute = audioRoute
        self.callIdentifier = callIdentifier
    }
}

extension INHangUpCallIntent {
    /// The call to end (iOS 16.2).
    ///
    /// - Parameter callIdentifier: The app's identifier of the call, `nil` for the one in progress.
    public convenience init(callIdentifier: String?) {
        self.init()
        self.callIdentifier = callIdentifier
    }
}
