import PackagePlugin

/// Stamps the target with the exact version of the Swift compiler that
/// builds it (`ExthostABI.swiftToolchain`). It only declares the input (the
/// compiler) and the output, and runs `toolchain-stamp`.
@main
struct ToolchainStampPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let compiler = try context.tool(named: "swiftc")
        let output = context.pluginWorkDirectoryURL.appending(path: "SwiftToolchain.swift")
        return [
            .buildCommand(
                displayName: "Stamping \(target.name) with the Swift compiler's version",
                executable: try context.tool(named: "toolchain-stamp").url,
                arguments: [compiler.url.path(), output.path()],
                inputFiles: [compiler.url],
                outputFiles: [output]
            )
        ]
    }
}
