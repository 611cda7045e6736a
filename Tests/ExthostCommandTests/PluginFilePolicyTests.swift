import ExthostTestSupport
import Foundation
import Testing

/// Plugins someone else could have written are not loaded: a world-writable
/// plugin or plugin folder for any user; as root, one another user owns.
/// `EXTHOST_ALLOW_UNSAFE_PLUGINS=1` is the development override.
@Suite("Plugin file permissions")
struct PluginFilePolicyTests {
    typealias Setup = RunCommandTests.Setup

    @Test("a world-writable plugin folder: refused with the reason in list, run answers no extension (exit 4)")
    func worldWritableFolder() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: setup.plugins.path)
        let folder = resolved(setup.plugins.path)
        let listed = try setup.runner.run(["list", "--plugins", setup.plugins.path])
        #expect(listed.standardOutput.contains("refused: its directory \(folder) is writable by every user (mode 777): anyone could replace the code exthost runs. Remove the write permission (chmod o-w \(folder)), or set EXTHOST_ALLOW_UNSAFE_PLUGINS=1 while developing."),
                "\(listed.standardOutput)")
        let run = try setup.run(#"{"intent": "Ping"}"#)
        #expect(run.status == 4)
        #expect(try (run.json()["error"] as? [String: Any])?["code"] as? Int == 2004)

        var developing = setup
        developing.runner.environment["EXTHOST_ALLOW_UNSAFE_PLUGINS"] = "1"
        #expect(try developing.run(#"{"intent": "Ping"}"#).status == 0)
    }

    @Test("a world-writable plugin file: refused")
    func worldWritableFile() throws {
        let setup = try Setup([try FixturePlugins.build("good")], names: ["open.so"])
        let plugin = setup.plugins.appendingPathComponent("open.so").path
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: plugin)
        let listed = try setup.runner.run(["list", "--plugins", setup.plugins.path])
        #expect(listed.standardOutput.contains("refused: the plugin \(resolved(plugin)) is writable by every user (mode 666)"),
                "\(listed.standardOutput)")
    }

    @Test("as root, a plugin another user owns: refused", .enabled(if: getuid() == 0, "runs as root only"))
    func ownedByAnotherUser() throws {
        let setup = try Setup([try FixturePlugins.build("good")], names: ["theirs.so"])
        let plugin = setup.plugins.appendingPathComponent("theirs.so").path
        #expect(chown(plugin, 65534, 65534) == 0)
        let listed = try setup.runner.run(["list", "--plugins", setup.plugins.path])
        #expect(listed.standardOutput.contains("refused: the plugin \(resolved(plugin)) is owned by user 65534, and exthost runs as root: root loads only plugins root owns (chown root"),
                "\(listed.standardOutput)")
    }
}

/// A path with links resolved, as exthost names plugins (`/tmp` may be a link).
private func resolved(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}
