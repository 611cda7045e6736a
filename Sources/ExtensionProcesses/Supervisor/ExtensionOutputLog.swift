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
        var open = streams.map { (name: $0.name, descriptor: $0.descriptor, pending: [UInt8]()) }
        var chunk = [UInt8](repeating: 0, count: 16384)
        while !open.isEmpty {
            var entries = open.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            guard (try? Posix.syscall("poll", blocking: { poll(&entries, nfds_t(entries.count), -1) })) != nil else { break }
            for (index, entry) in entries.enumerated().reversed() where entry.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { (try? Posix.read(entry.fd, into: $0)) ?? 0 }
                if count > 0 {
                    open[index].pending.append(contentsOf: chunk[..<count])
                    while let newline = open[index].pending.firstIndex(of: 10) {
                        emit(open[index].pending[..<newline], stream: open[index].name)
                        open[index].pending.removeSubrange(...newline)
                    }
                } else {
                    if !open[index].pending.isEmpty { emit(open[index].pending[...], stream: open[index].name) }
                    Posix.close(open[index].descriptor)
                    open.remove(at: index)
                }
            }
        }
        open.forEach { Posix.close($0.descriptor) }
    }

    private func emit(_ line: ArraySlice<UInt8>, stream: String) {
        let name = lock.withLock { label }
        logger.info("\(name) wrote on \(stream): \(String(decoding: line, as: UTF8.self))",
                    metadata: ["extension": "\(name)", "stream": "\(stream)"])
    }
}
