import PackagePlugin

@main
struct IntentCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        []
    }
}
