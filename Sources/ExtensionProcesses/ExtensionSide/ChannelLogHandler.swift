import Logging

/// The extension process's swift-log backend: each line the plugin logs is
/// sent to the supervisor as a `log` frame, which logs it there as the
/// in-process host would (same logger, level and `extension` metadata).
struct ChannelLogHandler: LogHandler {
    let channel: FrameChannel
    /// Everything is sent; the supervisor's logger decides what is shown.
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var frame = FrameWriter(.log)
        frame.append(event.level.rawValue)
        frame.append((event.metadata?["extension"] ?? metadata["extension"]).map { "\($0)" } ?? "")
        frame.append(event.message.description)
        try? channel.send(frame)
    }
}
