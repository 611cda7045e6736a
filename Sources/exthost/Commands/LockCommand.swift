import ArgumentParser
import IntentConversation

/// `exthost lock`: locks the device the service stands for.
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Locks the device: the service refuses intents an extension restricts while locked.",
        discussion: """
            While locked, a request for an intent its extension lists in IntentsRestrictedWhileLocked \
            ends with exit status 5 and asks to unlock the device first, as Siri does; other intents \
            run as before. The state is the running service's (exthost serve; one is started in the \
            background when none runs, unless --no-start), not kept across its restarts; a service \
            starts unlocked. `exthost unlock` ends it.
            """
    )

    @OptionGroup var serviceClient: ServiceClientOptions
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let ending = ServiceConversation.hold(.setDeviceLocked(true), service: serviceClient, prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
        throw ExitCode(ServiceConversation.print(ending, json: json))
    }
}
