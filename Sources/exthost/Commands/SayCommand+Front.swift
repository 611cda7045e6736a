import ArgumentParser
import DonationStore
import ExthostService
import Foundation
import RequestWire

extension SayCommand {
    /// `exthost say "PHRASE"` for the `exthost` front (the service's
    /// `command` message): the phrase is looked up in the service's
    /// donation store (the client's, as the socket's name carries the data
    /// folder), and the shortcut's request runs as ``SayCommand`` runs it
    /// through the service, with what it writes captured.
    ///
    /// Declined, before anything ran, as ``RunCommand/runForFront(_:through:)``
    /// declines, and also for `--store` (a store of the client's choosing),
    /// a phrase no voice shortcut has (the full program says which are
    /// near), an activity shortcut (continued by the full program through
    /// the service's `open`) and a store that cannot be read (the full
    /// program reports it).
    static func runForFront(_ invocation: CommandInvocation, through conversations: LocalConversations) -> CommandOutcome {
        let command: SayCommand
        switch FrontCommandLine.parse(invocation, as: SayCommand.self) {
        case .success(let parsed): command = parsed
        case .failure(let declined): return .declined(reason: declined.reason)
        }
        if let refusal = command.frontRefusal(terminal: invocation.terminal) { return .declined(reason: refusal) }
        let found: VoiceShortcut?
        do {
            found = try DonationStore(path: StoreLocation.defaultPath()).voiceShortcut(matching: command.phrase)
        } catch {
            return .declined(reason: "the full program reports the store's problem")
        }
        guard let voice = found else { return .declined(reason: "no voice shortcut has the phrase") }
        guard voice.shortcut.kind == .intent else { return .declined(reason: "an activity shortcut is continued by the full program") }
        let request: IntentRequest
        do {
            request = try command.request(of: voice, environment: invocation.environment)
        } catch {
            return .declined(reason: "the full program reports the shortcut's problem")
        }
        let (status, output) = ConsoleCapture.capturing { command.sayThroughService(request, voice: voice, conversations: conversations) }
        return .ran(output: output, status: status.rawValue)
    }

    /// Why the fast path does not take this command line, or nil.
    private func frontRefusal(terminal: Bool) -> String? {
        if store.store != nil { return "the command line names a store" }
        return FrontCommandLine.refusal(options, json: json, terminal: terminal)
    }

    /// The shortcut's conversation held through `conversations`, printed as
    /// ``run()`` prints it through the service; the answers are the
    /// command's, none is read.
    private func sayThroughService(_ request: IntentRequest, voice: VoiceShortcut, conversations: LocalConversations) -> ExitStatus {
        if !json { announce(voice) }
        let prompter = CommandLineRequest.prompter(for: request, json: json, readsInput: false)
        var sent = request
        sent.answers = [:]
        let reply = conversations.converse(sent, deadline: deadline, form: json ? .json : .lines, prompter: prompter)
        return print(ServiceConversation.ending(of: reply, socket: nil), voice: voice)
    }
}
