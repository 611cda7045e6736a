import ArgumentParser
import IntentConversation

/// `exthost unlock`: unlocks the device the service stands for.
struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Unlocks the device: intents restricted while locked run again (see `exthost lock`)."
    )

    @OptionGroup var serviceClient: ServiceClientOptions
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let ending = ServiceConversation.hold(.setDeviceLocked(false), service: serviceClient, prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
        throw ExitCode(ServiceConversation.print(ending, json: json))
    }
}
