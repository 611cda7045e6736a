import Foundation

/// Apple's initialisers of the focus status domain (iOS 15). The classes
/// are generated with the system intents; `INFocusStatus` is a plain
/// object, as Apple's is (``_ExthostPlainObject``): its display string is
/// only for the host's transcripts.
///
/// An app reads the Focus itself with ``INFocusStatusCenter``; the system
/// sends this intent to every app that may read it when the Focus changes
/// (`exthost focus on|off`; README, "Focus").
extension INFocusStatus {
    /// The user's Focus: on, off, or not said (`nil`).
    ///
    /// - Parameter isFocused: Whether notifications are silenced for a Focus.
    public convenience init(isFocused: Bool? = nil) {
        self.init()
        self.isFocused = isFocused
    }

    /// `focused`, `not focused`, or `unknown`.
    public var _exthostDisplayString: String {
        switch isFocused {
        case true?: "focused"
        case false?: "not focused"
        case nil: "unknown"
        }
    }
}

extension INShareFocusStatusIntent {
    /// The status the system shares with the app.
    ///
    /// - Parameter focusStatus: Whether the user is in a Focus.
    public convenience init(focusStatus: INFocusStatus?) {
        self.init()
        self.focusStatus = focusStatus
    }
}
