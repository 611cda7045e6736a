import ExthostABI
import IntentDefinition
import Intents
import Testing

/// A system intent's response-code enum is Apple's: a `switch` written for
/// iOS, naming every case and nothing else, compiles, and each case has
/// Apple's raw value; it still crosses the ABI as the host numbers it.
@Suite("System response codes")
struct SystemResponseCodesTests {
    /// As an iOS messaging app says what happened: every case, no `default`.
    /// An extra case (exthost's `continueInApp`) or a missing one would
    /// stop this file compiling.
    static func said(_ code: INSendMessageIntentResponseCode) -> String {
        switch code {
        case .unspecified: "unspecified"
        case .ready: "ready"
        case .inProgress: "sending"
        case .success: "sent"
        case .failure: "failed"
        case .failureRequiringAppLaunch: "open the app"
        case .failureMessageServiceNotAvailable: "service down"
        case .failureRequiringInAppAuthentication: "sign in"
        }
    }

    static func said(_ code: INStartCallIntentResponseCode) -> String {
        switch code {
        case .unspecified, .ready, .userConfirmationRequired: "asking"
        case .continueInApp: "calling"
        case .failure, .failureRequiringAppLaunch, .failureCallingServiceNotAvailable, .failureContactNotSupportedByApp,
             .failureAirplaneModeEnabled, .failureUnableToHandOff, .failureAppConfigurationRequired, .failureCallInProgress,
             .failureRequiringInAppAuthentication: "failed"
        }
    }

    static func said(_ code: INStartWorkoutIntentResponseCode) -> String {
        switch code {
        case .unspecified, .ready: "ready"
        case .continueInApp, .handleInApp: "in the app"
        case .success: "started"
        case .failure, .failureRequiringAppLaunch, .failureOngoingWorkout, .failureNoMatchingWorkout: "failed"
        }
    }

    static func said(_ code: INPlayMediaIntentResponseCode) -> String {
        switch code {
        case .unspecified, .ready, .inProgress: "starting"
        case .continueInApp, .handleInApp: "in the app"
        case .success: "playing"
        case .failure, .failureRequiringAppLaunch, .failureUnknownMediaType, .failureNoUnplayedContent,
             .failureRestrictedContent, .failureMaxStreamLimitReached: "failed"
        }
    }

    /// iOS 17's edit, as a messaging app tells its user why it failed.
    static func said(_ code: INEditMessageIntentResponseCode) -> String {
        switch code {
        case .unspecified, .ready, .inProgress: "editing"
        case .success: "edited"
        case .failurePastEditTimeLimit: "too late"
        case .failure, .failureRequiringAppLaunch, .failureMessageNotFound, .failureMessageTypeUnsupported,
             .failureUnsupportedOnService, .failureMessageServiceNotAvailable, .failureRequiringInAppAuthentication: "failed"
        }
    }

    static func said(_ code: INUnsendMessagesIntentResponseCode) -> String {
        switch code {
        case .unspecified, .ready, .inProgress: "unsending"
        case .success: "unsent"
        case .failurePastUnsendTimeLimit: "too late"
        case .failure, .failureRequiringAppLaunch, .failureMessageNotFound, .failureMessageTypeUnsupported,
             .failureUnsupportedOnService, .failureMessageServiceNotAvailable, .failureRequiringInAppAuthentication: "failed"
        }
    }

    @Test("an exhaustive switch written for iOS compiles and sees Apple's cases")
    func exhaustiveSwitches() {
        #expect(Self.said(INSendMessageIntentResponseCode.failureMessageServiceNotAvailable) == "service down")
        #expect(Self.said(INStartCallIntentResponseCode.continueInApp) == "calling")
        #expect(Self.said(INStartWorkoutIntentResponseCode.handleInApp) == "in the app")
        #expect(Self.said(INPlayMediaIntentResponseCode.failureMaxStreamLimitReached) == "failed")
        #expect(Self.said(INEditMessageIntentResponseCode.failurePastEditTimeLimit) == "too late")
        #expect(Self.said(INUnsendMessagesIntentResponseCode.failurePastUnsendTimeLimit) == "too late")
    }

    @Test("the codes have Apple's raw values")
    func appleRawValues() {
        #expect(INStartWorkoutIntentResponseCode.handleInApp.rawValue == 7)
        #expect(INStartWorkoutIntentResponseCode.success.rawValue == 8)
        #expect(INPauseWorkoutIntentResponseCode.handleInApp.rawValue == 6)
        #expect(INSendMessageIntentResponseCode.success.rawValue == 3)
        #expect(INSendMessageIntentResponseCode.failureMessageServiceNotAvailable.rawValue == 6)
        #expect(INSearchForMessagesIntentResponseCode.failureMessageTooManyResults.rawValue == 7)
        #expect(INStartCallIntentResponseCode.userConfirmationRequired.rawValue == 3)
        // Apple's 12 (failureCallRinging) is not available on iOS.
        #expect(INStartCallIntentResponseCode.failureRequiringInAppAuthentication.rawValue == 13)
        #expect(INStartCallIntentResponseCode(rawValue: 12) == nil)
        // iOS 15 deprecates these two intents: their codes are read through a deprecated helper.
        let deprecated = (LaterDeprecationsImpl.self as any LaterDeprecations.Type).responseCodeRawValues()
        #expect(deprecated.callHistorySuccess == 7)
        #expect(deprecated.appendToPasswordProtectedNote == 6)
        #expect(INPlayMediaIntentResponseCode.handleInApp.rawValue == 5)
        #expect(INAddMediaIntentResponseCode.handleInApp.rawValue == 4)
        #expect(INSearchForMediaIntentResponseCode.success.rawValue == 4)
        #expect(INUnsendMessagesIntentResponseCode.failurePastUnsendTimeLimit.rawValue == 7)
        #expect(INUnsendMessagesIntentResponseCode.failureRequiringInAppAuthentication.rawValue == 11)
        #expect(INEditMessageIntentResponseCode.failureMessageNotFound.rawValue == 6)
        #expect(INEditMessageIntentResponseCode.failurePastEditTimeLimit.rawValue == 7)
        #expect(INEditMessageIntentResponseCode.failureMessageServiceNotAvailable.rawValue == 10)
    }

    @Test("a response crosses the ABI with the host's number for its code, not Apple's raw value")
    func abiNumbers() throws {
        let success = INSendMessageIntentResponse(code: .success, userActivity: nil)
        #expect(success._exthostCode == SystemResponseCode.success.rawValue)
        let start = try #require(SystemIntents.intent(named: "INStartWorkoutIntent"))
        let inApp = INStartWorkoutIntentResponse(code: .handleInApp, userActivity: nil)
        #expect(inApp._exthostCode == start.response.abiCode(named: "handleInApp"))
        #expect(inApp._exthostCode != Int32(INStartWorkoutIntentResponseCode.handleInApp.rawValue))
    }
}
