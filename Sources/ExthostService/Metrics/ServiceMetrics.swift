import IntentConversation
import IntentSystem
import Prometheus
import RequestWire
import Synchronization

/// The service's metrics, in Prometheus's text format at `GET /metrics`
/// (`docs/http-api.md`, "Metrics"): conversations by intent, outcome and
/// code, stage latencies, open sessions, HTTP requests by route and status,
/// extension processes started, crashed, killed and ended at their memory
/// limit; the donation store's transactions of the system's records (group
/// commits), the records each took, and the records that could not be
/// written.
///
/// Label values are bounded: an intent is named only once an extension
/// served it (a request for an unknown intent counts under `-`), stages by
/// their kind, routes by the API's own names.
///
/// Thread safety: every method may be called from any thread.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let openSessions: Gauge
    private let donationCommits: Counter
    private let recordsPerCommit: ValueHistogram
    private let recordsNotWritten: Counter
    /// The series a conversation counts in, made once each: the registry's
    /// `make…` looks a series up under its lock, by its name and labels,
    /// which took 8 % of a warm request's time in the service (debug
    /// build; `docs/plan-service.md`, "The `run` line and the per-request
    /// overhead").
    private let conversationSeries = Mutex<(requests: [[String]: Counter], stages: [String: DurationHistogram])>(([:], [:]))

    /// Records per transaction: one alone, then the batches concurrent
    /// requests make (at most one waiting per request in flight).
    private static let batchBuckets: [Double] = [1, 2, 4, 8, 16, 32, 64, 128, 256]

    private static let stageBuckets: [Duration] = [
        .microseconds(100), .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50),
        .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(5), .seconds(10),
    ]

    init() {
        openSessions = registry.makeGauge(descriptor: MetricNameDescriptor(
            namespace: "exthost", metricName: "open_sessions", unitName: "", helpText: "Conversations running or waiting for an answer."))
        donationCommits = registry.makeCounter(descriptor: MetricNameDescriptor(
            namespace: "exthost", metricName: "donation_commits", unitName: "total",
            helpText: "Transactions of the donation store that wrote the system's records of requests (a group commit takes the records of the requests that ended meanwhile)."))
        recordsPerCommit = registry.makeValueHistogram(descriptor: MetricNameDescriptor(
            namespace: "exthost", metricName: "donation_commit_records", unitName: "",
            helpText: "Records each donation-store transaction took."), buckets: Self.batchBuckets)
        recordsNotWritten = registry.makeCounter(descriptor: MetricNameDescriptor(
            namespace: "exthost", metricName: "donation_records_failed", unitName: "total",
            helpText: "Records of requests that could not be written (the store could not be opened, its transaction failed, or it refused the record); each request's answer carries the warning."))
    }

    /// What the system's writer of records tells the metrics.
    var recordObserver: SystemDonations.RecordObserver {
        SystemDonations.RecordObserver(
            committed: { [donationCommits, recordsPerCommit] records in
                donationCommits.increment()
                recordsPerCommit.record(Double(records))
            },
            notRecorded: { [recordsNotWritten] in recordsNotWritten.increment() }
        )
    }

    /// A conversation ended with a result (any outcome).
    func conversationEnded(_ result: ConversationResult, channel: String) {
        count(intent: result.intent, outcome: result.outcome.rawValue, code: result.error.map { String($0.code.rawValue) } ?? result.code ?? "-", channel: channel)
        for stage in result.stageMilliseconds {
            let kind = stage.stage.split(separator: " ").first.map(String.init) ?? stage.stage
            stageHistogram(kind).recordNanoseconds(Int64(stage.milliseconds * 1e6))
        }
    }

    private func stageHistogram(_ kind: String) -> DurationHistogram {
        if let made = conversationSeries.withLock({ $0.stages[kind] }) { return made }
        let histogram = registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(namespace: "exthost", metricName: "stage_duration", unitName: "seconds",
                                             helpText: "Time each stage of a conversation took (resolve, confirm, handle, …)."),
            labels: [("stage", kind)], buckets: Self.stageBuckets
        )
        conversationSeries.withLock { $0.stages[kind] = histogram }
        return histogram
    }

    /// A request ended with a problem before or instead of a result.
    func requestFailed(_ problem: ServiceProblem, intent: String?, channel: String) {
        // Only an intent an extension handles names a series: anyone can send any name.
        let known = problem.error?.code != .invalidIntentName && problem.kind != .badRequest
        count(intent: known ? intent ?? "-" : "-", outcome: problem.kind.rawValue,
              code: problem.error.map { String($0.code.rawValue) } ?? "-", channel: channel)
    }

    private func count(intent: String, outcome: String, code: String, channel: String) {
        let key = [intent, outcome, code, channel]
        if let made = conversationSeries.withLock({ $0.requests[key] }) { return made.increment() }
        let counter = registry.makeCounter(
            descriptor: MetricNameDescriptor(namespace: "exthost", metricName: "requests", unitName: "total",
                                             helpText: "Requests by intent, outcome, response code or iOS error number, and channel (session, rasa)."),
            labels: [("intent", intent), ("outcome", outcome), ("code", code), ("channel", channel)]
        )
        // The registry gives the same series to both of two threads that
        // make it at once: either may be kept.
        conversationSeries.withLock { $0.requests[key] = counter }
        counter.increment()
    }

    /// An HTTP response was written.
    func httpResponse(route: String, status: UInt) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(namespace: "exthost", metricName: "http_requests", unitName: "total",
                                             helpText: "HTTP requests by route and status."),
            labels: [("route", route), ("status", String(status))]
        ).increment()
    }

    /// An extension process started, or ended before it was done with
    /// (`crashed`, `killed`, `memory_limit`).
    func extensionProcess(_ event: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(namespace: "exthost", metricName: "extension_processes", unitName: "total",
                                             helpText: "Extension processes started, and ended before they were done with: crashed, killed by the supervisor (a stage past its deadline, a broken protocol), at the memory limit."),
            labels: [("event", event)]
        ).increment()
    }

    /// The metrics now, in Prometheus's text format.
    func exposition(openSessions count: Int) -> String {
        openSessions.set(Int64(count))
        return registry.emitToString()
    }
}
