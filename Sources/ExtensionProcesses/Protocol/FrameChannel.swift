import ExthostPosix
import Foundation

/// One end of an extension process's socket pair: whole frames out, whole
/// frames in, waiting no later than a deadline.
///
/// Sending is thread-safe (a plugin logs from any thread); receiving is for
/// one thread.
package final class FrameChannel: @unchecked Sendable {
    /// What waiting for a frame gave.
    package enum Received {
        case frame(FrameReader)
        /// The peer closed its end (it exited or was killed).
        case ended
        /// The deadline passed with no whole frame.
        case deadlinePassed
        /// The peer sent something that is not a frame, or the socket failed.
        case broken(String)
    }

    /// The socket.
    package let descriptor: Int32
    private var buffered: [UInt8] = []
    /// Where a read lands: one buffer for the channel's life, not a new
    /// zeroed 64 KiB array per read.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private let sending = NSLock()

    /// Wraps a connected stream socket; the channel closes it.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        Posix.close(descriptor)
    }

    /// Sends one frame.
    ///
    /// - Throws: ``SystemCallError`` when the peer has gone (`EPIPE`).
    package func send(_ message: FrameWriter) throws(SystemCallError) {
        try send(frames: message.frame)
    }

    /// Sends whole frames, one after another, in one write.
    ///
    /// - Throws: ``SystemCallError`` when the peer has gone (`EPIPE`).
    package func send(frames: [UInt8]) throws(SystemCallError) {
        sending.lock()
        defer { sending.unlock() }
        try frames.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try Posix.send(descriptor, buffer) }
        }.get()
    }

    /// Whether the next frame is one of `type` with no fields, already
    /// here (read without waiting): taken when it is. Anything else that
    /// arrived stays for ``receive(until:)``; so does the end of the
    /// stream or a failure.
    package func takeIfWaiting(_ type: ExtensionProcessProtocol.MessageType) -> Bool {
        if buffered.count < 5 {
            let count = try? chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try Posix.receiveWaiting(descriptor, into: buffer) }
            }.get()
            if let count, count > 0 { buffered.append(contentsOf: chunk[..<count]) }
        }
        guard buffered.count >= 5, buffered[0] == 1, buffered[1] == 0, buffered[2] == 0, buffered[3] == 0, buffered[4] == type.rawValue else {
            return false
        }
        buffered.removeFirst(5)
        return true
    }

    /// Waits for the next frame.
    ///
    /// - Parameter deadline: Monotonic nanoseconds to give up at; nil waits for ever.
    package func receive(until deadline: UInt64? = nil) -> Received {
        while true {
            if buffered.count >= 4 {
                let length = Int(UInt32(buffered[0]) | UInt32(buffered[1]) << 8 | UInt32(buffered[2]) << 16 | UInt32(buffered[3]) << 24)
                guard length > 0, length <= ExtensionProcessProtocol.maximumFrameLength else {
                    return .broken("a frame of \(length) bytes (at most \(ExtensionProcessProtocol.maximumFrameLength) are allowed)")
                }
                if buffered.count >= 4 + length {
                    let body = Array(buffered[4..<4 + length])
                    buffered.removeFirst(4 + length)
                    do {
                        return .frame(try FrameReader(body: body))
                    } catch {
                        return .broken(error.description)
                    }
                }
            }
            if let deadline {
                do {
                    if try !Posix.pollReadable(descriptor, until: deadline) { return .deadlinePassed }
                } catch {
                    return .broken(error.description)
                }
            }
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemCallError) in try Posix.read(descriptor, into: buffer) }
                }.get()
            } catch {
                if error.errno == Posix.connectionReset { return .ended }
                return .broken(error.description)
            }
            if count == 0 { return .ended }
            buffered.append(contentsOf: chunk[..<count])
        }
    }
}
