import Foundation
import SharedContainer

/// The app group's shared container as the Study record app and its
/// extension use it:
///
/// - `measurement.json` — the stopwatch or timer running now, replaced at
///   once on every change, so the app sees a measurement started by voice;
/// - `pending-records.jsonl` — records kept while the backend was offline;
/// - `events.jsonl` — events logged while the app was not running.
///
/// The app sends both queues when it launches (and while it runs).
public struct StudyContainer: Sendable {
    /// The container.
    public let container: SharedContainer

    /// The queue of records kept while offline.
    public var pendingRecords: SharedQueue { container.queue(named: "pending-records") }
    /// The queue of events waiting for the app.
    public var events: SharedQueue { container.queue(named: "events") }

    public init(container: SharedContainer) {
        self.container = container
    }

    /// The container at `path` (the one the host gives the extension), or
    /// else the app group's container at the default location.
    ///
    /// - Throws: `SharedContainerError` when the folder cannot be made.
    public static func open(path: String? = nil, baseDirectory: String? = nil) throws -> StudyContainer {
        if let path, !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            return StudyContainer(container: try SharedContainer(
                appGroup: url.lastPathComponent, baseDirectory: url.deletingLastPathComponent().path))
        }
        return StudyContainer(container: try SharedContainer(appGroup: StudyRecordIdentity.appGroup, baseDirectory: baseDirectory))
    }

    // MARK: The measurement

    private static let measurementFile = "measurement.json"

    /// The stopwatch or timer running (or paused) now, if any.
    public func measurement() -> StudyMeasurement? {
        guard let data = container.contents(ofFileNamed: Self.measurementFile), !data.isEmpty else { return nil }
        return try? JSONDecoder().decode(StudyMeasurement.self, from: data)
    }

    /// Replaces the measurement at once; nil ends it.
    public func setMeasurement(_ measurement: StudyMeasurement?) throws {
        guard let measurement else {
            try container.write(Data(), toFileNamed: Self.measurementFile)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try container.write(try encoder.encode(measurement), toFileNamed: Self.measurementFile)
    }

    // MARK: Queues

    /// Keeps a record the backend could not take because it was offline.
    public func keep(_ record: StudyRecord) throws {
        try pendingRecords.append(record)
    }

    /// Queues an event for the app to send.
    public func log(_ event: StudyEvent) throws {
        try events.append(event)
    }

    /// What ``deliver(to:)`` did.
    public struct Delivery: Equatable, Sendable {
        /// Records the backend took.
        public var recordsSent = 0
        /// Records the backend refused (logged out, not on the bookshelf, a banned word): dropped.
        public var recordsRefused = 0
        /// Events sent.
        public var eventsSent = 0
        /// Records and events kept for later because the backend is offline.
        public var recordsKept = 0
        public var eventsKept = 0
        /// The weekly progress after the last record sent.
        public var progress: WeeklyProgress?

        public init() {}
    }

    /// Sends the queued records and events to the backend; what cannot be
    /// sent because the backend is offline goes back in its queue.
    ///
    /// - Throws: `SharedContainerError` when a queue cannot be read or written.
    public func deliver(to backend: BackendClient) throws -> Delivery {
        var delivery = Delivery()
        let records = try pendingRecords.drain(as: StudyRecord.self)
        var offline = false
        for record in records {
            if offline {
                try pendingRecords.append(record)
                delivery.recordsKept += 1
                continue
            }
            switch backend.post(record) {
            case .success(let progress):
                delivery.recordsSent += 1
                delivery.progress = progress
            case .failure(.offline):
                offline = true
                try pendingRecords.append(record)
                delivery.recordsKept += 1
            case .failure:
                delivery.recordsRefused += 1
            }
        }
        let events = try self.events.drain(as: StudyEvent.self)
        if !events.isEmpty {
            if !offline, case .success = backend.post(events) {
                delivery.eventsSent = events.count
            } else {
                for event in events { try self.events.append(event) }
                delivery.eventsKept = events.count
            }
        }
        return delivery
    }
}
