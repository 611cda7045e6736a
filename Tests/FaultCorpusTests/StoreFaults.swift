import Testing

/// The donation store damaged, out of reach, or asked for what it must not
/// keep: error 1912 for a store that cannot be opened (exit 4), 1901 for a
/// refused donation, bad input (2) for a file that is not a request.
@Suite("Fault corpus: stores")
struct StoreFaults {
    /// Writes `$WORK/d.json` and donates it.
    static func donate(_ request: String) -> String {
        "printf '%s' '\(request)' > \"$WORK/d.json\" && \"$EXTHOST\" donations add \"$WORK/d.json\""
    }

    static let list = #""$EXTHOST" donations list"#
    static let store = #"mkdir -p "$WORK/data" && "#

    static let cases: [FaultCase] = [
        FaultCase(name: "a store file of random bytes: 1912", plugins: [],
                  script: store + #"head -c 8192 /dev/urandom > "$WORK/data/donations.sqlite" && "# + list, status: 4, message: "1912"),
        FaultCase(name: "a store file that is text: 1912", plugins: [],
                  script: store + #"echo 'not a database' > "$WORK/data/donations.sqlite" && "# + list, status: 4, message: "1912"),
        FaultCase(name: "a store cut after its SQLite header: 1912", plugins: [],
                  script: store + #""$EXTHOST" donations list > /dev/null && head -c 200 "$WORK/data/donations.sqlite" > "$WORK/cut" && mv "$WORK/cut" "$WORK/data/donations.sqlite" && "# + list,
                  status: 4, message: "1912"),
        FaultCase(name: "a store whose pages are overwritten: 1912", plugins: [],
                  script: store + #""$EXTHOST" donations list > /dev/null && dd if=/dev/urandom of="$WORK/data/donations.sqlite" bs=1 seek=100 count=3000 conv=notrunc 2>/dev/null && "# + list,
                  status: 4, message: "1912"),
        FaultCase(name: "a folder where the store file goes: 1912", plugins: [],
                  script: store + #"mkdir "$WORK/data/donations.sqlite" && "# + list, status: 4, message: "1912"),
        FaultCase(name: "EXTHOST_DATA_DIR is a file: 1912", plugins: [],
                  script: #"touch "$WORK/file" && EXTHOST_DATA_DIR="$WORK/file" "$EXTHOST" donations list"#, status: 4, message: "1912"),
        FaultCase(name: "a store under /proc: 1912", plugins: [],
                  script: #"EXTHOST_DATA_DIR=/proc/self/nonexistent "$EXTHOST" donations list"#, status: 4, message: "1912"),
        FaultCase(name: "a damaged store does not stop run: the request is answered (0), its record left pending, and the next reader reports the store: 1912", plugins: [.fixture("good")],
                  script: store + #"echo 'not a database' > "$WORK/data/donations.sqlite" && "$EXTHOST" run --plugins "$PLUGINS" "$INTENT" && ls "$WORK/data/donations.sqlite.pending" | grep -q '\.json$' && "# + list,
                  status: 4, message: "1912"),
        FaultCase(name: "a damaged store and records due: run answers with a warning that its record waits", plugins: [.fixture("good")],
                  script: store + #"echo 'not a database' > "$WORK/data/donations.sqlite" && mkdir "$WORK/data/donations.sqlite.pending" && for i in $(seq 15); do echo '{}' > "$WORK/data/donations.sqlite.pending/$i.json"; done && "$EXTHOST" run --plugins "$PLUGINS" "$INTENT""#,
                  status: 0, message: "warning: the interaction was not recorded yet: error 1912"),
        FaultCase(name: "a donation dated in the year 5828963: 1901", plugins: [],
                  script: donate(#"{"app": "com.example.fixture", "intent": "Ping", "startDate": "5828963-01-01T00:00:00Z"}"#),
                  status: 4, message: "\"startDate\" must be a date from the year 1 to 9999"),
        FaultCase(name: "a donation dated 1.8e14 seconds after 1970: 1901", plugins: [],
                  script: donate(#"{"app": "com.example.fixture", "intent": "Ping", "startDate": 183882000000000}"#),
                  status: 4, message: "\"startDate\" must be a date from the year 1 to 9999"),
        FaultCase(name: "an end date that is not a date: 1901", plugins: [],
                  script: donate(#"{"app": "com.example.fixture", "intent": "Ping", "endDate": "tomorrow"}"#),
                  status: 4, message: "\"endDate\" must be a date"),
        FaultCase(name: "suggest --at in the year 5828963: a command-line error", plugins: [],
                  script: #""$EXTHOST" suggest --at 5828963-01-01T00:00:00Z"#,
                  status: 2, message: "--at takes an ISO 8601 date and time from the year 1 to 9999"),
        FaultCase(name: "a donation without an intent: 1901", plugins: [],
                  script: donate(#"{"app": "com.example.fixture"}"#), status: 4, message: "1901"),
        FaultCase(name: "a donation file that is a list: bad input", plugins: [],
                  script: donate(#"[1, 2]"#), status: 2, message: "not a JSON object"),
        FaultCase(name: "deleting a voice shortcut nobody has: 1911", plugins: [],
                  script: #""$EXTHOST" shortcuts delete no-such-shortcut"#, status: 1, message: "(IntentsErrorDomain 1911)"),
    ]

    @Test("each store fault: its status and message", arguments: cases)
    func fault(_ fault: FaultCase) throws {
        try fault.check()
    }
}
