// The calling app: it places the calls its Intents extension hands it. The
// extension answers INStartCallIntent with continueInApp and an activity of
// that type (declared in Calling.app.json, as a VoIP app declares it in
// NSUserActivityTypes); the activity carries the interaction, whose
// resolved contact is called.
import AppProcess
import Foundation

@MainActor
final class CallingAppDelegate: AppDelegate {
    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        guard userActivity.activityType == "INStartCallIntent",
              let parameters = userActivity.interaction?.parameters,
              let contact = parameters["contacts"]?.arrayValue?.first?.objectValue,
              let name = contact["displayString"]?.stringValue else { return false }
        let number = contact["properties"]?.objectValue?["handle"]?.stringValue ?? contact["subtitle"]?.stringValue ?? "no number"
        let kind = parameters["callCapability"]?.stringValue == "videoCall" ? "video" : "audio"
        application.show("calling \(name) at \(number) (\(kind))")
        return true
    }
}

AppMain.run(name: "Calling", delegate: CallingAppDelegate())
