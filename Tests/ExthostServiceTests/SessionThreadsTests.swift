@testable import ExthostService
import Foundation
import IntentSystem
import Testing

/// The threads conversations and Rasa actions run on: every piece of work
/// handed over runs, and a thread that finished one takes the next.
@Suite("Session threads")
struct SessionThreadsTests {
    @Test("work handed over from many threads at once all runs, none lost while threads go idle and wake")
    func everyPieceRuns() {
        let threads = SessionThreads(maximumIdle: 4, idlePeriod: 5)
        let ran = Counter()
        let done = DispatchGroup()
        let pieces = 400
        for _ in 0..<pieces { done.enter() }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<(pieces / 8) {
                threads.run {
                    ran.add()
                    done.leave()
                }
            }
        }
        #expect(done.wait(timeout: .now() + 60) == .success, "ran \(ran.value) of \(pieces)")
        #expect(ran.value == pieces)
    }

    @Test("one piece after another is run by a thread kept from before, not a new one each time")
    func threadsAreReused() {
        let threads = SessionThreads(maximumIdle: 4, idlePeriod: 30)
        // Each thread numbered the first time it runs a piece.
        let used = Counter()
        for _ in 0..<40 {
            let finished = DispatchSemaphore(value: 0)
            threads.run {
                if Thread.current.threadDictionary["number"] == nil {
                    Thread.current.threadDictionary["number"] = used.add()
                }
                finished.signal()
            }
            #expect(finished.wait(timeout: .now() + 30) == .success)
            // Time for the thread to wait for the next piece.
            Thread.sleep(forTimeInterval: 0.02)
        }
        // A thread per piece would be 40; a loaded machine may start a few
        // more than one when a thread is slow to go back to waiting.
        #expect(used.value <= 10, "\(used.value) threads for 40 pieces")
    }
}

/// A count several threads add to.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    /// Adds one; the count after it.
    @discardableResult
    func add() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

@Suite("Conversation identifiers")
struct ConversationIdentifierTests {
    @Test("each is a new random UUID of version 4, as UUID() makes")
    func randomVersion4() {
        let identifiers = (0..<1000).map { _ in UUID.systemRandom().uuidString }
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers {
            let characters = Array(identifier)
            #expect(UUID(uuidString: identifier) != nil, "\(identifier)")
            #expect(characters[14] == "4", "\(identifier)")
            #expect("89AB".contains(characters[19]), "\(identifier)")
        }
    }
}
