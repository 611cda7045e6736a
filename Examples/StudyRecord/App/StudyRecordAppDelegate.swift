import AppProcess
import Dispatch
import DonationStore
import Foundation
import SharedContainer
import StudyRecordKit

/// The Study record app: the goal screen, the measurement screen, the two
/// shortcuts (*View my QR code*, *Scan a book's barcode*), and the records and
/// events its extension queued in the shared container, sent to the backend
/// when the app launches and, while it runs, as they arrive.
@MainActor
final class StudyRecordAppDelegate: AppDelegate {
    private let backend = BackendClient.fromEnvironment()
    private var container: StudyContainer?
    private var deliveryTimer: (any DispatchSourceTimer)?

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        do {
            container = StudyContainer(container: try SharedContainer(
                appGroup: application.appGroup ?? StudyRecordIdentity.appGroup,
                baseDirectory: application.sharedContainersPath))
        } catch {
            application.show("cannot open the shared container: \(error)")
        }
        deliverQueued(application, atLaunch: true)
        if let measurement = container?.measurement() {
            application.show("measuring now: \(Self.describe(measurement))")
        }
        // While the app runs, what the extension queues goes out within a second or two.
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + 2, repeating: 2)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.deliverQueued(application, atLaunch: false) }
        }
        timer.resume()
        deliveryTimer = timer
        return true
    }

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        switch userActivity.activityType {
        case StudyActivityType.weeklyGoal:
            return showGoal(userActivity.userInfo, in: application)
        case StudyActivityType.postStudyRecordIntent:
            // Made by the system for a continueInApp without an activity: the
            // response's properties carry the progress, when there is some.
            guard let interaction = userActivity.interaction else { return false }
            if showGoal(interaction.responseProperties, in: application) { return true }
            application.show("record study: \(Self.describe(interaction.parameters))")
            return true
        case StudyActivityType.measurement:
            showMeasurement(in: application)
            return true
        case StudyActivityType.viewQRCode:
            application.show("my QR code: studyrecord://friends/add?user=\(NSUserName())")
            donateScreen(userActivity.activityType, title: "View my QR code", phrase: "Show my QR code", in: application)
            return true
        case StudyActivityType.scanBarcode:
            application.show("barcode scanner: point the camera at a book's barcode to put it on your bookshelf")
            donateScreen(userActivity.activityType, title: "Scan a book's barcode", phrase: "Scan a barcode", in: application)
            return true
        default:
            return false
        }
    }

    // MARK: Screens

    private func showGoal(_ values: [String: WireValue], in application: Application) -> Bool {
        guard let done = values["weeklyMinutes"]?.intValue, let goal = values["weeklyGoalMinutes"]?.intValue, goal > 0 else {
            return false
        }
        let percent = done * 100 / goal
        let left = max(0, goal - done)
        application.show("goal screen: \(done) of \(goal) minutes this week (\(percent)%)"
            + (left == 0 ? ", goal reached" : ", \(left) to go"))
        return true
    }

    private func showMeasurement(in application: Application) {
        guard let measurement = container?.measurement() else {
            application.show("measurement screen: nothing is being measured")
            return
        }
        application.show("measurement screen: \(Self.describe(measurement))")
    }

    private static func describe(_ measurement: StudyMeasurement) -> String {
        let now = Date().timeIntervalSince1970
        let minutes = measurement.elapsedMinutes(at: now)
        return "\(measurement.materialName), \(minutes) minute\(minutes == 1 ? "" : "s"), \(measurement.status(at: now))"
    }

    private static func describe(_ parameters: [String: WireValue]) -> String {
        parameters.keys.sorted().map { "\($0) \(parameters[$0].map { "\($0)" } ?? "")" }.joined(separator: ", ")
    }

    /// The screen is on show: donate it, as an iOS app sets the screen's
    /// `userActivity` (eligible for prediction, with a suggested phrase) and
    /// calls `becomeCurrent()`, so the system can suggest it and the user can
    /// give it a phrase.
    private func donateScreen(_ activityType: String, title: String, phrase: String, in application: Application) {
        do {
            try AppDonations(app: application.identifier)
                .donateActivity(type: activityType, title: title, persistentIdentifier: activityType, suggestedInvocationPhrase: phrase)
        } catch {
            // Not shown: the screen works without the donation.
            FileHandle.standardError.write(Data("[StudyRecord] could not donate \(activityType): \(error)\n".utf8))
        }
    }

    // MARK: The queues

    /// Sends what the extension queued; says what happened when there was something.
    private func deliverQueued(_ application: Application, atLaunch: Bool) {
        guard let container else { return }
        let waiting = ((try? container.pendingRecords.count()) ?? 0) + ((try? container.events.count()) ?? 0)
        guard waiting > 0 else { return }
        let delivery: StudyContainer.Delivery
        do {
            delivery = try container.deliver(to: backend)
        } catch {
            application.show("cannot read the queued records and events: \(error)")
            return
        }
        if delivery.recordsSent > 0 {
            application.show("sent \(delivery.recordsSent) study record\(delivery.recordsSent == 1 ? "" : "s") kept while offline")
        }
        if delivery.recordsRefused > 0 {
            application.show("the backend refused \(delivery.recordsRefused) kept record\(delivery.recordsRefused == 1 ? "" : "s")")
        }
        if delivery.eventsSent > 0 {
            application.show("sent \(delivery.eventsSent) event\(delivery.eventsSent == 1 ? "" : "s") logged by the extension")
        }
        if atLaunch, delivery.recordsKept + delivery.eventsKept > 0 {
            application.show("offline: \(delivery.recordsKept) records and \(delivery.eventsKept) events kept for later")
        }
    }
}
