import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where this process may make memory cgroups for its children: a cgroup
/// v2 with the memory controller, or else the cgroup v1 memory
/// controller, found from `/proc/self/cgroup` and `/proc/self/mountinfo`.
///
/// Each extension process gets a cgroup of its own (``create(limit:)``):
/// its resident memory is limited (v2 `memory.max` and `memory.swap.max`
/// 0; v1 `memory.limit_in_bytes` and `memory.memsw.limit_in_bytes`), the
/// kernel's OOM killer ends it past the limit, and the cgroup's own
/// counters say that it did (``MemoryCgroup/counters()``).
package final class MemoryCgroups: Sendable {
    /// Which cgroup interface.
    package enum Version: String, Sendable {
        case v2 = "cgroup v2"
        case v1 = "cgroup v1"
    }

    /// What the search found.
    package enum Choice: Sendable {
        /// Cgroups can be made here.
        case available(MemoryCgroups)
        /// None can: why not, one reason per interface tried.
        case unavailable(reasons: [String])
    }

    package let version: Version
    /// The folder each extension process's cgroup is made in.
    package let parent: String
    /// Names each cgroup: `exthost-<pid>-<n>`.
    private let prefix: String
    private let count = Atomic<Int>(0)
    /// The cgroups made and not yet removed, for ``removeAll()``.
    private let live = Mutex<Set<String>>([])

    package init(version: Version, parent: String, processID: Int32 = getpid()) {
        self.version = version
        self.parent = parent
        prefix = "exthost-\(processID)-"
    }

    /// The limit file this interface sets, for messages: `memory.max`.
    package var limitFile: String {
        version == .v2 ? "memory.max" : "memory.limit_in_bytes"
    }

    /// Looks for a place to make memory cgroups: the v2 cgroup this
    /// process is in, when the memory controller is available there and it
    /// may write to it; else its v1 memory cgroup, when it may write there.
    ///
    /// On v2 the memory controller is enabled for the cgroup's children
    /// (`+memory` in `cgroup.subtree_control`) when it is not yet. v2 lets
    /// only the root cgroup both hold processes and enable controllers for
    /// its children ("no internal processes"): when this process is the
    /// only one in its cgroup it moves itself into a child of its own
    /// (`exthost-service-<pid>`) first; when others share it, v2 is not used.
    ///
    /// - Parameters:
    ///   - cgroupFile: This process's `/proc/self/cgroup`.
    ///   - mountInfo: Its `/proc/self/mountinfo`.
    ///   - processID: This process, for the names of the cgroups.
    package static func find(cgroupFile: String = "/proc/self/cgroup", mountInfo: String = "/proc/self/mountinfo",
                             processID: Int32 = getpid()) -> Choice {
        guard let membership = try? Posix.readFile(cgroupFile) else {
            return .unavailable(reasons: ["cannot read \(cgroupFile)"])
        }
        guard let mounts = try? Posix.readFile(mountInfo) else {
            return .unavailable(reasons: ["cannot read \(mountInfo)"])
        }
        let lines = String(decoding: membership, as: UTF8.self).split(separator: "\n").map { $0.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false) }
        let mountPoints = String(decoding: mounts, as: UTF8.self).split(separator: "\n").compactMap(MountEntry.init)
        var reasons: [String] = []

        if let line = lines.first(where: { $0.count == 3 && $0[0] == "0" && $0[1].isEmpty }) {
            switch v2Folder(String(line[2]), mounts: mountPoints, processID: processID) {
            case .success(let folder): return .available(MemoryCgroups(version: .v2, parent: folder, processID: processID))
            case .failure(let reason): reasons.append("cgroup v2: \(reason.text)")
            }
        } else {
            reasons.append("cgroup v2: \(cgroupFile) names no v2 cgroup")
        }
        if let line = lines.first(where: { $0.count == 3 && $0[1].split(separator: ",").contains("memory") }) {
            switch v1Folder(String(line[2]), mounts: mountPoints) {
            case .success(let folder): return .available(MemoryCgroups(version: .v1, parent: folder, processID: processID))
            case .failure(let reason): reasons.append("cgroup v1: \(reason.text)")
            }
        } else {
            reasons.append("cgroup v1: \(cgroupFile) names no v1 memory cgroup")
        }
        return .unavailable(reasons: reasons)
    }

    private struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    private static func v2Folder(_ path: String, mounts: [MountEntry], processID: Int32) -> Result<String, Reason> {
        guard let folder = mounts.lazy.filter({ $0.type == "cgroup2" }).compactMap({ $0.folder(for: path) }).first else {
            return .failure(Reason("no cgroup2 mount shows its cgroup \(path)"))
        }
        let controllers = words(folder + "/cgroup.controllers")
        guard controllers.contains("memory") else {
            return .failure(Reason("the memory controller is not available in \(folder) (cgroup.controllers: \(controllers.isEmpty ? "none" : controllers.joined(separator: " ")))"))
        }
        let subtree = folder + "/cgroup.subtree_control"
        guard access(folder, W_OK) == 0, access(subtree, W_OK) == 0 else {
            return .failure(Reason("\(folder) is not writable by this user (a cgroup delegated to it, such as systemd's Delegate=yes, is)"))
        }
        if words(subtree).contains("memory") { return .success(folder) }
        switch Result(catching: { () throws(SystemCallError) in try writeFile(subtree, "+memory") }) {
        case .success:
            return .success(folder)
        case .failure(let error) where error.errno == EBUSY:
            // No internal processes: only a cgroup without processes of
            // its own may enable controllers for its children.
            let members = words(folder + "/cgroup.procs")
            guard members == ["\(processID)"] else {
                return .failure(Reason("\(folder) holds other processes (\(members.count) in cgroup.procs), so the memory controller cannot be enabled for its children (cgroup v2 allows no processes in a cgroup that does); start the service in a cgroup of its own"))
            }
            let own = folder + "/exthost-service-\(processID)"
            do throws(SystemCallError) {
                try Posix.makeDirectory(own, mode: 0o755)
                try writeFile(own + "/cgroup.procs", "\(processID)")
                try writeFile(subtree, "+memory")
            } catch {
                return .failure(Reason("cannot enable the memory controller for the children of \(folder): \(error)"))
            }
            return .success(folder)
        case .failure(let error):
            return .failure(Reason("cannot enable the memory controller for the children of \(folder): \(error)"))
        }
    }

    private static func v1Folder(_ path: String, mounts: [MountEntry]) -> Result<String, Reason> {
        guard let folder = mounts.lazy.filter({ $0.type == "cgroup" && $0.superOptions.contains("memory") })
            .compactMap({ $0.folder(for: path) }).first else {
            return .failure(Reason("no cgroup mount of the memory controller shows its cgroup \(path)"))
        }
        guard access(folder + "/memory.limit_in_bytes", F_OK) == 0 else {
            return .failure(Reason("\(folder) has no memory.limit_in_bytes"))
        }
        guard access(folder, W_OK) == 0 else {
            return .failure(Reason("\(folder) is not writable by this user"))
        }
        return .success(folder)
    }

    /// Makes a cgroup for one extension process, with its memory limit.
    ///
    /// - Parameter limit: Bytes of memory (resident and swap together).
    /// - Throws: ``SystemCallError`` when the folder or a limit cannot be
    ///   written; nothing is left behind then.
    package func create(limit: UInt64) throws(SystemCallError) -> MemoryCgroup {
        let path = parent + "/" + prefix + String(count.add(1, ordering: .relaxed).newValue)
        try Posix.makeDirectory(path, mode: 0o755)
        let group = MemoryCgroup(path: path, version: version)
        do throws(SystemCallError) {
            switch version {
            case .v2:
                try Self.writeFile(path + "/memory.max", String(limit))
                // Past the limit the kernel would swap instead of ending it.
                if access(path + "/memory.swap.max", F_OK) == 0 { try Self.writeFile(path + "/memory.swap.max", "0") }
                // What the plugin forked goes with it.
                if access(path + "/memory.oom.group", F_OK) == 0 { try? Self.writeFile(path + "/memory.oom.group", "1") }
            case .v1:
                try Self.writeFile(path + "/memory.limit_in_bytes", String(limit))
                if access(path + "/memory.memsw.limit_in_bytes", F_OK) == 0 {
                    try Self.writeFile(path + "/memory.memsw.limit_in_bytes", String(limit))
                }
            }
        } catch {
            group.remove()
            throw error
        }
        live.withLock { _ = $0.insert(path) }
        return group
    }

    /// Removes a cgroup ``create(limit:)`` made, once its process is gone.
    package func remove(_ group: MemoryCgroup) {
        group.remove()
        live.withLock { _ = $0.remove(group.path) }
    }

    /// Removes every cgroup made and not removed yet (at shutdown, after
    /// the processes have ended).
    package func removeAll() {
        for path in live.withLock({ live in defer { live = [] }; return live }) {
            MemoryCgroup(path: path, version: version).remove()
        }
    }

    /// Removes the cgroups services that have ended left in ``parent``: a
    /// service killed with `SIGKILL` takes its extension processes with it
    /// (`PR_SET_PDEATHSIG`) but leaves their empty cgroups. Those are the
    /// `exthost-<pid>-<n>` folders whose service pid no longer runs; one
    /// that still holds a process is not removed (`rmdir` refuses).
    ///
    /// - Returns: The folders removed.
    package func removeStale() -> [String] {
        guard let directory = opendir(parent) else { return [] }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
            })
        }
        closedir(directory)
        return names.filter { name in
            let parts = name.split(separator: "-")
            guard parts.count == 3, parts[0] == "exthost", let pid = Int32(parts[1]), Int(parts[2]) != nil,
                  "exthost-\(pid)-" != prefix, kill(pid, 0) == -1, errno == ESRCH else { return false }
            return rmdir(parent + "/" + name) == 0
        }.map { parent + "/" + $0 }
    }

    /// The whitespace-separated words of a small file; none when it
    /// cannot be read.
    static func words(_ path: String) -> [String] {
        guard let bytes = try? Posix.readPrefix(path, count: 65536) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// Writes `text` to a cgroup file in one `write`, as the kernel wants it.
    static func writeFile(_ path: String, _ text: String) throws(SystemCallError) {
        let fd = try Posix.open(path, flags: O_WRONLY)
        defer { Posix.close(fd) }
        try Array(text.utf8).withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try Posix.write(fd, buffer, path: path) }
        }.get()
    }
}

/// One extension process's cgroup.
package struct MemoryCgroup: Sendable {
    /// Its folder.
    package let path: String
    package let version: MemoryCgroups.Version

    /// What the cgroup's counters say about its memory limit.
    package struct Counters: Sendable, Equatable {
        /// How many processes the kernel's OOM killer ended at the limit
        /// (v2 `memory.events` `oom_kill`; v1 `memory.oom_control`
        /// `oom_kill`, on kernels from 4.13); nil when not counted.
        package var oomKills: Int?
        /// How many times the limit was hit (v2 `memory.events` `max`; v1
        /// `memory.failcnt`); nil when not counted.
        package var limitHits: Int?

        /// Whether the limit ended the process, which ended by
        /// `killedBySIGKILL` or otherwise: an OOM kill counted, or where
        /// those are not counted, the limit hit and the process killed.
        package func reachedLimit(killedBySIGKILL: Bool) -> Bool {
            if let oomKills { return oomKills > 0 }
            return killedBySIGKILL && (limitHits ?? 0) > 0
        }
    }

    package init(path: String, version: MemoryCgroups.Version) {
        self.path = path
        self.version = version
    }

    /// Moves process `pid` (all its threads) into this cgroup.
    package func add(_ pid: Int32) throws(SystemCallError) {
        try Self.move(pid, into: path)
    }

    /// Moves process `pid` into the cgroup at `path`: how an extension
    /// process started for its plugin joins the cgroup made for it before
    /// it loads the plugin.
    package static func move(_ pid: Int32, into path: String) throws(SystemCallError) {
        try MemoryCgroups.writeFile(path + "/cgroup.procs", String(pid))
    }

    /// The counters now.
    package func counters() -> Counters {
        switch version {
        case .v2:
            let events = Self.keyed(path + "/memory.events")
            return Counters(oomKills: events["oom_kill"], limitHits: events["max"])
        case .v1:
            let control = Self.keyed(path + "/memory.oom_control")
            return Counters(oomKills: control["oom_kill"], limitHits: MemoryCgroups.words(path + "/memory.failcnt").first.flatMap { Int($0) })
        }
    }

    /// Removes the folder; a cgroup whose last process was just reaped
    /// may be busy a moment longer, so it is tried for up to 100 ms.
    func remove() {
        for _ in 0..<100 {
            if rmdir(path) == 0 || errno == ENOENT { return }
            guard errno == EBUSY else { return }
            Posix.sleep(milliseconds: 1)
        }
    }

    /// A file of `key value` lines, as a dictionary.
    private static func keyed(_ path: String) -> [String: Int] {
        guard let bytes = try? Posix.readPrefix(path, count: 65536) else { return [:] }
        var values: [String: Int] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) { values[String(fields[0])] = value }
        }
        return values
    }
}

/// One line of `/proc/self/mountinfo`: `36 35 98:0 /root /mount/point
/// rw,noatime master:1 - type source rw,super,options`.
struct MountEntry {
    /// The folder of the mounted file system shown at ``mountPoint``.
    var root: String
    var mountPoint: String
    var type: String
    var superOptions: [String]

    init?(_ line: Substring) {
        let halves = line.split(separator: " - ", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let before = halves[0].split(separator: " ")
        let after = halves[1].split(separator: " ")
        guard before.count >= 5, after.count >= 3 else { return nil }
        root = Self.unescaped(before[3])
        mountPoint = Self.unescaped(before[4])
        type = String(after[0])
        superOptions = after[2].split(separator: ",").map(String.init)
    }

    /// Where cgroup `path` is seen through this mount, when it is.
    func folder(for path: String) -> String? {
        let base = mountPoint == "/" ? "" : mountPoint
        if root == "/" { return path == "/" ? (base.isEmpty ? "/" : base) : base + path }
        guard path == root || path.hasPrefix(root + "/") else { return nil }
        let rest = path.dropFirst(root.count)
        return rest.isEmpty ? (base.isEmpty ? "/" : base) : base + rest
    }

    /// Undoes mountinfo's octal escapes (`\040` for a space).
    private static func unescaped(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Array(field.utf8)[...]
        while let first = rest.first {
            if first == UInt8(ascii: "\\"), rest.count >= 4,
               let value = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                rest = rest.dropFirst(4)
            } else {
                bytes.append(first)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
