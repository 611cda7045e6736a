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
