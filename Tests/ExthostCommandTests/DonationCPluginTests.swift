import ExthostTestSupport
import Foundation
import Testing

/// A C extension donates through `exthost_host_api.donations` directly: the
/// ABI path without the SDK, in a real `exthost run`, checked against the
/// app manifests the run was given (`--apps`).
@Suite("Donations: from a C extension", .serialized)
struct DonationCPluginTests {
    static let definition = """
        {"intents": [{"name": "OpenScreen", "title": "Open Screen",
          "parameters": [{"name": "screen", "displayName": "Screen", "type": "String"}],
          "response": {"codes": [{"name": "success", "formatString": "Donated.", "success": true},
                                 {"name": "failure", "formatString": "Refused."}]}}]}
        """

    /// Donates the activity type it is given, as becomeCurrent() would.
    static let source = #"""
        #include <stdio.h>
        #include <string.h>
        #include "Screens.h"

        static const exthost_host_api *host;
        static int handler;

        static void handle(void *h, const OpenScreenIntent *intent, OpenScreenIntentResponseCompletion completion) {
            (void)h;
            char request[256], message[512] = "", line[600];
            snprintf(request, sizeof request,
                     "{\"app\": \"com.example.screens\", \"activityType\": \"%s\", \"title\": \"A screen\"}",
                     intent->screen ? intent->screen : "");
            /* Appended to the table in version 1: check it is there first. */
            if (host->size < offsetof(exthost_host_api, donations) + sizeof host->donations || host->donations == NULL) {
                completion(OpenScreenIntentResponseCodeFailure, NULL);
                return;
            }
            int32_t code = host->donations(EXTHOST_DONATION_DONATE_ACTIVITY, request, message, sizeof message);
            snprintf(line, sizeof line, "donation answered %d: %s", (int)code, message);
            host->log(EXTHOST_LOG_INFO, line);
            completion(code == 0 ? OpenScreenIntentResponseCodeSuccess : OpenScreenIntentResponseCodeFailure, NULL);
        }

        static int32_t init(const exthost_host_api *api, void **extension) { host = api; *extension = &handler; return 0; }
        static void *handler_for(void *e, const char *intent) { (void)e; return strcmp(intent, "OpenScreen") == 0 ? &handler : NULL; }
        static exthost_method method(void *h, const char *selector) {
            (void)h;
            return strcmp(selector, "handle") == 0 ? (exthost_method)handle : NULL;
        }
        static void release(void *object) { (void)object; }
        static const char *const supported[] = {"OpenScreen", NULL};
        static const char *const restricted[] = {NULL};
        static const exthost_extension descriptor = {
            .magic = EXTHOST_MAGIC, .size = sizeof(exthost_extension), .abi_version = EXTHOST_ABI_VERSION,
            .toolchain = EXTHOST_TOOLCHAIN_C, .identifier = "com.example.screens.intents", .app = "com.example.screens",
            .intents_supported = supported, .intents_restricted_while_locked = restricted,
            .definition = ScreensIntentDefinitionJSON, .init = init, .handler_for_intent = handler_for,
            .method = method, .release = release,
        };
        EXTHOST_EXPORT const exthost_extension *exthost_extension_entry(void) { return &descriptor; }
        """#

    @Test("a declared type is stored; an undeclared one is refused with 1901 and the host's reason")
    func donateThroughTheABI() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let build = system.root.appendingPathComponent("build")
        let plugins = system.root.appendingPathComponent("screens-plugins")
        let apps = system.root.appendingPathComponent("screens-apps")
        for folder in [build, plugins, apps] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Self.definition.write(to: build.appendingPathComponent("Screens.json"), atomically: true, encoding: .utf8)
        try Self.source.write(to: build.appendingPathComponent("Screens.c"), atomically: true, encoding: .utf8)
        let generated = try system.exthost(["generate", build.appendingPathComponent("Screens.json").path, "--output", build.path, "--language", "c"])
        #expect(generated.status == 0, "\(generated.standardError)")
        let compiled = try CommandRunner().runExternal("/usr/bin/env", [
            "cc", "-std=c11", "-Wall", "-Werror", "-shared", "-fPIC",
            "-I", TestPaths.packageRoot.appendingPathComponent("Sources/CExthost/include").path, "-I", build.path,
            "-o", plugins.appendingPathComponent("libScreens.so").path, build.appendingPathComponent("Screens.c").path,
        ])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        try #"{"identifier": "com.example.screens", "executable": "/bin/true", "NSUserActivityTypes": ["com.example.screens.home"]}"#
            .write(to: apps.appendingPathComponent("screens.json"), atomically: true, encoding: .utf8)

        func open(_ screen: String) throws -> CommandRunner.Result {
            let file = try system.file("open-\(screen).json", #"{"intent": "OpenScreen", "parameters": {"screen": "\#(screen)"}}"#)
            return try system.exthost(["run", "--json", "--plugins", plugins.path, "--apps", apps.path, file])
        }
        let declared = try open("com.example.screens.home")
        #expect(try declared.json()["message"] as? String == "Donated.", "\(declared.standardOutput)\(declared.standardError)")
        let undeclared = try open("com.example.screens.secret")
        #expect(try undeclared.json()["message"] as? String == "Refused.")
        #expect(undeclared.standardError.contains("donation answered 1901"))
        #expect(undeclared.standardError.contains("NSUserActivityTypes"))

        let donations = try #require(try system.exthost(["donations", "list", "--json", "--app", "com.example.screens"]).json()["donations"] as? [[String: Any]])
        let activities = donations.compactMap { ($0["shortcut"] as? [String: Any])?["activityType"] as? String }
        #expect(activities == ["com.example.screens.home"])
        #expect(donations.filter { $0["source"] as? String == "system" }.count == 2)
    }
}
