import ExthostPosix

/// This process's memory as `/proc/self/status` reports it.
struct ProcessMemory: Sendable {
    /// `VmSize`: the address space mapped, what `RLIMIT_AS` limits.
    var virtualBytes: UInt64 = 0
    /// `VmRSS`: what is resident.
    var residentBytes: UInt64 = 0

    /// Reads it now; zeros when `/proc` is not there.
    static func current() -> ProcessMemory {
        var memory = ProcessMemory()
        guard let bytes = try? Posix.readPrefix("/proc/self/status", count: 8192) else { return memory }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kibibytes = UInt64(fields[1]) else { continue }
            switch fields[0] {
            case "VmSize:": memory.virtualBytes = kibibytes * 1024
            case "VmRSS:": memory.residentBytes = kibibytes * 1024
            default: break
            }
        }
        return memory
    }
}
