/// What a plugin asks of the system's donation store through
/// `exthost_host_api.donations`; `exthost.h` lists each request's keys.
public enum DonationOperation: Int32, CaseIterable, Sendable {
    /// `EXTHOST_DONATION_DONATE_INTERACTION`: `INInteraction.donate`.
    case donateInteraction = 1
    /// `EXTHOST_DONATION_DELETE_INTERACTIONS`: `INInteraction.delete(with:)` by identifiers.
    case deleteInteractions = 2
    /// `EXTHOST_DONATION_DELETE_INTERACTION_GROUP`: `INInteraction.delete(with:)` by group.
    case deleteInteractionGroup = 3
    /// `EXTHOST_DONATION_DELETE_ALL_INTERACTIONS`: `INInteraction.deleteAll`.
    case deleteAllInteractions = 4
    /// `EXTHOST_DONATION_DONATE_ACTIVITY`: `NSUserActivity.becomeCurrent`.
    case donateActivity = 5
    /// `EXTHOST_DONATION_DELETE_ACTIVITIES`: `deleteSavedUserActivities(withPersistentIdentifiers:)`.
    case deleteActivities = 6
    /// `EXTHOST_DONATION_DELETE_ALL_ACTIVITIES`: `deleteAllSavedUserActivities`.
    case deleteAllActivities = 7
    /// `EXTHOST_DONATION_SET_SHORTCUT_SUGGESTIONS`: `INVoiceShortcutCenter.setShortcutSuggestions`.
    case setShortcutSuggestions = 8
    /// `EXTHOST_DONATION_SET_RELEVANT_SHORTCUTS`: `INRelevantShortcutStore.setRelevantShortcuts`.
    case setRelevantShortcuts = 9
    /// `EXTHOST_DONATION_POST_NOTIFICATION`: `UNUserNotificationCenter.add`.
    case postNotification = 10
    /// `EXTHOST_DONATION_SIRI_AUTHORIZATION`: `INPreferences`'s
    /// `siriAuthorizationStatus()` and `requestSiriAuthorization(_:)`.
    case siriAuthorization = 11
    /// `EXTHOST_DONATION_SET_VOCABULARY`: `INVocabulary`'s
    /// `setVocabularyStrings(_:of:)` and `removeAllVocabularyStrings()`.
    case setVocabulary = 12
    /// `EXTHOST_DONATION_SET_USER_CONTEXT`: `INUserContext.becomeCurrent()`
    /// (`INMediaUserContext`).
    case setUserContext = 13
    /// `EXTHOST_DONATION_SET_SUGGESTED_MEDIA_INTENTS`:
    /// `INUpcomingMediaManager.setSuggestedMediaIntents(_:)`.
    case setSuggestedMediaIntents = 14
    /// `EXTHOST_DONATION_SET_MEDIA_PREDICTION_MODE`:
    /// `INUpcomingMediaManager.setPredictionMode(_:for:)`.
    case setMediaPredictionMode = 15
    /// `EXTHOST_DONATION_FOCUS_STATUS`: `INFocusStatusCenter`'s
    /// `authorizationStatus`, `focusStatus` and `requestAuthorization`.
    case focusStatus = 16
}
