import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A system call of the server that failed.
struct ServerError: Error, CustomStringConvertible {
    var call: String
    var code: Int32

    init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
