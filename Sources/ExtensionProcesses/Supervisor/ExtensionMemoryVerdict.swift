/// Whether an extension process that ended abnormally ran out of its
/// address-space limit, rather than crashing on its own.
///
/// `RLIMIT_AS` makes `mmap` and `malloc` fail; what the plugin does then
/// (dereference NULL, abort, trap in Swift's allocator) looks like any
/// crash. What tells them apart is how much it had grown: the address space
/// at `ready` plus what became resident since (`wait4`'s peak RSS minus the
/// resident size at `ready`) estimates the address space at the end. When
/// that reaches three quarters of the room the limit left after loading,
/// the verdict is the memory limit.
enum ExtensionMemoryVerdict {
    /// - Parameters:
    ///   - limit: The address-space limit, bytes.
    ///   - atReady: The process's memory when the plugin had loaded.
    ///   - peakResidentBytes: `wait4`'s `ru_maxrss`, bytes.
    static func reachedLimit(_ limit: UInt64, atReady: ProcessMemory, peakResidentBytes: UInt64) -> Bool {
        guard limit > atReady.virtualBytes else { return true }
        let grown = peakResidentBytes > atReady.residentBytes ? peakResidentBytes - atReady.residentBytes : 0
        return grown >= (limit - atReady.virtualBytes) / 4 * 3
    }
}
