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
            run as before. The service keeps the state (exthost serve; one is started in the \
            background when none runs, unless --no-start) in a file beside its socket, so it \
            outlives the service, and requests run without the service honour it too. \
            `exthost unlock` ends it.
            """
    )

    @OptionGroup var serviceClient: ServiceClientOptions
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let ending = ServiceConversation.hold(.setDeviceLocked(true), service: serviceClient, prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
        throw ExitCode(ServiceConversation.print(ending, json: json))
    }
}
