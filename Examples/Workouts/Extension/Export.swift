import Intents

/// The extension's one export: the descriptor of `IntentHandler`, which
/// supports the system's five workout intents (no definition of its own).
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer {
    ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.workouts.intents", app: "com.example.workouts", intentsSupported: [
        "INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent",
    ])
}
