import IntentSystem
import IntentCodegen
import IntentConversation
import ExtensionLoading
import ExthostPosix
import Foundation
import IntentDefinition
import RequestWire

/// Generates and builds synthetic plugins that link `K` extra shared
/// libraries and run `M` static initializers, so the benchmark can show how
/// load time grows with each (WWDC20: "every framework you link and every
/// static initializer you run adds to launch time").
///
/// Every synthetic plugin is a valid exthost plugin written in C against
/// `exthost.h`: a descriptor, an embedded definition with one six-parameter
/// intent (`RecordSample`), a handler whose resolve methods accept what they
/// are given. The extra libraries are real `.so` files linked with
/// `-Wl,--no-as-needed` (so each is a `DT_NEEDED` entry even when unused)
/// and referenced from `init` (so each costs a symbol binding under
/// `RTLD_NOW`). Each initializer is an `__attribute__((constructor))`
/// function that hashes 256 bytes and counts itself in the exported
/// `exthost_bench_constructors_run`.
///
/// Sources and objects go into one folder; a file whose source is unchanged
/// is not rebuilt.
public struct SyntheticPluginGenerator: Sendable {
    /// A build that failed: the compiler's command and output.
    public struct BuildError: Error, CustomStringConvertible {
        public var description: String
    }

    /// One built synthetic plugin.
    public struct Plugin: Sendable {
        public var path: URL
        public var libraries: Int
        public var initializers: Int
    }

    /// The intent every synthetic plugin handles.
    public static let intentName = "RecordSample"
    /// The exported counter of initializers run.
    public static let constructorCounterSymbol = "exthost_bench_constructors_run"
    /// The name of extra library `index` as `DT_NEEDED` shows it.
    public static func libraryName(_ index: Int) -> String { "libexthost_bench_dep\(index).so" }

    /// Where everything is written.
    public var directory: URL
    /// The folder that holds `exthost.h`.
    public var headerDirectory: URL
    /// The C compiler.
    public var compiler: String

    public init(directory: URL, headerDirectory: URL, compiler: String = "cc") {
        self.directory = directory
        self.headerDirectory = headerDirectory
        self.compiler = compiler
    }

    private var libraryDirectory: URL { directory.appendingPathComponent("deps") }

    // MARK: - The definition and the request

    /// The definition each synthetic plugin embeds: one intent with six
    /// parameters of four value kinds, confirm and handle.
    public static let definition = IntentDefinition(
        modelVersion: "1.2",
        intents: [
            Intent(
                name: intentName,
                title: "Record Sample",
                description: "A synthetic six-parameter intent for exthost bench",
                parameters: [
                    Parameter(name: "title", displayName: "Title", displayPriority: 1, type: .string),
                    Parameter(name: "minutes", displayName: "Minutes", displayPriority: 2, type: .integer,
                              metadata: ParameterMetadata(minimum: 0, maximum: 1440)),
                    Parameter(name: "amount", displayName: "Amount", displayPriority: 3, type: .integer,
                              metadata: ParameterMetadata(minimum: 0, maximum: 9999)),
                    Parameter(name: "ratio", displayName: "Ratio", displayPriority: 4, type: .decimal),
                    Parameter(name: "memo", displayName: "Memo", displayPriority: 5, type: .string),
                    Parameter(name: "shared", displayName: "Shared", displayPriority: 6, type: .boolean),
                ],
                response: Response(codes: [
                    ResponseCode(name: "success", formatString: "Recorded.", success: true),
                    ResponseCode(name: "failure", formatString: "Not recorded."),
                ])
            ),
        ]
    )

    /// A request that resolves all six parameters with success, then
    /// confirms and handles: the whole conversation, no question asked. As
    /// an intent file (what `exthost run` reads).
    public static let requestJSON = """
        {"intent": "\(intentName)", "parameters": {"title": "Chapter 3", "minutes": 30, "amount": 12, \
        "ratio": 0.5, "memo": "read twice", "shared": true}}

        """

    /// The same request, parsed.
    public static var request: IntentRequest {
        // The text above is a valid intent file: parsing it cannot fail.
        try! IntentRequest.parse(Data(requestJSON.utf8), source: "the synthetic plugins' request")
    }

    // MARK: - Building

    /// Builds (or reuses) the plugin linking `libraries` extra libraries and
    /// running `initializers` static initializers.
    ///
    /// - Throws: `BuildError` with the compiler's output.
    public func plugin(libraries: Int, initializers: Int) throws -> Plugin {
        precondition(libraries >= 0 && initializers >= 0)
        try FileManager.default.createDirectory(at: libraryDirectory, withIntermediateDirectories: true)
        var linkFlags: [String] = []
        if libraries > 0 {
            for index in 0..<libraries { try buildLibrary(index) }
            linkFlags = ["-L", libraryDirectory.path, "-Wl,--no-as-needed"]
                + (0..<libraries).map { "-lexthost_bench_dep\($0)" }
                + ["-Wl,--as-needed", "-Wl,-rpath,$ORIGIN/deps"]
        }
        let name = "synthetic-l\(libraries)-i\(initializers)"
        let output = directory.appendingPathComponent(name + ".so")
        try build(source: pluginSource(libraries: libraries, initializers: initializers),
                  named: name + ".c", output: output, extraFlags: linkFlags)
        return Plugin(path: output, libraries: libraries, initializers: initializers)
    }

    /// A misbehaviour a synthetic plugin can have, for the service's load
    /// with faults.
    public enum Fault: Sendable {
        /// `handle` dereferences NULL.
        case crashes
        /// `handle` never returns.
        case hangs

        var name: String {
            switch self {
            case .crashes: "crashes"
            case .hangs: "hangs"
            }
        }
    }

    /// The identifier of the plugin with `fault` (no extra libraries or
    /// initializers), which a request names to reach it.
    public static func identifier(of fault: Fault) -> String { "com.example.bench.\(fault.name)" }

    /// The identifier of the plugin without a fault that links `libraries`
    /// extra libraries and runs `initializers` static initializers.
    public static func identifier(libraries: Int, initializers: Int) -> String {
        "com.example.bench.synthetic-l\(libraries)-i\(initializers)"
    }

    /// Builds (or reuses) a plugin (no extra libraries or initializers)
    /// that misbehaves in `handle` as `fault` says.
    public func plugin(with fault: Fault) throws -> Plugin {
        let name = "synthetic-\(fault.name)"
        let output = directory.appendingPathComponent(name + ".so")
        try build(source: pluginSource(libraries: 0, initializers: 0, fault: fault), named: name + ".c", output: output, extraFlags: [])
        return Plugin(path: output, libraries: 0, initializers: 0)
    }

    /// Builds (or reuses) an empty C library: the floor a plugin's `dlopen`
    /// is compared with.
    public func emptyLibrary() throws -> URL {
        let output = directory.appendingPathComponent("libexthost_bench_empty.so")
        try build(source: "/* Generated by exthost bench. DO NOT EDIT. An empty library: the dlopen floor. */\n",
                  named: "libexthost_bench_empty.c", output: output, extraFlags: [])
        return output
    }

    /// Builds (or reuses) the library `exthost bench --instructions`
    /// preloads under valgrind: a `sigsuspend` that hands the kernel a copy
    /// of the mask. Under an `async` main, libdispatch parks the main
    /// thread in `sigsuspend` with a mask in read-only memory, and valgrind
    /// (3.19 at least) writes into the mask it is given, so the tools that
    /// count instructions crash before exthost runs; the copy is on the
    /// stack, writable, and means the same to the kernel.
    public func sigsuspendShim() throws -> URL {
        let output = directory.appendingPathComponent("libexthost_bench_sigsuspend.so")
        let source = """
            /* Generated by exthost bench. DO NOT EDIT. Preloaded under valgrind: sigsuspend with a writable mask. */
            #define _GNU_SOURCE
            #include <signal.h>
            #include <sys/syscall.h>
            #include <unistd.h>

            int sigsuspend(const sigset_t *mask) {
                sigset_t copy = *mask;
                return (int)syscall(SYS_rt_sigsuspend, &copy, (long)(_NSIG / 8));
            }

            """
        try build(source: source, named: "libexthost_bench_sigsuspend.c", output: output, extraFlags: [])
        return output
    }

    /// Writes the request file beside the plugins and returns its path.
    public func writeRequest() throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(Self.intentName).request.json")
        try Self.requestJSON.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private func buildLibrary(_ index: Int) throws {
        let source = """
            /* Generated by exthost bench. DO NOT EDIT. Extra library \(index) of the synthetic plugins. */
            int exthost_bench_dep\(index)_table[64] = {\((0..<64).map { String($0 * 31 + index) }.joined(separator: ", "))};

            int exthost_bench_dep\(index)_value(void) {
                int sum = 0;
                for (int i = 0; i < 64; i++) sum += exthost_bench_dep\(index)_table[i];
                return sum;
            }

            """
        try build(source: source, named: "exthost_bench_dep\(index).c",
                  output: libraryDirectory.appendingPathComponent(Self.libraryName(index)), extraFlags: [],
                  in: libraryDirectory)
    }

    /// Builds (or reuses) the floor of a whole Swift process: a program
    /// that loads Foundation, touches it once and prints a line — what any
    /// Swift command on Linux pays before doing its own work (the runtime,
    /// Foundation and ICU loaded and relocated). Built with `swiftc -O`
    /// from `PATH`, as the toolchain that built exthost.
    public func foundationProgram() throws -> URL {
        let output = directory.appendingPathComponent("exthost-bench-foundation-only")
        let source = """
            // Generated by exthost bench. DO NOT EDIT. The floor of a whole Swift process: Foundation loaded, one line printed.
            import Foundation

            print(ProcessInfo.processInfo.processIdentifier > 0 ? "ok" : "no pid")

            """
        try build(source: source, named: "exthost-bench-foundation-only.swift", output: output, command: ["swiftc", "-O"])
        return output
    }

    private func build(source: String, named fileName: String, output: URL, extraFlags: [String], in folder: URL? = nil) throws {
        try build(source: source, named: fileName, output: output,
                  command: [compiler, "-std=c11", "-O2", "-Wall", "-Werror", "-shared", "-fPIC", "-I", headerDirectory.path],
                  extraFlags: extraFlags, in: folder)
    }

    /// Compiles `source` into `output` with `command` (the compiler and its
    /// flags) unless `output` was built from the same source already.
    private func build(source: String, named fileName: String, output: URL, command: [String], extraFlags: [String] = [],
                       in folder: URL? = nil) throws {
        let folder = folder ?? directory
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sourceURL = folder.appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: output.path),
           let existing = try? String(contentsOf: sourceURL, encoding: .utf8), existing == source {
            return
        }
        try source.write(to: sourceURL, atomically: true, encoding: .utf8)
        let arguments = command + ["-o", output.path, sourceURL.path] + extraFlags
        let outcome = try ChildProcess.run("/usr/bin/env", arguments: arguments, deadline: 300)
        guard outcome.termination == .exited(0), !outcome.timedOut else {
            try? FileManager.default.removeItem(at: output)
            let text = String(decoding: outcome.standardError + outcome.standardOutput, as: UTF8.self)
            throw BuildError(description: "\(arguments.joined(separator: " ")) failed:\n\(text)")
        }
    }

    // MARK: - The plugin's C source

    /// The lines `handle` starts with for `fault`.
    private static func faultSource(_ fault: Fault?) -> String {
        switch fault {
        case nil: ""
        case .crashes: "    volatile int *nowhere = NULL;\n    *nowhere = 1;\n"
        case .hangs: "    for (;;) pause();\n"
        }
    }

    func pluginSource(libraries: Int, initializers: Int, fault: Fault? = nil) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: (try? encoder.encode(Self.definition)) ?? Data(), as: UTF8.self)
        var out = """
            /* Generated by exthost bench. DO NOT EDIT.
             * A synthetic plugin: \(libraries) extra libraries, \(initializers) static initializers. */
            #include <stdbool.h>
            #include <stdint.h>
            #include <string.h>
            #include <unistd.h>

            #include <exthost.h>

            typedef struct RecordSampleIntent {
                const char *identifier;
                const char *title;
                const int64_t *minutes;
                const int64_t *amount;
                const double *ratio;
                const char *memo;
                const bool *shared;
            } RecordSampleIntent;

            typedef void (*StringCompletion)(exthost_resolution, const char *, const exthost_list *, int32_t);
            typedef void (*IntegerCompletion)(exthost_resolution, int64_t, const exthost_list *, int32_t);
            typedef void (*DecimalCompletion)(exthost_resolution, double, const exthost_list *, int32_t);
            typedef void (*BooleanCompletion)(exthost_resolution, bool, const exthost_list *, int32_t);
            typedef void (*ResponseCompletion)(int32_t, const void *);

            static const char definition[] = \(CHeaderRenderer.cStringLiteral(json).trimmingCharacters(in: .whitespaces));
            static const char tables[] = \(CHeaderRenderer.cStringLiteral(String(decoding: DefinitionTables.encode(Self.definition), as: UTF8.self)).trimmingCharacters(in: .whitespaces));

            /* The initializers: each hashes 256 bytes and counts itself. */
            EXTHOST_EXPORT int \(Self.constructorCounterSymbol) = 0;
            static volatile uint64_t initializer_sink;

            __attribute__((unused)) static void run_initializer(uint64_t seed) {
                uint64_t hash = 1469598103934665603ULL ^ seed;
                for (int i = 0; i < 256; i++) {
                    hash ^= (uint8_t)(i + seed);
                    hash *= 1099511628211ULL;
                }
                initializer_sink += hash;
                \(Self.constructorCounterSymbol)++;
            }


            """
        for index in 0..<initializers {
            out += "__attribute__((constructor)) static void initializer_\(index)(void) { run_initializer(\(index)u); }\n"
        }
        out += "\n/* The extra libraries, each referenced so RTLD_NOW binds a symbol of each. */\n"
        for index in 0..<libraries {
            out += "extern int exthost_bench_dep\(index)_value(void);\n"
        }
        out += """
            EXTHOST_EXPORT int exthost_bench_libraries_sum = 0;

            static int handler_object;

            #define RESOLVE(name, type, completion_type, deref) \\
                static void resolve_##name(void *handler, const RecordSampleIntent *intent, completion_type completion) { \\
                    (void)handler; \\
                    if (intent->name == NULL) completion(EXTHOST_RESOLUTION_NOT_REQUIRED, (type)0, NULL, 0); \\
                    else completion(EXTHOST_RESOLUTION_SUCCESS, deref intent->name, NULL, 0); \\
                }
            RESOLVE(title, const char *, StringCompletion, )
            RESOLVE(minutes, int64_t, IntegerCompletion, *)
            RESOLVE(amount, int64_t, IntegerCompletion, *)
            RESOLVE(ratio, double, DecimalCompletion, *)
            RESOLVE(memo, const char *, StringCompletion, )
            RESOLVE(shared, bool, BooleanCompletion, *)

            static void confirm(void *handler, const RecordSampleIntent *intent, ResponseCompletion completion) {
                (void)handler; (void)intent;
                completion(EXTHOST_RESPONSE_READY, NULL);
            }

            static void handle(void *handler, const RecordSampleIntent *intent, ResponseCompletion completion) {
                (void)handler; (void)intent;
            \(Self.faultSource(fault))    completion(EXTHOST_RESPONSE_SUCCESS, NULL);
            }

            static int32_t synthetic_init(const exthost_host_api *host, void **extension) {
                (void)host;
                int sum = 0;

            """
        for index in 0..<libraries {
            out += "    sum += exthost_bench_dep\(index)_value();\n"
        }
        out += """
                exthost_bench_libraries_sum = sum;
                *extension = &handler_object;
                return 0;
            }

            static void *synthetic_handler_for_intent(void *extension, const char *intent) {
                (void)extension;
                return strcmp(intent, "\(Self.intentName)") == 0 ? &handler_object : NULL;
            }

            static exthost_method synthetic_method(void *handler, const char *selector) {
                (void)handler;
                if (strcmp(selector, "resolveTitle") == 0) return (exthost_method)resolve_title;
                if (strcmp(selector, "resolveMinutes") == 0) return (exthost_method)resolve_minutes;
                if (strcmp(selector, "resolveAmount") == 0) return (exthost_method)resolve_amount;
                if (strcmp(selector, "resolveRatio") == 0) return (exthost_method)resolve_ratio;
                if (strcmp(selector, "resolveMemo") == 0) return (exthost_method)resolve_memo;
                if (strcmp(selector, "resolveShared") == 0) return (exthost_method)resolve_shared;
                if (strcmp(selector, "confirm") == 0) return (exthost_method)confirm;
                if (strcmp(selector, "handle") == 0) return (exthost_method)handle;
                return NULL;
            }

            static void synthetic_release(void *object) {
                (void)object;
            }

            static const char *const supported[] = {"\(Self.intentName)", NULL};
            static const char *const restricted[] = {NULL};

            static const exthost_extension descriptor = {
                .magic = EXTHOST_MAGIC,
                .size = sizeof(exthost_extension),
                .abi_version = EXTHOST_ABI_VERSION,
                .toolchain = EXTHOST_TOOLCHAIN_C,
                .identifier = "\(fault.map(Self.identifier(of:)) ?? Self.identifier(libraries: libraries, initializers: initializers))",
                .app = "com.example.bench",
                .intents_supported = supported,
                .intents_restricted_while_locked = restricted,
                .definition = definition,
                .init = synthetic_init,
                .handler_for_intent = synthetic_handler_for_intent,
                .method = synthetic_method,
                .release = synthetic_release,
                EXTHOST_DEFINITION_TABLES(tables),
            };

            EXTHOST_EXPORT const exthost_extension *exthost_extension_entry(void) { return &descriptor; }

            """
        return out
    }
}
