import ArgumentParser

/// How every exthost command ends: the one table of exit statuses (the
/// README's "Exit statuses" lists it for users).
///
/// A command says which applies by throwing `ExitCode(status)`; the argument
/// parser itself ends with ``usage`` when the command line is wrong, and with
/// ``failure`` for an error a command did not catch.
enum ExitStatus: Int32 {
    /// Done: handled with a success response (or continued in the app), no
    /// lint errors, the store changed as asked.
    case success = 0
    /// Done, and the answer is no: an error response or the user said no
    /// (`run`, `say`); the definitions have errors (`lint`); a phrase is
    /// refused or no voice shortcut has it (`shortcuts`, `say`); the app did
    /// not continue the activity or could not be reached (`open`); or an
    /// error the command did not expect, said on standard error.
    case failure = 1
    /// Bad input: an unreadable or malformed file, a value of the wrong
    /// type, an unknown parameter or key.
    case badInput = 2
    /// A question is open (a value, a choice, a confirmation, or a value
    /// was unsupported): answer it with `--answer` and run again.
    case needsInput = 3
    /// The system failed: no extension, a load failure, a timeout, the store
    /// refused or failed, Siri denied for the app (1913); the message
    /// carries the iOS error number.
    case systemError = 4
    /// The device is locked (`exthost lock`, in the service) and the
    /// extension, or the system for one of its own intents, restricts the
    /// intent while locked: `exthost unlock`, then run again (Siri asks to
    /// unlock the device first).
    case deviceLocked = 5
    /// The command line is wrong: an unknown option, a missing argument, an
    /// option's value refused (the argument parser's `EX_USAGE`, with the
    /// usage).
    case usage = 64
}

extension ExitCode {
    /// The exit code of one of exthost's statuses.
    init(_ status: ExitStatus) {
        self.init(status.rawValue)
    }
}
