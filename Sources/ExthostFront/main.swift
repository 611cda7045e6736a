// `exthost` as users run it: a small, statically linked front that starts
// as fast as `/bin/true` (no Foundation, no dynamic Swift runtime; the C half
// of ExthostPosix only). For now it hands every command line to the full
// program, `exthost-system` beside it, with `exec`: same arguments,
// environment, descriptors and pid, so help, output and exit statuses are
// the full program's own. The service's fast path (`run FILE` through a
// running service without the full program's start) goes here next; see
// docs/plan-service.md, "Thin, fast client".
import CExthostPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The full command line's executable, installed beside this one.
let fullProgram = "exthost-system"

/// The text of a NUL-terminated C string.
func text(_ pointer: UnsafePointer<CChar>) -> String {
    String(decoding: UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

var tried = [CChar](repeating: 0, count: 4096)
let code = cexthostposix_exec_beside_self(fullProgram, CommandLine.unsafeArgv, &tried, tried.count)
let message = "error: exthost could not start \(tried.withUnsafeBufferPointer { text($0.baseAddress!) }): "
    + "\(text(cexthostposix_error_text(code))); install exthost-system beside exthost, from the same build (swift build puts both in one folder)\n"
var bytes = Array(message.utf8)
_ = bytes.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { cexthostposix_write_all(2, $0.baseAddress, $0.count) }
}
// 127: the status a shell gives a command it could not run.
exit(127)
