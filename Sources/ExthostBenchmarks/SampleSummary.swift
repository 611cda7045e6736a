import IntentSystem
import IntentConversation
import ExtensionLoading
/// A sample of repeated measurements summarised the way every benchmark
/// figure is reported: median, 90th percentile, minimum and maximum.
///
/// Percentiles interpolate linearly between the two nearest ranks (the
/// "R-7" definition that NumPy and most spreadsheets use), so the median of
/// an even count is the mean of the two middle values.
public struct SampleSummary: Codable, Equatable, Sendable {
    /// How many measurements.
    public var count: Int
    public var median: Double
    public var p90: Double
    public var min: Double
    public var max: Double

    public init(count: Int, median: Double, p90: Double, min: Double, max: Double) {
        self.count = count
        self.median = median
        self.p90 = p90
        self.min = min
        self.max = max
    }

    /// Summarises `samples`; nil when there are none.
    ///
    /// - Parameter samples: The measurements, in any order and unit.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        self.init(
            count: sorted.count,
            median: Self.percentile(0.5, ofSorted: sorted),
            p90: Self.percentile(0.9, ofSorted: sorted),
            min: sorted[0],
            max: sorted[sorted.count - 1]
        )
    }

    /// The `fraction` percentile (0…1) of values sorted in ascending order.
    public static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "a percentile of no values")
        let rank = fraction * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let weight = rank - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * weight
    }

    /// The same summary with every figure multiplied by `factor` (a unit change).
    public func scaled(by factor: Double) -> SampleSummary {
        SampleSummary(count: count, median: median * factor, p90: p90 * factor, min: min * factor, max: max * factor)
    }
}

/// A straight line fitted by least squares: how one measure grows with another.
public struct LinearFit: Codable, Equatable, Sendable {
    /// Growth per unit of x.
    public var slope: Double
    /// The value at x = 0.
    public var intercept: Double
    /// The coefficient of determination, 0…1 (1 when every point is on the line).
    public var rSquared: Double

    public init(slope: Double, intercept: Double, rSquared: Double) {
        self.slope = slope
        self.intercept = intercept
        self.rSquared = rSquared
    }

    /// Fits `y = slope · x + intercept`; nil with fewer than two distinct x.
    public init?(x: [Double], y: [Double]) {
        guard x.count == y.count, x.count >= 2 else { return nil }
        let n = Double(x.count)
        let meanX = x.reduce(0, +) / n
        let meanY = y.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for (xi, yi) in zip(x, y) {
            sxx += (xi - meanX) * (xi - meanX)
            sxy += (xi - meanX) * (yi - meanY)
            syy += (yi - meanY) * (yi - meanY)
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        self.init(slope: slope, intercept: meanY - slope * meanX, rSquared: syy > 0 ? (sxy * sxy) / (sxx * syy) : 1)
    }
}
