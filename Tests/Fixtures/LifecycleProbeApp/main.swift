// An app that shows every step of its life the system causes, for the
// app-process tests: how it was launched (state, activities), each activity
// it continues (and the screen it restores), each system-made interaction,
// ShowDirectionsIntent handled in-app in the background and the foreground,
// and it crashes, hangs or exits at launch when asked. No example app does
// the last, and the examples show their own screens, not the lifecycle.
//
//   LifecycleProbeApp [--name NAME] [--exit-at-launch CODE]
//
// Activity types (declared in the test manifests):
//   com.example.fixture.showGoal   shows the weekly goal from userInfo
//   com.example.fixture.crash      aborts the process
//   com.example.fixture.hang       blocks the main thread forever
//   <intent class name>            a system-made activity: shows the interaction
import AppProcess
import Foundation
import SharedContainer

@MainActor
final class LifecycleProbeAppDelegate: AppDelegate {
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        application.show("launched in the \(application.applicationState) with \(options.userActivities.count) activities")
        if let group = application.appGroup,
           let container = try? SharedContainer(appGroup: group, baseDirectory: application.sharedContainersPath),
           let events = try? container.queue(named: "events").drain(as: WireValue.self), !events.isEmpty
        {
            application.show("sending \(events.count) queued events")
        }
        return true
    }

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        switch userActivity.activityType {
        case "com.example.fixture.showGoal":
            let done = userInfoNumber(userActivity, "done")
            let goal = userInfoNumber(userActivity, "goal")
            application.show("showing goal screen: \(done)/\(goal) hours this week")
            return true
        case "com.example.fixture.showDirections":
            application.show("showing directions: \(userActivity.userInfo["recipe"]?.stringValue ?? "?")")
            restorationHandler([DirectionsScreen(application: application)])
            return true
        case "com.example.fixture.crash":
            abort()
        case "com.example.fixture.hang":
            while true { sleep(60) }
        default:
            // The activity the system made for a response that carried none.
            guard let interaction = userActivity.interaction else { return false }
            application.show("continuing \(interaction.intentName) (\(interaction.responseCodeName))")
            return true
        }
    }

    func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)? {
        intent.intentName == "ShowDirectionsIntent" ? ShowDirectionsHandler(application: application) : nil
    }

    private func userInfoNumber(_ activity: UserActivityPayload, _ key: String) -> String {
        activity.userInfo[key].map { $0.intValue.map(String.init) ?? $0.description } ?? "?"
    }
}

/// The screen a directions activity restores.
@MainActor
final class DirectionsScreen: UserActivityRestoring {
    let application: Application

    init(application: Application) {
        self.application = application
    }

    func restoreUserActivityState(_ activity: UserActivityPayload) {
        application.show("directions screen restored at step 1")
    }
}

/// Shows a recipe's next step, which needs the screen.
@MainActor
final class ShowDirectionsHandler: InAppIntentHandling {
    let application: Application

    init(application: Application) {
        self.application = application
    }

    func resolve(parameter: String, of intent: InAppIntentRequest, completion: @escaping @Sendable (InAppResolution) -> Void) {
        guard parameter == "recipe" else { return completion(.notRequired()) }
        if let recipe = intent.parameters["recipe"], recipe != .null {
            completion(.success(with: recipe))
        } else {
            completion(.needsValue())
        }
    }

    func handle(intent: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        let recipe = intent.parameters["recipe"]?.stringValue ?? "?"
        guard application.applicationState == .foreground else {
            let activity = UserActivityPayload(
                activityType: "com.example.fixture.showDirections",
                title: "Directions for \(recipe)",
                userInfo: ["recipe": .string(recipe)])
            completion(InAppIntentResponse(code: .continueInApp, userActivity: activity))
            return
        }
        application.show("next step of \(recipe)")
        // Answer from another thread, as a handler waiting on I/O would.
        Thread { completion(InAppIntentResponse(code: .success, properties: ["step": 2])) }.start()
    }
}

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--exit-at-launch"), flag + 1 < arguments.count {
    print("LifecycleProbeApp: exiting at launch as asked")
    exit(Int32(arguments[flag + 1]) ?? 1)
}
let name = arguments.firstIndex(of: "--name").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
AppMain.run(name: name ?? "Fixture", delegate: LifecycleProbeAppDelegate())
