/// Progress towards the weekly goal, after a record.
public struct WeeklyProgress: Codable, Equatable, Sendable {
    public var weeklyMinutes: Int
    public var weeklyGoalMinutes: Int

    public init(weeklyMinutes: Int, weeklyGoalMinutes: Int) {
        self.weeklyMinutes = weeklyMinutes
        self.weeklyGoalMinutes = weeklyGoalMinutes
    }

    /// The `userInfo` of the goal screen's activity.
    public var userInfo: [String: Int] {
        ["weeklyMinutes": weeklyMinutes, "weeklyGoalMinutes": weeklyGoalMinutes]
    }
}
