import ExthostPosix

/// This process's memory as `/proc/self/statm` reports it (the figures
/// `/proc/self/status` names `VmSize` and `VmRSS`).
struct ProcessMemory: Sendable {
    /// `VmSize`: the address space mapped, what `RLIMIT_AS` limits.
    var virtualBytes: UInt64 = 0
    /// `VmRSS`: what is resident.
    var residentBytes: UInt64 = 0

    /// Reads it now; zeros when `/proc` is not there.
    ///
    /// `statm`'s first two numbers, in pages, read byte by byte: it runs in
    /// every extension process at `ready`, and the text of `status` (fifty
    /// lines, split into strings) cost more than the rest of `ready`.
    static func current() -> ProcessMemory {
        guard let bytes = try? Posix.readPrefix("/proc/self/statm", count: 128) else { return ProcessMemory() }
        var numbers: [UInt64] = []
        var number: UInt64 = 0
        var digits = false
        for byte in bytes {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                number = number &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits = true
            } else if digits {
                numbers.append(number)
                if numbers.count == 2 { break }
                (number, digits) = (0, false)
            }
        }
        guard numbers.count == 2 else { return ProcessMemory() }
        return ProcessMemory(virtualBytes: numbers[0] &* Posix.pageSize, residentBytes: numbers[1] &* Posix.pageSize)
    }
}
