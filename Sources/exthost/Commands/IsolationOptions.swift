import ArgumentParser

/// `--isolated` and `--memory-limit`: what `exthost run` and `exthost say`
/// share about running the extension in an extension process of its own.
struct IsolationOptions: ParsableArguments {
    @Flag(help: "Run the extension in a process of its own: a crash, exit or hang ends that process, not exthost, and is reported as an error (5001, 3001).")
    var isolated = false

    @Option(help: ArgumentHelp("With --isolated: the extension process's address-space limit in MiB (0 for none; default 1024).", valueName: "MiB"))
    var memoryLimit: UInt64?

    func validate() throws {
        if memoryLimit != nil && !isolated { throw ValidationError("--memory-limit applies to --isolated only") }
        try NumericOption.validate(memoryLimit, "--memory-limit", in: 0...NumericOption.maximumMemoryMiB, unit: "MiB")
    }
}
