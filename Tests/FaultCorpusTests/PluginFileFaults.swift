import Testing

/// Files in the plugin folder that are not the plugins they claim to be.
/// `exthost probe` names the cause and ends with 4; `run` and `list` go on
/// with the other plugins.
@Suite("Fault corpus: plugin files")
struct PluginFileFaults {
    static let probe = #""$EXTHOST" probe "$PLUGINS"/*"#

    static let cases: [FaultCase] = [
        FaultCase(name: "text in a .so file", plugins: [.bytes("x.so", Array("hello, world\n".utf8))],
                  script: probe, status: 4, message: "not an ELF shared object (no ELF header)"),
        FaultCase(name: "an empty .so file", plugins: [.bytes("x.so", [])],
                  script: probe, status: 4, message: "is empty"),
        FaultCase(name: "a folder named x.so", plugins: [.directory("x.so")],
                  script: probe, status: 4, message: "x.so"),
        FaultCase(name: "the ELF magic and nothing more", plugins: [.bytes("x.so", [0x7F, 0x45, 0x4C, 0x46])],
                  script: probe, status: 4, message: "x.so"),
        FaultCase(name: "an ELF header cut after 64 bytes", plugins: [.truncated("x.so", count: 64)],
                  script: probe, status: 4, message: "the file is cut short: it has 64 bytes"),
        FaultCase(name: "an ELF file cut in half: refused before dlopen maps past its end", plugins: [.truncated("x.so", count: 8_000)],
                  script: probe, status: 4, message: "the file is cut short: it has 8000 bytes and its program headers load"),
        FaultCase(name: "a 32-bit ELF class", plugins: [.patched("x.so", [4: 1])],
                  script: probe, status: 4, message: "x.so"),
        FaultCase(name: "a big-endian ELF", plugins: [.patched("x.so", [5: 2])],
                  script: probe, status: 4, message: "x.so"),
        FaultCase(name: "an ELF for another machine", plugins: [.patched("x.so", [18: 0xB7, 19: 0])],
                  script: probe, status: 4, message: "x.so"),
        FaultCase(name: "a section table offset past any file: the plugin loads, its libraries unread, no trap",
                  plugins: [.patched("x.so", Dictionary(uniqueKeysWithValues: (0x28...0x2F).map { ($0, UInt8(0xFF)) }))],
                  script: #""$EXTHOST" list --plugins "$PLUGINS""#, status: 0, message: "intents:  LogWorkout, Ping"),
        FaultCase(name: "the ELF magic then random bytes", plugins: [.bytes("x.so", [0x7F, 0x45, 0x4C, 0x46] + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })],
                  script: probe, status: 4, message: "x.so"),
        FaultCase(name: "an executable, not a shared library", plugins: [],
                  script: #"cp /bin/true "$PLUGINS/x.so" && "$EXTHOST" probe "$PLUGINS/x.so""#, status: 4, message: "x.so"),
        FaultCase(name: "a relocatable object (cc -c), not linked", plugins: [],
                  script: #"printf 'int f(void){return 1;}\n' > "$WORK/f.c" && cc -c -o "$PLUGINS/x.so" "$WORK/f.c" && "$EXTHOST" probe "$PLUGINS/x.so""#,
                  status: 4, message: "x.so"),
        FaultCase(name: "a shared library that is not a plugin (no entry function)", plugins: [],
                  script: #"printf 'int f(void){return 1;}\n' > "$WORK/f.c" && cc -shared -fPIC -o "$PLUGINS/x.so" "$WORK/f.c" && "$EXTHOST" probe "$PLUGINS/x.so""#,
                  status: 4, message: "missing the entry function \"exthost_extension_entry\""),
        FaultCase(name: "a wrong ABI version", plugins: [.fixture("corpus-abi", defines: ["FIXTURE_ABI_VERSION=999"])],
                  script: probe, status: 4, message: "999"),
        FaultCase(name: "a wrong magic number", plugins: [.fixture("corpus-magic", defines: ["FIXTURE_MAGIC=0x12345678"])],
                  script: probe, status: 4, message: "magic"),
        FaultCase(name: "a wrong toolchain stamp", plugins: [.fixture("corpus-toolchain", defines: [#"FIXTURE_TOOLCHAIN="swift-0.0-corpus""#])],
                  script: probe, status: 4, message: "swift-0.0-corpus"),
        FaultCase(name: "a symbolic link to nothing", plugins: [],
                  script: #"ln -s "$WORK/gone.so" "$PLUGINS/x.so" && "$EXTHOST" probe "$PLUGINS/x.so""#, status: 4, message: "x.so"),
        FaultCase(name: "a symbolic link loop", plugins: [],
                  script: #"ln -s "$PLUGINS/y.so" "$PLUGINS/x.so" && ln -s "$PLUGINS/x.so" "$PLUGINS/y.so" && "$EXTHOST" probe "$PLUGINS/x.so""#,
                  status: 4, message: "x.so"),
        FaultCase(name: "a FIFO named x.so does not hang run", plugins: [],
                  script: #"mkfifo "$PLUGINS/x.so" && timeout 30 "$EXTHOST" run --plugins "$PLUGINS" "$INTENT""#,
                  status: 4, message: "2004"),
        FaultCase(name: "a link to /dev/zero named x.so does not hang run", plugins: [],
                  script: #"ln -s /dev/zero "$PLUGINS/x.so" && timeout 30 "$EXTHOST" run --plugins "$PLUGINS" "$INTENT""#,
                  status: 4, message: "2004"),
        FaultCase(name: "a file name with a newline", plugins: [.bytes("bad\nname.so", Array("text".utf8))],
                  script: #""$EXTHOST" list --plugins "$PLUGINS""#, status: 0, message: "not an ELF shared object"),
        FaultCase(name: "run with only broken plugins: 2004 naming them",
                  plugins: [.bytes("x.so", Array("text".utf8)), .fixture("corpus-abi", defines: ["FIXTURE_ABI_VERSION=999"])],
                  status: 4, message: "2004"),
        FaultCase(name: "a broken plugin beside a good one: the good one answers",
                  plugins: [.bytes("a.so", Array("text".utf8)), .truncated("b.so", count: 100), .fixture("good")],
                  status: 0, message: "success"),
        FaultCase(name: "init fails, the request naming its extension: 5001 with the cause",
                  plugins: [.fixture("init-fails", defines: ["FIXTURE_INIT_FAILS"])],
                  intent: #"{"intent": "Ping", "extension": "com.example.fixture.intents"}"#,
                  status: 4, message: "failed to load: the extension failed to start: init returned 7"),
        FaultCase(name: "init fails, the request naming its app: 5001 with the cause",
                  plugins: [.fixture("init-fails", defines: ["FIXTURE_INIT_FAILS"])],
                  intent: #"{"intent": "Ping", "app": "com.example.fixture"}"#,
                  status: 4, message: "failed to load: the extension failed to start: init returned 7"),
        FaultCase(name: "init fails, the request naming another app: 2004 for that app",
                  plugins: [.fixture("init-fails", defines: ["FIXTURE_INIT_FAILS"])],
                  intent: #"{"intent": "Ping", "app": "com.example.other"}"#,
                  status: 4, message: "no extension handles Ping for app com.example.other. No extension is installed"),
        FaultCase(name: "handler(for:) gives no handler: 2003", plugins: [.fixture("nil-handler", defines: ["FIXTURE_NIL_HANDLER"])],
                  status: 4, message: "2003"),
    ]

    @Test("each plugin file fault: its status and message", arguments: cases)
    func fault(_ fault: FaultCase) throws {
        try fault.check()
    }
}
