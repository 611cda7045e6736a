import ExthostPosix
import Glibc
import Testing

@Suite struct PosixTests {
    @Test func aFailedCallCarriesTheCallThePathAndErrno() {
        #expect {
            _ = try Posix.open("/nonexistent/folder/file", flags: O_RDONLY)
        } throws: { error in
            guard let failure = error as? SystemCallError else { return false }
            return failure.call == "open" && failure.path == "/nonexistent/folder/file" && failure.errno == ENOENT
                && failure.description == "open /nonexistent/folder/file: No such file or directory (errno 2)"
        }
    }

    @Test func readPrefixReadsAtMostTheCountAsked() throws {
        let prefix = try Posix.readPrefix("/proc/self/exe", count: 4)
        #expect(prefix == [0x7F, 0x45, 0x4C, 0x46])
    }

    @Test func aLockedFileIsWrittenAndReadBack() throws {
        let path = "/tmp/exthost-posix-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { Posix.unlink(path) }
        try Posix.withLockedFile(path, flags: O_RDWR | O_CREAT) { fd in
            try Array("hello".utf8).withUnsafeBytes { try Posix.write(fd, $0, path: path) }
            try Posix.rewind(fd)
            #expect(try Posix.readToEnd(fd) == Array("hello".utf8))
            try Posix.truncate(fd)
            try Posix.rewind(fd)
            #expect(try Posix.readToEnd(fd).isEmpty)
        }
    }
}
