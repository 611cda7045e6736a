import ExthostPosix
import Foundation
import Testing

/// Which memory cgroup interface the service chooses, from a temporary
/// folder laid out like `/proc/self/cgroup`, `/proc/self/mountinfo` and the
/// cgroup file systems they name.
@Suite("Memory cgroups: the choice of interface")
struct MemoryCgroupsTests {
    /// A temporary layout: the two /proc files and cgroup folders.
    struct Layout {
        let root: URL

        /// A mount of a cgroup file system: its type, where under the
        /// root, the folder of the hierarchy it shows, its super options.
        struct Mount {
            var type: String
            var at: String
            var root = "/"
            var options = "rw"
        }

        /// The layout of a process in the cgroups `membership` names
        /// (`/proc/self/cgroup`'s lines), with `mounts` (and the root file
        /// system) in its mountinfo.
        init(_ membership: String, mounts: [Mount]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("exthost-cgroups-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try write("cgroup", membership + "\n")
            let lines = ["22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw"] + mounts.map { mount($0.type, at: $0.at, root: $0.root, options: $0.options) }
            try write("mountinfo", lines.joined(separator: "\n") + "\n")
        }

        var cgroupFile: String { root.appendingPathComponent("cgroup").path }
        var mountInfo: String { root.appendingPathComponent("mountinfo").path }

        /// Writes `text` at `path` under the root, making its folders.
        func write(_ path: String, _ text: String) throws {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }

        /// A mountinfo line mounting `type` (super options `options`) at
        /// `mountPoint` under the root, showing its folder `mountRoot`.
        func mount(_ type: String, at mountPoint: String, root mountRoot: String = "/", options: String = "rw") -> String {
            let point = (root.path + "/" + mountPoint).replacingOccurrences(of: " ", with: "\\040")
            return "30 25 0:26 \(mountRoot) \(point) rw,nosuid,nodev,noexec,relatime shared:9 - \(type) cgroup \(options)"
        }

        func choose() -> MemoryCgroups.Choice {
            MemoryCgroups.find(cgroupFile: cgroupFile, mountInfo: mountInfo, processID: 4242)
        }

        /// What was chosen when a cgroup was; the test fails otherwise.
        func chosen(sourceLocation: SourceLocation = #_sourceLocation) -> MemoryCgroups? {
            guard case .available(let groups) = choose() else {
                Issue.record("no cgroup was chosen: \(choose())", sourceLocation: sourceLocation)
                return nil
            }
            return groups
        }

        /// Why none was chosen; the test fails when one was.
        func reasons(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            guard case .unavailable(let reasons) = choose() else {
                Issue.record("a cgroup was chosen: \(choose())", sourceLocation: sourceLocation)
                return []
            }
            return reasons
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test("v2: its own cgroup, with the memory controller available and enabled for its children")
    func v2() throws {
        let layout = try Layout("0::/user.slice/exthost.service", mounts: [.init(type: "cgroup2", at: "fs/cgroup", options: "rw,nsdelegate")])
        defer { layout.remove() }
        try layout.write("fs/cgroup/user.slice/exthost.service/cgroup.controllers", "cpu io memory pids\n")
        try layout.write("fs/cgroup/user.slice/exthost.service/cgroup.subtree_control", "memory\n")
        guard let groups = layout.chosen() else { return }
        #expect(groups.version == .v2)
        #expect(groups.parent == layout.root.path + "/fs/cgroup/user.slice/exthost.service")
        #expect(groups.limitFile == "memory.max")
    }

    @Test("v2 seen through a mount of a folder of the hierarchy (a cgroup namespace), in a mount point with a space")
    func v2MountedSubtree() throws {
        let layout = try Layout("0::/user.slice/app", mounts: [.init(type: "cgroup2", at: "ns root", root: "/user.slice")])
        defer { layout.remove() }
        try layout.write("ns root/app/cgroup.controllers", "memory pids\n")
        try layout.write("ns root/app/cgroup.subtree_control", "\n")
        guard let groups = layout.chosen() else { return }
        #expect(groups.version == .v2)
        #expect(groups.parent == layout.root.path + "/ns root/app")
        // The controller was enabled for the children.
        let subtree = try String(contentsOfFile: groups.parent + "/cgroup.subtree_control", encoding: .utf8)
        #expect(subtree == "+memory", "\(subtree)")
    }

    @Test("hybrid, as on this machine: v2 offers no memory controller, so the v1 memory controller is chosen")
    func v1() throws {
        let layout = try Layout("9:name=systemd:/\n4:memory:/process_api/4b6e\n2:cpu,cpuacct:/\n0::/", mounts: [
            .init(type: "cgroup2", at: "fs/cgroup/unified", options: "rw,nsdelegate"),
            .init(type: "cgroup", at: "fs/cgroup/cpu,cpuacct", options: "rw,cpu,cpuacct"),
            .init(type: "cgroup", at: "fs/cgroup/memory", options: "rw,memory"),
        ])
        defer { layout.remove() }
        try layout.write("fs/cgroup/unified/cgroup.controllers", "hugetlb\n")
        try layout.write("fs/cgroup/unified/cgroup.subtree_control", "\n")
        try layout.write("fs/cgroup/memory/process_api/4b6e/memory.limit_in_bytes", "9223372036854771712\n")
        guard let groups = layout.chosen() else { return }
        #expect(groups.version == .v1)
        #expect(groups.parent == layout.root.path + "/fs/cgroup/memory/process_api/4b6e")
        #expect(groups.limitFile == "memory.limit_in_bytes")
    }

    @Test("neither: each interface's reason says what is missing, where")
    func none() throws {
        let layout = try Layout("4:memory:/job\n0::/job", mounts: [
            .init(type: "cgroup2", at: "fs/cgroup/unified"),
            .init(type: "cgroup", at: "fs/cgroup/memory", options: "rw,memory"),
        ])
        defer { layout.remove() }
        try layout.write("fs/cgroup/unified/job/cgroup.controllers", "hugetlb\n")
        // The v1 folder exists but is no memory cgroup.
        try layout.write("fs/cgroup/memory/job/tasks", "")
        let reasons = layout.reasons()
        #expect(reasons.count == 2, "\(reasons)")
        #expect(reasons.first == "cgroup v2: the memory controller is not available in \(layout.root.path)/fs/cgroup/unified/job (cgroup.controllers: hugetlb)",
                "\(reasons)")
        #expect(reasons.last == "cgroup v1: \(layout.root.path)/fs/cgroup/memory/job has no memory.limit_in_bytes", "\(reasons)")
    }

    @Test("no cgroup file systems mounted at all")
    func nothingMounted() throws {
        let layout = try Layout("0::/", mounts: [])
        defer { layout.remove() }
        let reasons = layout.reasons()
        #expect(reasons == ["cgroup v2: no cgroup2 mount shows its cgroup /",
                            "cgroup v1: \(layout.cgroupFile) names no v1 memory cgroup"], "\(reasons)")
    }
}
