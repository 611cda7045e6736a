import Testing

/// `exthost` started with odd options, variables, folders and streams.
@Suite("Fault corpus: environments")
struct EnvironmentFaults {
    static let run = #""$EXTHOST" run --plugins "$PLUGINS" "$INTENT""#

    static let cases: [FaultCase] = [
        FaultCase(name: "standard output is /dev/full: exit 1 and why",
                  script: run + " > /dev/full", status: 1, message: "No space left on device"),
        FaultCase(name: "standard error is /dev/full: the request runs",
                  script: run + " 2> /dev/full", status: 0, message: "response: success"),
        FaultCase(name: "--deadline -1: a command-line error",
                  script: run + " --deadline=-1", status: 64, message: "--deadline takes seconds"),
        FaultCase(name: "--deadline abc: a command-line error",
                  script: run + " --deadline abc", status: 64, message: "--deadline"),
        FaultCase(name: "--deadline of a microsecond: 5000 or 3001, not a hang",
                  script: run + " --deadline 0.000001", status: 4, message: "error"),
        FaultCase(name: "an unknown option: 64 and the usage",
                  script: run + " --no-such-option", status: 64, message: "Unknown option '--no-such-option'"),
        FaultCase(name: "--plugins names a file: no extension",
                  script: #""$EXTHOST" run --plugins "$INTENT" "$INTENT""#, status: 4, message: "2004"),
        FaultCase(name: "--plugins names nothing: no extension",
                  script: #""$EXTHOST" run --plugins "$WORK/none" "$INTENT""#, status: 4, message: "2004"),
        FaultCase(name: "EXTHOST_CACHE_DIR is a file: the request still runs",
                  script: #"touch "$WORK/cachefile" && EXTHOST_CACHE_DIR="$WORK/cachefile" "# + run, status: 0, message: "response: success"),
        FaultCase(name: "EXTHOST_LOG_LEVEL of no level: the request runs",
                  script: "EXTHOST_LOG_LEVEL=loudest " + run, status: 0, message: "response: success"),
        FaultCase(name: "a working folder that was removed: the request runs",
                  script: #"mkdir "$WORK/gone" && cd "$WORK/gone" && rmdir "$WORK/gone" && "# + run, status: 0, message: "response: success"),
        FaultCase(name: "HOME and XDG unset, EXTHOST_DATA_DIR set: the request runs",
                  script: "env -u HOME -u XDG_DATA_HOME -u XDG_CACHE_HOME " + run, status: 0, message: "response: success"),
        FaultCase(name: "LANG and LC_ALL of no locale: the request runs",
                  script: "LANG=xx_XX.bogus LC_ALL=xx_XX.bogus " + run, status: 0, message: "response: success"),
        FaultCase(name: "ulimit -n 32, the least it needs: the request runs",
                  script: "ulimit -n 32 && " + run, status: 0, message: "response: success"),
        FaultCase(name: "standard input closed, intent from a file: the request runs",
                  script: run + " <&-", status: 0, message: "response: success"),
        FaultCase(name: "every standard stream closed: exit 1, nothing to say it on",
                  script: run + " <&- >&- 2>&-", status: 1, message: ""),
        FaultCase(name: "standard output closed for serve, which writes no results there: it serves, then ends when idle",
                  script: #""$EXTHOST" serve --socket "$WORK/s.sock" --plugins "$PLUGINS" --idle-exit 0.5 >&-"#, status: 0,
                  message: "exthost serve listening"),
        FaultCase(name: "--isolated --memory-limit 1: too little to start, said clearly",
                  script: #""$EXTHOST" run --isolated --memory-limit 1 --plugins "$PLUGINS" "$INTENT""#, status: 4, message: "5001"),
    ]

    @Test("each environment fault: its status and message", arguments: cases)
    func fault(_ fault: FaultCase) throws {
        try fault.check()
    }
}
