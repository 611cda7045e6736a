import PackagePlugin

/// Generates the SDK's classes of the system intents (`INSendMessageIntent`,
/// …) from the definitions exthost embeds (`SystemIntents`, in
/// IntentDefinition), the same code generator an app's definition goes
/// through. It only declares the output and runs `intentgen --system-intents`;
/// the definitions are compiled into `intentgen`, so a changed domain
/// rebuilds the tool and reruns the command.
@main
struct SystemIntentsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "intentgen")
        let output = context.pluginWorkDirectoryURL.appending(path: "SystemIntents")
        return [
            .buildCommand(
                displayName: "Generating the system intents' classes for \(target.name)",
                executable: tool.url,
                arguments: ["--system-intents", "--output", output.path()],
                inputFiles: [tool.url],
                outputFiles: [output.appending(path: "SystemIntents.swift")]
            )
        ]
    }
}
