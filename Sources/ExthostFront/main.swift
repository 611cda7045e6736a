// `exthost` as users run it: a small, statically linked front that starts
// as fast as `/bin/true` (no Foundation, no dynamic Swift runtime; the C half
// of ExthostPosix only).
//
// `exthost run FILE` through a running service takes the fast path
// (``FastPath``): the front finds the service's socket in the index the full
// program records beside it, sends the command line, and copies back what
// the service's run of it wrote and its exit status. Everything else, and
// any run the fast path declines before a conversation started, is handed
// to the full program, `exthost-system` beside this one, with `exec`: same
// arguments, environment, descriptors and pid, so help, output and exit
// statuses are the full program's own. See docs/plan-service.md, "Thin,
// fast client".
import CExthostPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The full command line's executable, installed beside this one.
let fullProgram = "exthost-system"

if let status = FastPath.run(CommandLine.arguments) {
    exit(status)
}

var tried = [CChar](repeating: 0, count: 4096)
let code = cexthostposix_exec_beside_self(fullProgram, CommandLine.unsafeArgv, &tried, tried.count)
let message = "error: exthost could not start \(tried.withUnsafeBufferPointer { FrontText.of($0.baseAddress!) ?? "exthost-system" }): "
    + "\(FrontText.of(cexthostposix_error_text(code)) ?? "error \(code)"); install exthost-system beside exthost, from the same build (swift build puts both in one folder)\n"
FrontText.write(message, to: 2)
// 127: the status a shell gives a command it could not run.
exit(127)
