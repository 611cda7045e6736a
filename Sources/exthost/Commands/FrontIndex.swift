import ExthostPosix
import Foundation

/// The index the `exthost` front finds the service in: for this process's
/// raw inputs (working directory, executable folder, the `EXTHOST_*`,
/// `XDG_*`, `HOME` and `TMPDIR` variables), the socket the full program
/// resolved from them (``ServiceSocket``), in one small file beside the
/// socket (`front-<hash>.index`, ``Posix/frontIndexPath()``). The front
/// hashes the same inputs with the same C function, so it needs none of the
/// defaults the socket's name is derived from; inputs that differ in any
/// of those name another file, which the front does not find.
enum FrontIndex {
    /// Records `socket` as the service of this process's raw inputs, when
    /// the index does not say so already. Written whole (a temporary file
    /// renamed), so the front reads either the old socket or the new one; a
    /// folder that cannot be written leaves the front on the full path.
    static func record(socket: String) {
        guard let path = Posix.frontIndexPath() else { return }
        if let recorded = try? Posix.readFile(path), recorded.elementsEqual(socket.utf8) { return }
        try? Data(socket.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
