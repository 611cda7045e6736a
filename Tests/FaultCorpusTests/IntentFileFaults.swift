import Testing

/// Intent files and answers a user (or a script) got wrong: each is bad
/// input (exit 2) that names what is wrong, or is read as it should be.
@Suite("Fault corpus: intent files")
struct IntentFileFaults {
    static func intent(_ name: String, _ text: String, status: Int32 = 2, _ message: String) -> FaultCase {
        FaultCase(name: name, intent: text, status: status, message: message)
    }

    static let cases: [FaultCase] = [
        intent("an empty file", "", "not valid JSON"),
        intent("only white space", " \n\t\n", "not valid JSON"),
        intent("a list, not an object", #"[{"intent": "Ping"}]"#, "intent"),
        intent("a string, not an object", #""Ping""#, "intent"),
        intent("no intent key", #"{"parameters": {}}"#, "intent"),
        intent("an intent name that is a number", #"{"intent": 42}"#, "intent"),
        intent("an empty intent name", #"{"intent": ""}"#, "intent"),
        intent("parameters as a list", #"{"intent": "LogWorkout", "parameters": ["run"]}"#, "parameters"),
        intent("answers as text", #"{"intent": "Ping", "answers": "yes"}"#, "answers"),
        intent("a NUL byte between the tokens", "{\"intent\": \"Ping\"}\u{0}", "not valid JSON"),
        FaultCase(name: "bytes that are not UTF-8",
                  script: #"printf '{"intent": "Ping", "identifier": "\377\376"}' > "$WORK/bad.json" && "$EXTHOST" run --plugins "$PLUGINS" "$WORK/bad.json""#,
                  status: 2, message: "not valid JSON"),
        intent("a NUL inside a parameter value", #"{"intent": "LogWorkout", "parameters": {"tags": ["legs\u0000arms"]}}"#,
               "parameter 'tags' of LogWorkout cannot hold a NUL character (\\u0000)"),
        intent("a NUL inside an answer", #"{"intent": "LogWorkout", "parameters": {"activity": "swim", "minutes": 30}, "answers": {"route": "Park\u0000Loop"}}"#,
               "the answer for \"route\" cannot hold a NUL character (\\u0000)"),
        intent("a NUL inside an object's display string",
               #"{"intent": "LogWorkout", "parameters": {"route": {"identifier": "r", "displayString": "River\u0000Loop"}}}"#,
               "parameter 'route' of LogWorkout cannot hold a NUL character"),
        intent("a NUL inside the intent name", #"{"intent": "Ping\u0000LogWorkout"}"#, "\"intent\" cannot hold a NUL character"),
        intent("a NUL inside the identifier", #"{"intent": "Ping", "identifier": "r\u0000"}"#, "\"identifier\" cannot hold a NUL character"),
        intent("a date in the year 5828963", #"{"intent": "Ping", "parameters": {"when": "5828963-01-01"}}"#,
               "parameter 'when' of Ping is a DateComponents: \"5828963-01-01\" is not a date (YYYY-MM-DD, year 1 to 9999)"),
        intent("the 30th of February", #"{"intent": "Ping", "parameters": {"when": "2026-02-30"}}"#, "\"2026-02-30\" is not a date"),
        intent("25 o'clock", #"{"intent": "Ping", "parameters": {"when": "T25:00"}}"#, "\"T25:00\" is not a date"),
        intent("a number for a date", #"{"intent": "Ping", "parameters": {"when": 1763712000}}"#, "\"1763712000\" is not a date"),
        intent("a date and time as the forms allow: read", #"{"intent": "Ping", "parameters": {"when": "2024-02-29T23:59:60"}}"#,
               status: 0, "response: success"),
        intent("a year alone: read", #"{"intent": "Ping", "parameters": {"when": "1990"}}"#, status: 0, "response: success"),
        intent("the 13th month", #"{"intent": "Ping", "parameters": {"when": "2026-13"}}"#, "\"2026-13\" is not a date"),
        intent("a time after a month", #"{"intent": "Ping", "parameters": {"when": "2026-11T09:30"}}"#, "\"2026-11T09:30\" is not a date"),
        intent("true for a whole number", #"{"intent": "LogWorkout", "parameters": {"minutes": true}}"#, "is an Integer"),
        intent("a whole number beyond 64 bits", #"{"intent": "LogWorkout", "parameters": {"minutes": 1e300}}"#, "is not a whole number"),
        intent("a list for a single value", #"{"intent": "LogWorkout", "parameters": {"minutes": [1, 2]}}"#, "takes one value, not a list"),
        intent("a case the enum does not have", #"{"intent": "LogWorkout", "parameters": {"activity": "fly"}}"#, "is none of its cases"),
        intent("an object without a display string", #"{"intent": "LogWorkout", "parameters": {"route": {"identifier": "r"}}}"#,
               "it needs a \"displayString\""),
        intent("a Boolean that is neither", #"{"intent": "LogWorkout", "parameters": {"shared": "maybe"}}"#, "is a Boolean"),
        intent("null for a value: as if not given", #"{"intent": "LogWorkout", "parameters": {"minutes": null}}"#, status: 3, "Which workout did you do?"),
        intent("nesting 100 000 deep", String(repeating: "[", count: 100_000), "not valid JSON"),
        FaultCase(name: "a file of 40 MB", plugins: [.fixture("good")],
                  script: #"{ printf '{"intent": "Ping", "app": "'; head -c 40000000 /dev/zero | tr '\0' a; printf '"}'; } > "$WORK/big.json" && "$EXTHOST" run --plugins "$PLUGINS" "$WORK/big.json""#,
                  status: 4, message: "2004"),
        FaultCase(name: "a folder as the intent file",
                  script: #""$EXTHOST" run --plugins "$PLUGINS" "$WORK""#, status: 2, message: "cannot read the file: Is a directory"),
        FaultCase(name: "/dev/null as the intent file",
                  script: #""$EXTHOST" run --plugins "$PLUGINS" /dev/null"#, status: 2, message: "not valid JSON"),
        FaultCase(name: "a symbolic link to nothing as the intent file",
                  script: #"ln -s "$WORK/gone.json" "$WORK/link.json" && "$EXTHOST" run --plugins "$PLUGINS" "$WORK/link.json""#,
                  status: 2, message: "link.json"),
        FaultCase(name: "run - fed nothing", script: #""$EXTHOST" run --plugins "$PLUGINS" - < /dev/null"#,
                  status: 2, message: "not valid JSON"),
        FaultCase(name: "an answer of 100 kB on the command line",
                  script: #""$EXTHOST" run --plugins "$PLUGINS" "$INTENT" --answer "confirm=$(head -c 100000 /dev/zero | tr '\0' y)""#,
                  status: 0, message: "response: success"),
    ]

    @Test("each intent file fault: its status and message", arguments: cases)
    func fault(_ fault: FaultCase) throws {
        try fault.check()
    }
}
