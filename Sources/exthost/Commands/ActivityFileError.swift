/// An activity file that cannot be used.
struct ActivityFileError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
