import ExthostLogging
import ExthostPosix
import Foundation
import Logging

/// Reads what an extension process writes on standard output and standard
/// error (two pipes, never the protocol's socket) and logs it line by line,
/// attributed to the extension, on a thread of its own so a chatty plugin
/// never blocks on a full pipe.
///
/// A line printed while a request was open is logged with the metadata
/// that was bound (``LogContext``) where that request was opened: its
/// conversation's `session` or `sender_id`. The process marks each
/// request's start and end in both pipes (``OutputMark``); a line outside
/// the marks carries none.
package final class ExtensionOutputLog: @unchecked Sendable {
    private let lock = NSLock()
    private var label: String
    /// The bound metadata of the requests opened last, by ``OutputMark/key(_:)``.
    private var requests: [(key: String, metadata: Logger.Metadata)] = []
    /// How many requests' metadata is kept: a pipe is at most a few
    /// requests behind the socket (those of ``gathering`` and of a busy
    /// moment).
    private static let requestsKept = 64
    /// Milliseconds the thread waits, once a pipe has something, before it
    /// reads: the four marks of each request (two in each pipe) would wake
    /// it up to four times a request, a third of the service's context
    /// switches on a warm request; so they wake it at most once in this
    /// period. A line is logged at most this much later, and a plugin that
    /// fills a pipe (64 KiB) within it waits in `write` for the rest of it.
    /// `EXTHOST_OUTPUT_GATHERING_MS` in the supervisor's environment sets
    /// it (0: read at once, the benchmark's before, in the same binary).
    static let gathering = ProcessInfo.processInfo.environment["EXTHOST_OUTPUT_GATHERING_MS"].flatMap { Int($0) }.map { min(max($0, 0), 100) } ?? 1
    private let logger: Logger
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `streams` (name and read end); the log closes them.
    package init(streams: [(name: String, descriptor: Int32)], label: String, logger: Logger) {
        self.label = label
        self.logger = logger
        let thread = Thread { [self] in
            drain(streams)
            done.signal()
        }
        thread.name = "exthost.extension-output"
        thread.start()
    }

    /// Names the extension once its manifest is known.
    package func rename(_ label: String) {
        lock.withLock { self.label = label }
    }

    /// Keeps the metadata bound now for the lines of the request
    /// `identifier`, which is about to be opened.
    package func opening(_ identifier: String, metadata: Logger.Metadata) {
        let key = OutputMark.key(identifier)
        lock.withLock {
            requests.removeAll { $0.key == key }
            requests.append((key, metadata))
            if requests.count > Self.requestsKept { requests.removeFirst() }
        }
    }

    /// Waits until the pipes have ended (the process and anything it
    /// started are gone), at most `seconds`.
    package func finish(within seconds: Double) {
        if done.wait(timeout: .now() + seconds) == .success { done.signal() }
    }

    private func drain(_ streams: [(name: String, descriptor: Int32)]) {
        var pending = streams.map { _ in [UInt8]() }
        // The request each stream is within (its mark's key), if any.
        var within = streams.map { _ -> String? in nil }
        Posix.drain(streams.map(\.descriptor), gathering: Self.gathering) { index, bytes in
            let name = streams[index].name
            if bytes.isEmpty {
                if !pending[index].isEmpty { emit(pending[index][...], stream: name, request: within[index]) }
                return
            }
            pending[index] += bytes
            while let newline = pending[index].firstIndex(of: 10) {
                let line = pending[index][..<newline]
                switch OutputMark.parse(line) {
                case .text:
                    emit(line, stream: name, request: within[index])
                case .mark(let before, let opens):
                    if before > 0 { emit(line.prefix(before), stream: name, request: within[index]) }
                    within[index] = opens
                }
                pending[index].removeSubrange(...newline)
            }
        }
        streams.forEach { Posix.close($0.descriptor) }
    }

    private func emit(_ line: ArraySlice<UInt8>, stream: String, request: String?) {
        let (name, metadata) = lock.withLock { (label, request.flatMap { key in requests.last { $0.key == key }?.metadata } ?? [:]) }
        // This thread has nothing bound: the request's metadata alone.
        LogContext.with(metadata) {
            logger.info("\(name) wrote on \(stream): \(String(decoding: line, as: UTF8.self))",
                        metadata: ["extension": "\(name)", "stream": "\(stream)"])
        }
    }
}
