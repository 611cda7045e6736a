/// A frame that does not follow the extension-process protocol.
package struct ExtensionProtocolError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `frame of 9 bytes ends inside a string`.
    package var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }

    package var description: String { "extension-process protocol: \(reason)" }
}
