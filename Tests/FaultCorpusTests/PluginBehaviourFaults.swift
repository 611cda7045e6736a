import Testing

/// Plugins that load and then misbehave in a method, built from the one C
/// fixture (`FIXTURE_PING_MODE`), in `exthost run`'s own process and with
/// `--isolated`.
@Suite("Fault corpus: plugin behaviour")
struct PluginBehaviourFaults {
    static func mode(_ number: Int) -> [FaultCase.PluginFile] {
        [.fixture("ping-mode-\(number)", defines: ["FIXTURE_PING_MODE=\(number)"])]
    }

    /// The fixture also handling INHangUpCallIntent, answering `code`.
    static func hangUp(_ code: Int) -> [FaultCase.PluginFile] {
        [.fixture("hang-up-\(code)", defines: ["FIXTURE_HANG_UP_CODE=\(code)"])]
    }

    static let isolated = #""$EXTHOST" run --isolated --plugins "$PLUGINS" "$INTENT""#
    static let json = #""$EXTHOST" run --json --plugins "$PLUGINS" "$INTENT""#
    /// The fixture's app and com.example.other, both of one app group.
    static let sameGroup = #"""
        mkdir -p "$WORK/Apps" && for app in com.example.fixture com.example.other; do
            printf '{"identifier": "%s", "executable": "/bin/true", "appGroup": "group.corpus"}' "$app" > "$WORK/Apps/$app.json"
        done && "$EXTHOST" run --plugins "$PLUGINS" "$INTENT" 2>&1
        """#

    static let cases: [FaultCase] = [
        FaultCase(name: "in-process: a response code the intent does not have: 5001 with the codes it has", plugins: mode(17),
                  status: 4, message: "handle of Ping completed with response code 99, which Ping does not have. Its codes are 0 unspecified, 1 ready, 2 continueInApp"),
        FaultCase(name: "in-process: a system code the system intent does not have (hanging up in the app): 5001 with the codes it has",
                  plugins: hangUp(2), intent: #"{"intent": "INHangUpCallIntent"}"#, status: 4,
                  message: "handle of INHangUpCallIntent completed with response code 2 (continueInApp), which INHangUpCallIntent does not have. Its codes are 0 unspecified, 1 ready, 3 inProgress, 4 success, 5 failure, 6 failureRequiringAppLaunch, 100 failureNoCallToHangUp: complete with one of them."),
        FaultCase(name: "in-process: a custom code past the system intent's last: 5001", plugins: hangUp(101),
                  intent: #"{"intent": "INHangUpCallIntent"}"#, status: 4, message: "completed with response code 101, which INHangUpCallIntent does not have"),
        FaultCase(name: "in-process: the system intent's own custom code is answered as its name", plugins: hangUp(100),
                  intent: #"{"intent": "INHangUpCallIntent"}"#, script: json, status: 1, message: #""code" : "failureNoCallToHangUp""#),
        FaultCase(name: "in-process: a log line of 1 MiB is written whole", plugins: mode(18),
                  script: #""$EXTHOST" run --plugins "$PLUGINS" "$INTENT" 2>&1 | wc -c | { read n; test "$n" -gt 1048576 && echo "a long line"; }"#,
                  status: 0, message: "a long line"),
        FaultCase(name: "in-process: a log line that is not UTF-8 nor printable", plugins: mode(19),
                  status: 0, message: "response: success"),
        FaultCase(name: "in-process: donations given text that is not JSON: 1901 to the plugin", plugins: mode(20),
                  status: 1, message: "donations answered 1901"),
        FaultCase(name: "in-process: donations given a NULL request: 1901 to the plugin", plugins: mode(21),
                  status: 1, message: "donations answered 1901"),
        FaultCase(name: "in-process: a donation dated in the year 5828963: 1901 to the plugin", plugins: mode(22),
                  status: 1, message: "\"startDate\" must be a date from the year 1 to 9999"),
        FaultCase(name: "in-process: a forked child that prints: the JSON is whole", plugins: mode(24),
                  script: json, status: 0, message: #""code" : "success""#),
        FaultCase(name: "in-process: a forked child that prints after exthost ended: the JSON is whole, its early line logged", plugins: mode(29),
                  script: json, status: 0, message: "wrote on stdout: early line from a forked child"),
        FaultCase(name: "in-process: a donation for another app of the same app group: 1901, the group shares no donations", plugins: mode(11),
                  script: sameGroup, status: 1, message: "share the app group group.corpus, which shares a container, not donations"),
        FaultCase(name: "in-process: deleting another app's donations within the app group: 1902", plugins: mode(12),
                  script: sameGroup, status: 1,
                  message: "donations answered 1902: com.example.fixture.intents belongs to com.example.fixture and asked to change the donations of com.example.other; an extension donates and deletes for its own app only (com.example.fixture and com.example.other share the app group group.corpus"),
        FaultCase(name: "a plugin claiming an installed app whose manifest does not name it: refused at load, 5001 with the cause",
                  plugins: [.fixture("claims-other-app", defines: ["FIXTURE_PING_MODE=12", #"FIXTURE_APP="com.example.other""#])],
                  script: #"""
                      mkdir -p "$WORK/Apps" && printf '{"identifier": "com.example.other", "executable": "/bin/true", "extensions": ["com.example.other.intents"]}' \
                          > "$WORK/Apps/other.json" && "$EXTHOST" run --plugins "$PLUGINS" "$INTENT" 2>&1
                      """#, status: 4,
                  message: "extension com.example.fixture.intents claims app com.example.other, but the manifest"),
        FaultCase(name: "two plugins claiming an app with no manifest, neither in its namespace: neither loaded, 5001 naming the other claimant",
                  plugins: [.fixture("claims-other-app", defines: ["FIXTURE_PING_MODE=12", #"FIXTURE_APP="com.example.other""#]),
                            .fixture("claims-other-app-too", defines: ["FIXTURE_PING_MODE=12", #"FIXTURE_APP="com.example.other""#,
                                                                        #"FIXTURE_IDENTIFIER="com.example.forger.intents""#])],
                  script: #""$EXTHOST" run --plugins "$PLUGINS" "$INTENT" 2>&1"#, status: 4,
                  message: "claims app com.example.other, as does com.example.f"),
        FaultCase(name: "bench-child: a plugin's line left in C's buffer: the sample is still the last line", plugins: mode(27),
                  script: #""$EXTHOST" bench-child plugin "$PLUGINS"/*.so --request "$INTENT" --warm 1 > "$WORK/out" && tail -n 1 "$WORK/out""#,
                  status: 0, message: #""outcome":"success""#),
        FaultCase(name: "in-process: a plugin that closes standard error: the request runs", plugins: mode(25),
                  status: 0, message: "response: success"),
        FaultCase(name: "in-process: a NULL log message", plugins: mode(26),
                  status: 0, message: "response: success"),
        FaultCase(name: "isolated: a plugin that aborts: 5001 with SIGABRT", plugins: mode(6),
                  script: isolated, status: 4, message: "signal 6"),
        FaultCase(name: "isolated: a plugin that calls exit(0): 5001", plugins: mode(7),
                  script: isolated, status: 4, message: "5001"),
        FaultCase(name: "isolated: a plugin that calls _exit(3): 5001 with the status", plugins: mode(16),
                  script: isolated, status: 4, message: "status 3"),
        FaultCase(name: "isolated: a stack overflow: 5001 with the signal", plugins: mode(14),
                  script: isolated, status: 4, message: "signal 11"),
        FaultCase(name: "isolated: a crash on a thread the plugin made: 5001", plugins: mode(23),
                  script: isolated, status: 4, message: "signal 11"),
        FaultCase(name: "isolated: a plugin that allocates without bound: the memory limit", plugins: mode(8),
                  script: #""$EXTHOST" run --isolated --memory-limit 256 --plugins "$PLUGINS" "$INTENT""#, status: 4, message: "memory"),
        FaultCase(name: "isolated: a response code the intent does not have", plugins: mode(17),
                  script: isolated, status: 4, message: "handle of Ping completed with response code 99, which Ping does not have"),
        FaultCase(name: "isolated: a system code the system intent does not have", plugins: hangUp(2), intent: #"{"intent": "INHangUpCallIntent"}"#,
                  script: isolated, status: 4, message: "response code 2 (continueInApp), which INHangUpCallIntent does not have. Its codes are 0 unspecified, 1 ready, 3 inProgress"),
        FaultCase(name: "isolated: a forked child that prints: the JSON is whole", plugins: mode(24),
                  script: #""$EXTHOST" run --isolated --json --plugins "$PLUGINS" "$INTENT""#, status: 0, message: #""code" : "success""#),
        FaultCase(name: "isolated: a completion called twice: the first wins", plugins: mode(2),
                  script: isolated, status: 0, message: "response: success"),
        FaultCase(name: "isolated: init fails: 5001 with its status", plugins: [.fixture("init-fails", defines: ["FIXTURE_INIT_FAILS"])],
                  script: isolated, status: 4, message: "init returned 7"),
        FaultCase(name: "--deadline 0.2 on a method that never returns: 3001", plugins: mode(4),
                  script: #""$EXTHOST" run --deadline 0.2 --plugins "$PLUGINS" "$INTENT""#, status: 4, message: "3001"),
    ]

    @Test("each plugin behaviour fault: its status and message", arguments: cases)
    func fault(_ fault: FaultCase) throws {
        try fault.check()
    }
}
