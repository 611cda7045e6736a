import IntentDefinition

/// The intent definition of the test fixture plugin (`Tests/Fixtures/fixture_plugin.c`):
/// one six-parameter intent that exercises every value kind, resolution kind,
/// a relationship, bounds, dynamic options and custom response codes, and
/// one intent for the misbehaviour cases, whose one optional parameter
/// (`when`, DateComponents) the plugin never resolves. Its workout kinds
/// have Japanese names.
public enum FixtureDefinition {
    public static let definition = IntentDefinition(
        modelVersion: "1.2",
        intents: [logWorkout, ping],
        enums: [
            EnumType(name: "WorkoutKind", displayName: "Workout", cases: [
                EnumCase(name: "run", displayName: "Run", value: 1, displayNameID: "WorkoutKind-run"),
                EnumCase(name: "swim", displayName: "Swim", value: 2, displayNameID: "WorkoutKind-swim"),
                EnumCase(name: "ride", displayName: "Ride", value: 3, displayNameID: "WorkoutKind-ride"),
            ]),
        ],
        types: [
            CustomType(name: "Route", displayName: "Route", properties: [
                TypeProperty(name: "length", displayName: "Length", type: .decimal),
            ]),
        ],
        // The workout kinds in Japanese, as a `ja.lproj` table gives them:
        // a value may be named in either language.
        localizations: ["ja": ["WorkoutKind-run": "ランニング", "WorkoutKind-swim": "水泳", "WorkoutKind-ride": "サイクリング"]]
    )

    public static let logWorkout = Intent(
        name: "LogWorkout",
        title: "Log Workout",
        description: "Log a workout",
        category: "create",
        verb: "Log",
        userConfirmationRequired: true,
        parameters: [
            Parameter(name: "activity", displayName: "Activity", displayPriority: 1, type: .enumeration("WorkoutKind"),
                      prompts: [Prompt(kind: .primary, formatString: "Which workout did you do?", custom: true)]),
            Parameter(name: "minutes", displayName: "Minutes", displayPriority: 2, type: .integer,
                      metadata: ParameterMetadata(minimum: 1, maximum: 600),
                      prompts: [Prompt(kind: .primary, formatString: "How many minutes?", custom: true)],
                      unsupportedReasons: [
                          UnsupportedReason(code: "tooShort", formatString: "A workout of ${minutes} minutes is too short to log."),
                          UnsupportedReason(code: "greaterThanMaximumValue", formatString: "Workouts longer than 600 minutes can't be logged."),
                      ]),
            Parameter(name: "distance", displayName: "Distance", displayPriority: 3, type: .decimal,
                      relationship: Relationship(parent: "activity", predicate: .isEqualTo, values: ["run", "ride"])),
            Parameter(name: "route", displayName: "Route", displayPriority: 4, type: .custom("Route"),
                      supportsDynamicEnumeration: true, supportsSearch: true,
                      prompts: [
                          Prompt(kind: .disambiguationIntroduction, formatString: "There are ${count} routes.", custom: true),
                          Prompt(kind: .disambiguationSelection, formatString: "Which route?", custom: true),
                          Prompt(kind: .confirmation, formatString: "Just to confirm, ‘${route}’?", custom: true),
                      ]),
            Parameter(name: "tags", displayName: "Tags", displayPriority: 5, type: .string, supportsMultipleValues: true),
            Parameter(name: "shared", displayName: "Shared", displayPriority: 6, type: .boolean),
        ],
        parameterCombinations: [
            ParameterCombination(parameters: ["activity", "minutes"], title: "Log ${minutes} minutes of ${activity}", isPrimary: true),
        ],
        response: Response(
            parameters: [
                ResponseParameter(name: "summary", displayName: "Summary", type: .string),
                ResponseParameter(name: "calories", displayName: "Calories", type: .integer),
            ],
            codes: [
                ResponseCode(name: "success", formatString: "Logged ${summary}: ${calories} kcal.", success: true),
                ResponseCode(name: "failure", formatString: "Sorry, the workout could not be logged."),
                ResponseCode(name: "failureDeviceLocked", formatString: "Unlock your phone to log workouts."),
                ResponseCode(name: "successPersonalBest", formatString: "A personal best! ${summary}.", success: true),
            ]
        )
    )

    public static let ping = Intent(
        name: "Ping",
        title: "Ping",
        parameters: [
            Parameter(name: "when", displayName: "When", type: .dateComponents),
        ],
        response: Response(codes: [
            ResponseCode(name: "success", formatString: "Pong.", success: true),
            ResponseCode(name: "failure", formatString: "No pong."),
        ])
    )
}
