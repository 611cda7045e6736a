import ExthostPosix
import Foundation
import Logging

/// Reads what an extension process writes on standard output and standard
/// error (two pipes, never the protocol's socket) and logs it line by line,
/// attributed to the extension, on a thread of its own so a chatty plugin
/// never blocks on a full pipe.
package final class ExtensionOutputLog: @unchecked Sendable {
    private let lock = NSLock()
    private var label: String
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

    /// Waits until the pipes have ended (the process and anything it
    /// started are gone), at most `seconds`.
    package func finish(within seconds: Double) {
        if done.wait(timeout: .now() + seconds) == .success { done.signal() }
    }

    private func drain(_ streams: [(name: String, descriptor: Int32)]) {
        var pending = streams.map { _ in [UInt8]() }
        Posix.drain(streams.map(\.descriptor)) { index, bytes in
            let name = streams[index].name
            if bytes.isEmpty {
                if !pending[index].isEmpty { emit(pending[index][...], stream: name) }
                return
            }
            pending[index] += bytes
            while let newline = pending[index].firstIndex(of: 10) {
                emit(pending[index][..<newline], stream: name)
                pending[index].removeSubrange(...newline)
            }
        }
        streams.forEach { Posix.close($0.descriptor) }
    }

    private func emit(_ line: ArraySlice<UInt8>, stream: String) {
        let name = lock.withLock { label }
        logger.info("\(name) wrote on \(stream): \(String(decoding: line, as: UTF8.self))",
                    metadata: ["extension": "\(name)", "stream": "\(stream)"])
    }
}
