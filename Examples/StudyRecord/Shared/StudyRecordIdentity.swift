/// The names the Study record app, its extension and its backend agree on.
public enum StudyRecordIdentity {
    /// The app's identifier (its bundle identifier on iOS).
    public static let app = "com.example.studyrecord"
    /// The Intents extension's identifier.
    public static let intentsExtension = "com.example.studyrecord.intents"
    /// The app group shared by the app and its extension.
    public static let appGroup = "group.com.example.studyrecord"
    /// The backend's port on 127.0.0.1 when `STUDYRECORD_BACKEND_PORT` is not set.
    public static let defaultBackendPort: UInt16 = 8734
    /// The environment variable that names the backend's port.
    public static let backendPortVariable = "STUDYRECORD_BACKEND_PORT"
}

/// The user-activity types the app continues (`NSUserActivityTypes`).
public enum StudyActivityType {
    /// The goal screen; `userInfo`: `weeklyMinutes`, `weeklyGoalMinutes`.
    public static let weeklyGoal = "com.example.studyrecord.weekly-goal"
    /// The measurement screen (the stopwatch or timer running now).
    public static let measurement = "com.example.studyrecord.measurement"
    /// The shortcut *View my QR code*.
    public static let viewQRCode = "com.example.studyrecord.viewQRCode"
    /// The shortcut *Scan a book's barcode*.
    public static let scanBarcode = "com.example.studyrecord.scanBarcode"
    /// The activity the system makes for a `continueInApp` of *Record study*
    /// that carries no activity of its own.
    public static let postStudyRecordIntent = "PostStudyRecordIntent"

    /// Every type, as the app's manifest declares them.
    public static let all = [weeklyGoal, measurement, viewQRCode, scanBarcode, postStudyRecordIntent]
}
