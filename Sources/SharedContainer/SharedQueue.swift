import Foundation

/// An append-only queue of JSON values in one file, one value per line, that
/// several processes can write and drain at once without losing an entry.
///
/// Each append takes an exclusive `flock` on the file, writes the whole line
/// with one `write` on an `O_APPEND` descriptor and lets the lock go; reading
/// takes a shared lock; draining reads and truncates under the exclusive lock,
/// so an entry is read by exactly one drain. A line cut short by a crash in the
/// middle of a write has no newline and is skipped.
///
/// Rationale: the workload is "an extension queues events while the app is
/// not running; the app sends them when it next launches" — append and drain.
/// A JSON-lines file with `flock` does exactly that with no library on either
/// side (a C extension can append with `open`, `flock` and `write`), and a
/// person can read the file. Entries are not `fsync`ed: a power loss may lose
/// the last ones, a process crash does not.
public struct SharedQueue: Hashable, Sendable {
    /// The queue's file.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Appends `entry` as one line of JSON.
    ///
    /// - Throws: An encoding error, or ``SharedContainerError`` when the file
    ///   cannot be written.
    public func append<Entry: Encodable>(_ entry: Entry) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(entry)
        line.append(0x0A)
        try LockedFile.withLock(path: path, mode: .append) { file in try file.write(line) }
    }

    /// Every entry, oldest first, leaving them in the queue.
    public func entries<Entry: Decodable>(as type: Entry.Type) throws -> [Entry] {
        let data = try LockedFile.withLock(path: path, mode: .read) { file in try file.readAll() }
        return try decode(data, as: type)
    }

    /// Every entry, oldest first, removing them from the queue.
    public func drain<Entry: Decodable>(as type: Entry.Type) throws -> [Entry] {
        let data = try LockedFile.withLock(path: path, mode: .drain) { file in
            let data = try file.readAll()
            try file.truncate()
            return data
        }
        return try decode(data, as: type)
    }

    /// How many complete entries the queue holds.
    public func count() throws -> Int {
        let data = try LockedFile.withLock(path: path, mode: .read) { file in try file.readAll() }
        return data.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    private func decode<Entry: Decodable>(_ data: Data, as type: Entry.Type) throws -> [Entry] {
        let decoder = JSONDecoder()
        var entries: [Entry] = []
        var start = data.startIndex
        while let newline = data[start...].firstIndex(of: 0x0A) {
            let line = data[start..<newline]
            start = data.index(after: newline)
            if line.isEmpty { continue }
            do {
                entries.append(try decoder.decode(Entry.self, from: line))
            } catch {
                throw SharedContainerError(
                    path: path,
                    problem: "entry \(entries.count + 1) is not a \(Entry.self): \(error)"
                )
            }
        }
        return entries
    }
}
