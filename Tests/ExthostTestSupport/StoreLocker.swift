import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real process with pipes, read as it writes.
public final class Child {
    public let process = Process()
    public let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()

    /// - Parameter unreadOutput: Closes the only reading end of its standard
    ///   output before it starts: a write there fails with a broken pipe.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL? = nil,
         unreadOutput: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        if unreadOutput { try output.fileHandleForReading.close() }
        try process.run()
    }

    /// Standard output from the start until `done` holds for what was read,
    /// or standard output closes.
    public func readOutput(until done: (String) -> Bool) throws -> String {
        var read = Data()
        while !done(String(decoding: read, as: UTF8.self)) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            read += chunk
        }
        return String(decoding: read, as: UTF8.self)
    }

    /// Standard error, once the process has ended.
    public func standardError() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Ends the process if it is still running (by its pid) and reaps it.
    public func end() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A process that holds a store's write lock: no other process can commit
/// to it until the locker is let go.
public enum StoreLocker {
    /// Holds a write transaction on the store (`BEGIN IMMEDIATE`) from
    /// "locked" until a line arrives on its standard input.
    static let source = #"""
        #include <sqlite3.h>
        #include <stdio.h>

        int main(int argc, char **argv) {
            sqlite3 *db;
            char line[16];
            if (argc != 2 || sqlite3_open(argv[1], &db) != SQLITE_OK) { fprintf(stderr, "cannot open the store\n"); return 1; }
            sqlite3_busy_timeout(db, 10000);
            if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) { fprintf(stderr, "%s\n", sqlite3_errmsg(db)); return 1; }
            printf("locked\n");
            fflush(stdout);
            if (fgets(line, sizeof line, stdin) == NULL) { /* the test ended: let go all the same */ }
            if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) { fprintf(stderr, "%s\n", sqlite3_errmsg(db)); return 1; }
            sqlite3_close(db);
            return 0;
        }
        """#

    /// Compiles the locker in `folder` and starts it on the store at
    /// `store`, returning once it holds the lock; write a line to its
    /// standard input to let go.
    public static func lock(_ store: String, in folder: URL) throws -> Child {
        let lockerPath = try compile(source, named: "locker", in: folder)
        let locker = try Child(lockerPath, [store])
        guard try locker.readOutput(until: { $0.contains("locked\n") }).contains("locked") else {
            locker.end()
            throw CocoaError(.fileLocking, userInfo: [NSLocalizedDescriptionKey: "the store locker did not lock \(store): \(locker.standardError())"])
        }
        return locker
    }

    /// Runs `sql` on the store at `store` with SQLite's C API, as another
    /// program sharing the store would (a schema change of the test's).
    public static func execute(_ sql: String, on store: String, in folder: URL) throws {
        let program = try compile(executeSource, named: "store-sql", in: folder)
        let ran = try CommandRunner().runExternal(program, [store, sql])
        guard ran.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(sql) failed on \(store): \(ran.standardError)"])
        }
    }

    /// Runs its second argument as SQL on the store its first names.
    static let executeSource = #"""
        #include <sqlite3.h>
        #include <stdio.h>

        int main(int argc, char **argv) {
            sqlite3 *db;
            char *message = NULL;
            if (argc != 3 || sqlite3_open(argv[1], &db) != SQLITE_OK) { fprintf(stderr, "cannot open the store\n"); return 1; }
            sqlite3_busy_timeout(db, 10000);
            if (sqlite3_exec(db, argv[2], NULL, NULL, &message) != SQLITE_OK) { fprintf(stderr, "%s\n", message); return 1; }
            sqlite3_close(db);
            return 0;
        }
        """#

    /// Compiles `source` (C, linked with SQLite) as `name` in `folder`.
    private static func compile(_ source: String, named name: String, in folder: URL) throws -> String {
        let sourcePath = folder.appendingPathComponent(name + ".c").path
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent(name).path
        let compiled = try CommandRunner().runExternal("/usr/bin/env", ["cc", "-std=c11", "-Wall", "-Werror", "-o", program, sourcePath, "-lsqlite3"])
        guard compiled.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(name) did not compile: \(compiled.standardError)"])
        }
        return program
    }
}
