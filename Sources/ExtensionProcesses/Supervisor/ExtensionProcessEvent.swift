/// What happened to an extension process, as the pool reports it
/// (``ExtensionProcessPool/observe(_:)``); `exthost serve` counts them in
/// its metrics (`exthost_extension_processes_total{event}`).
public enum ExtensionProcessEvent: String, Sendable, CaseIterable {
    /// A process was started (a spare, or one for a plugin).
    case started
    /// It ended on its own: a signal, or it exited.
    case crashed
    /// Its supervisor killed it: a stage past its deadline, or a broken protocol.
    case killed
    /// It ended at its memory limit (`--memory-limit`): its cgroup's, or its address space's.
    case memoryLimit = "memory_limit"
}
