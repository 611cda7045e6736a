import AppManifests
import ExthostPosix
import Foundation
import Synchronization

extension AppHandoff {
    /// ``continueInApp(activity:interaction:appIdentifier:deadline:)`` on a
    /// thread of its own, so the caller's executor is not blocked.
    public func continueInApp(
        activity: UserActivityPayload?,
        interaction: InteractionPayload? = nil,
        appIdentifier: String,
        deadline: Duration? = nil
    ) async throws(AppHandoffError) -> ActivityOutcome {
        try await Self.offThread { () throws(AppHandoffError) in
            try self.continueInApp(activity: activity, interaction: interaction, appIdentifier: appIdentifier, deadline: deadline)
        }
    }

    /// ``handleInApp(_:appIdentifier:deadline:)`` on a thread of its own.
    public func handleInApp(
        _ request: InAppIntentRequest,
        appIdentifier: String? = nil,
        deadline: Duration? = nil
    ) async throws(AppHandoffError) -> InAppStageReply {
        try await Self.offThread { () throws(AppHandoffError) in
            try self.handleInApp(request, appIdentifier: appIdentifier, deadline: deadline)
        }
    }

    private static func offThread<T: Sendable>(
        _ work: @escaping @Sendable () throws(AppHandoffError) -> T
    ) async throws(AppHandoffError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, AppHandoffError>, Never>) in
            Thread {
                continuation.resume(returning: Result { () throws(AppHandoffError) in try work() })
            }.start()
        }
        return try result.get()
    }
}
