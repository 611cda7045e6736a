import ArgumentParser
import ExthostService
import Foundation
import RequestWire

extension RunCommand {
    /// `exthost run FILE` for the `exthost` front (the service's `command`
    /// message): read by ``RunCommandReader``, else parsed with the full
    /// program's own types, and run as
    /// ``RunCommand`` runs it through the service (the conversation is a
    /// session of its own, as a client's, held through `conversations`),
    /// with what it writes captured, so the front's output, `--json` and
    /// exit status are the full program's.
    ///
    /// Declined, before anything ran, for what the fast path does not take:
    /// another command, a command line the parser refuses (the full program
    /// says why), standard input as the file, options that choose another
    /// place or folders (`--in-process`, `--isolated`, `--plugins`, `--apps`,
    /// `--socket`, `--no-start`), `--save-activity` (a file to write where
    /// the front is), a terminal to ask questions in (without `--json`), a
    /// file that cannot be read or parsed.
    static func runForFront(_ invocation: CommandInvocation, through conversations: LocalConversations) -> CommandOutcome {
        let command: RunCommand
        switch FrontCommandLine.parse(invocation, as: RunCommand.self, reading: RunCommandReader.read) {
        case .success(let parsed): command = parsed
        case .failure(let declined): return .declined(reason: declined.reason)
        }
        if let refusal = command.frontRefusal(terminal: invocation.terminal) { return .declined(reason: refusal) }
        var request: IntentRequest
        do {
            let directory = URL(fileURLWithPath: invocation.directory, isDirectory: true)
            request = try IntentRequest.load(from: URL(fileURLWithPath: command.intentFile, relativeTo: directory))
        } catch {
            return .declined(reason: "the full program reports the intent file's problem")
        }
        CommandLineRequest.add(answers: command.options.answers, to: &request)
        CommandLineRequest.chooseLocale(for: &request, given: command.options.locale, environment: invocation.environment)
        if command.options.concise { request.concise = true }
        let (status, output) = ConsoleCapture.capturing { command.runThroughService(request, conversations: conversations) }
        return .ran(output: output, status: status.rawValue)
    }

    /// Why the fast path does not take this command line, or nil.
    private func frontRefusal(terminal: Bool) -> String? {
        if intentFile == "-" { return "the intent file is standard input" }
        if saveActivity != nil { return "--save-activity writes a file" }
        return FrontCommandLine.refusal(options, json: json, terminal: terminal)
    }

    /// The conversation held through `conversations`, printed as ``run()``
    /// prints it through the service; the answers are the command's, none
    /// is read. The front reached the service of its default socket: a
    /// session left open is taken up without naming it.
    private func runThroughService(_ request: IntentRequest, conversations: LocalConversations) -> ExitStatus {
        let prompter = CommandLineRequest.prompter(for: request, json: json, readsInput: false)
        var sent = request
        sent.answers = [:]
        let reply = conversations.converse(sent, deadline: deadline, form: json ? .json : .lines, prompter: prompter)
        return ServiceConversation.print(ServiceConversation.ending(of: reply, socket: nil), json: json)
    }
}
