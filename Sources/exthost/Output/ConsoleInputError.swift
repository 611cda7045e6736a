/// Standard input could not give a file given as `-`: it was closed, or
/// reading it failed. The command reports it as bad input.
struct ConsoleInputError: Error, CustomStringConvertible {
    /// What failed and what to do.
    var message: String

    var description: String { message }
}
