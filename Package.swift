// swift-tools-version: 6.1
import PackageDescription

/// How a Swift plugin is linked: it exports the plugin ABI's entry function
/// and nothing else (`Sources/CExthost/exthost-plugin.map`), so the SDK and
/// the extension's own symbols bind inside the plugin and `dlopen` does not
/// look each of them up in the host's libraries first (a Swift plugin's
/// `dlopen` −20 %: docs/plan-fast-path.md, "A Swift plugin's link").
/// Authors' packages do the same (README, "Writing an extension").
let swiftPluginLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/CExthost/exthost-plugin.map"], .when(platforms: [.linux])),
]

let package = Package(
    name: "exthost",
    platforms: [.macOS(.v15)],
    products: [
        // `exthost` is the small static front (`ExthostFront`); the full command
        // line, which it runs for what it does not do itself, is `exthost-system`.
        .executable(name: "exthost", targets: ["ExthostFront"]),
        .executable(name: "exthost-system", targets: ["exthost"]),
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        .library(name: "IntentDefinition", targets: ["IntentDefinition"]),
        .plugin(name: "IntentCodegenPlugin", targets: ["IntentCodegenPlugin"]),
        // MARK: Example plugins (built as shared objects for Plugins/)
        .library(name: "StudyRecordExtension", type: .dynamic, targets: ["StudyRecordExtension"]),
        .library(name: "FreeeExtension", type: .dynamic, targets: ["FreeeExtension"]),
        .library(name: "LightsExtension", type: .dynamic, targets: ["LightsExtension"]),
        .library(name: "SoupChefExtension", type: .dynamic, targets: ["SoupChefExtension"]),
        .library(name: "AccountSyncExtension", type: .dynamic, targets: ["AccountSyncExtension"]),
        .library(name: "MessagingExtension", type: .dynamic, targets: ["MessagingExtension"]),
        .library(name: "CallingExtension", type: .dynamic, targets: ["CallingExtension"]),
        .library(name: "NotesExtension", type: .dynamic, targets: ["NotesExtension"]),
        .library(name: "WorkoutsExtension", type: .dynamic, targets: ["WorkoutsExtension"]),
        .library(name: "MediaExtension", type: .dynamic, targets: ["MediaExtension"]),
        // MARK: Fixture plugins (what no example shows)
        .library(name: "TwoDefinitionsExtension", type: .dynamic, targets: ["TwoDefinitionsExtension"]),
        .library(name: "SecondMessagingExtension", type: .dynamic, targets: ["SecondMessagingExtension"]),
        // MARK: The porting suite (handlers in the shapes iOS extensions have, built as a user's package builds them)
        .library(name: "PortingCustomIntents", type: .dynamic, targets: ["PortingCustomIntents"]),
        .library(name: "PortingSystemIntents", type: .dynamic, targets: ["PortingSystemIntents"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // MARK: Donation store
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // MARK: Logging (the host side only: the SDK plugins link never depends on it)
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // MARK: The service (`exthost serve`): event loop and lifecycle
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // MARK: The service's metrics (`GET /metrics`, Prometheus's text format)
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
    ],
    targets: [
        // MARK: System calls and child processes (every module reaches the OS through here)
        .target(name: "CExthostPosix"),
        .target(name: "ExthostPosix", dependencies: ["CExthostPosix"]),

        // MARK: The plugin ABI
        // exthost-plugin.map: the exports of a plugin (see swiftPluginLinking below).
        .target(name: "CExthost", exclude: ["exthost-plugin.map"]),
        .target(name: "ExthostABI", dependencies: ["CExthost"], plugins: ["ToolchainStampPlugin"]),
        // Stamps ExthostABI with the exact compiler version (`swiftc --version`).
        .executableTarget(name: "toolchain-stamp"),
        .plugin(
            name: "ToolchainStampPlugin",
            capability: .buildTool(),
            dependencies: ["toolchain-stamp"],
            path: "Sources/ToolchainStampPlugin"
        ),
        .systemLibrary(
            name: "CFFI",
            pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]
        ),

        // MARK: Intent definitions and code generation
        .target(name: "IntentDefinition", dependencies: ["ExthostABI"]),
        .target(name: "IntentCodegen", dependencies: ["ExthostABI", "IntentDefinition"]),
        // The arguments and the run of `intentgen` and `exthost generate`, shared.
        .target(
            name: "IntentCodegenCommand",
            dependencies: ["IntentCodegen", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "intentgen",
            dependencies: ["IntentCodegenCommand", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .plugin(
            name: "IntentCodegenPlugin",
            capability: .buildTool(),
            dependencies: ["intentgen"],
            path: "Sources/IntentCodegenPlugin"
        ),

        // MARK: The SDK plugin authors import
        // Its system intents (INSendMessageIntent, …) are generated at build time from IntentDefinition's SystemIntents.
        .target(name: "Intents", dependencies: ["CExthost", "ExthostABI"], plugins: ["SystemIntentsPlugin"]),
        // Local notifications (`UNUserNotificationCenter`), posted to the system's notification log.
        .target(name: "UserNotifications", dependencies: ["ExthostABI", "Intents"]),
        .plugin(
            name: "SystemIntentsPlugin",
            capability: .buildTool(),
            dependencies: ["intentgen"],
            path: "Sources/SystemIntentsPlugin"
        ),

        // MARK: JSON text written by hand, without Foundation (the service's lines, the front's messages, the pending record)
        .target(name: "JSONText"),

        // MARK: App manifests (the host's side of apps and the donation store read them alike)
        .target(name: "AppManifests"),

        // MARK: Donations, shortcuts and phrases (the system's store; plugins never link it)
        .target(name: "DonationStore", dependencies: ["AppManifests", "ExthostABI", "ExthostPosix", "JSONText", .product(name: "GRDB", package: "GRDB.swift")]),

        // MARK: The host
        // exthost's own processes write their log here (standard error); embedding applications bring their own handler.
        .target(name: "ExthostLogging", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The conversation: resolve → confirm → handle over any HandlerConnection, values, prompters.
        .target(name: "IntentConversation", dependencies: ["ExthostABI", "ExthostPosix", "IntentDefinition"]),
        // An in-memory HandlerConnection for tests of the conversation (as NIOEmbedded is to NIO).
        .target(name: "IntentConversationEmbedded", dependencies: ["ExthostABI", "IntentConversation", "IntentDefinition"]),
        // Loading: plugin discovery, the registry, the loader, libffi dispatch (a HandlerConnection to a plugin).
        .target(
            name: "ExtensionLoading",
            dependencies: ["CExthost", "CFFI", "ExthostABI", "ExthostPosix", "IntentConversation", "IntentDefinition", .product(name: "Logging", package: "swift-log")]
        ),
        // Extension processes: one plugin per process, spoken to over a socket pair (both sides of the protocol).
        .target(
            name: "ExtensionProcesses",
            dependencies: ["CExthost", "ExtensionLoading", "ExthostABI", "ExthostLogging", "ExthostPosix", "IntentConversation", "IntentDefinition", .product(name: "Logging", package: "swift-log")]
        ),
        // What a client asks the system: the intent file and the service's protocol lines.
        .target(name: "RequestWire", dependencies: ["ExthostABI", "ExthostPosix", "IntentConversation", "IntentDefinition", "JSONText"]),
        // The system: one request end to end (extension or app), hand-off, donations.
        .target(
            name: "IntentSystem",
            dependencies: ["AppHandoff", "AppManifests", "AppWire", "CExthost", "DonationStore", "ExtensionLoading", "ExtensionProcesses", "ExthostABI", "ExthostPosix", "IntentConversation", "IntentDefinition", "RequestWire", "SharedContainer"]
        ),
        // The service: conversations as sessions over a Unix socket and HTTP (`exthost serve`), and the client's side of its protocol.
        .target(
            name: "ExthostService",
            dependencies: [
                "AppWire", "DonationStore", "ExthostABI", "ExthostLogging", "ExthostPosix", "IntentConversation", "IntentDefinition", "IntentSystem", "JSONText", "RequestWire",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Startup-latency benchmarks, used only by `exthost bench`.
        .target(
            name: "ExthostBenchmarks",
            dependencies: ["ExtensionLoading", "ExthostPosix", "IntentCodegen", "IntentConversation", "IntentDefinition", "IntentSystem", "RequestWire", "SharedContainer"]
        ),
        // The front users run as `exthost`: linked statically (no Foundation, no
        // shared Swift runtime) so that it starts as fast as `/bin/true`; it
        // execs `exthost-system` for everything it does not do itself. Linked
        // with GNU ld and its warnings off: the static Swift runtime references
        // `dlopen` (an optional lookup of prespecialised metadata), and glibc's
        // link-time notice about `dlopen` in static programs is the only
        // warning such a link gives; the front itself loads nothing.
        .executableTarget(
            name: "ExthostFront",
            dependencies: ["CExthostPosix", "JSONText"],
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=bfd", "-Xlinker", "--no-warnings"])]
        ),
        .executableTarget(
            name: "exthost",
            dependencies: [
                "AppHandoff",
                "AppManifests",
                "ExtensionLoading",
                "ExtensionProcesses",
                "ExthostABI",
                "ExthostBenchmarks",
                "ExthostLogging",
                "ExthostPosix",
                "ExthostService",
                "IntentConversation",
                "IntentSystem",
                "RequestWire",
                "DonationStore",
                "IntentCodegen",
                "IntentCodegenCommand",
                "IntentDefinition",
                "JSONText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // MARK: Apps: the app-process module, the host's side of apps, shared containers
        .target(name: "AppWire", dependencies: ["ExthostPosix"]),
        .target(name: "AppProcess", dependencies: ["AppWire", "ExthostPosix"]),
        .target(name: "AppHandoff", dependencies: ["AppManifests", "AppWire", "ExthostABI", "ExthostPosix"]),
        .target(name: "SharedContainer", dependencies: ["ExthostPosix"]),
        // The Intents SDK connected to the system inside an app process.
        .target(name: "AppProcessIntents", dependencies: ["AppProcess", "AppWire", "CExthost", "DonationStore", "Intents", "SharedContainer"]),

        // MARK: Examples
        // A C extension: its header is `exthost generate Examples/Lights/Lights.intentdefinition --language c`.
        .target(
            name: "LightsExtension",
            dependencies: ["CExthost"],
            path: "Examples/Lights/Extension"
        ),
        // Study record: the app's shared framework, its Intents extension, the app and its backend.
        .target(
            name: "StudyRecordKit",
            dependencies: ["SharedContainer"],
            path: "Examples/StudyRecord/Shared"
        ),
        .target(
            name: "StudyRecordExtension",
            dependencies: ["Intents", "StudyRecordKit"],
            path: "Examples/StudyRecord/Extension",
            exclude: ["ja.lproj"],
            linkerSettings: swiftPluginLinking,
            plugins: ["IntentCodegenPlugin"]
        ),
        .executableTarget(
            name: "StudyRecord",
            dependencies: ["AppProcess", "DonationStore", "SharedContainer", "StudyRecordKit"],
            path: "Examples/StudyRecord/App",
            exclude: ["StudyRecord.app.json"]
        ),
        .executableTarget(
            name: "StudyRecordBackend",
            dependencies: ["StudyRecordKit"],
            path: "Examples/StudyRecord/Backend",
            exclude: ["Data"]
        ),
        // The app's private framework, as the shipped app has one: the
        // intent classes generated from its definition and the API client,
        // shared by the app and its extension.
        .target(
            name: "OurPrivateFramework",
            dependencies: ["Intents"],
            path: "Examples/StudyRecord/OurPrivateFramework",
            plugins: ["IntentCodegenPlugin"]
        ),
        .target(
            name: "FreeeExtension",
            dependencies: ["Intents", "OurPrivateFramework"],
            path: "Examples/StudyRecord/Freee",
            linkerSettings: swiftPluginLinking
        ),
        // The freee app, as far as its extension needs one: its manifest's app group, and the sync request picked up at launch.
        .executableTarget(
            name: "FreeeApp",
            dependencies: ["AppProcess", "OurPrivateFramework", "SharedContainer"],
            path: "Examples/StudyRecord/FreeeApp",
            exclude: ["Freee.app.json"]
        ),
        // Soup order: a hand-written JSON-form definition (custom type with dynamic options, order type, delivery location).
        .target(
            name: "SoupChefExtension",
            dependencies: ["Intents"],
            path: "Examples/SoupChef/Extension",
            linkerSettings: swiftPluginLinking,
            plugins: ["IntentCodegenPlugin"]
        ),
        // Account sync: the shared framework (intent classes, the sync) used by the extension and the app.
        .target(
            name: "AccountSyncKit",
            dependencies: ["Intents", "SharedContainer", "UserNotifications"],
            path: "Examples/AccountSync/Kit",
            plugins: ["IntentCodegenPlugin"]
        ),
        .target(
            name: "AccountSyncExtension",
            dependencies: ["AccountSyncKit", "Intents"],
            path: "Examples/AccountSync/Extension",
            linkerSettings: swiftPluginLinking
        ),
        .executableTarget(
            name: "AccountSyncApp",
            dependencies: ["AccountSyncKit", "AppProcess", "AppProcessIntents", "Intents", "SharedContainer"],
            path: "Examples/AccountSync/App"
        ),
        // Messaging: Apple's INSendMessageIntent, a system intent, handled with no definition of the app's own.
        .target(
            name: "MessagingExtension",
            dependencies: ["Intents"],
            path: "Examples/Messaging/Extension",
            linkerSettings: swiftPluginLinking
        ),
        .executableTarget(
            name: "MessagingApp",
            dependencies: ["AppProcess", "AppProcessIntents", "Intents"],
            path: "Examples/Messaging/App"
        ),
        // Calling: a VoIP app's INStartCallIntent handed to the app (continueInApp), and its call history.
        .target(
            name: "CallingExtension",
            dependencies: ["Intents"],
            path: "Examples/Calling/Extension",
            linkerSettings: swiftPluginLinking
        ),
        .executableTarget(
            name: "CallingApp",
            dependencies: ["AppProcess"],
            path: "Examples/Calling/App"
        ),
        // Notes and lists: the eight lists-and-notes intents, handled by two objects conforming to several protocols.
        .target(
            name: "NotesExtension",
            dependencies: ["Intents"],
            path: "Examples/Notes/Extension",
            linkerSettings: swiftPluginLinking
        ),
        // Workouts: the five workout intents resolved in the extension and handled in the app (handleInApp).
        .target(
            name: "WorkoutsExtension",
            dependencies: ["Intents"],
            path: "Examples/Workouts/Extension",
            linkerSettings: swiftPluginLinking
        ),
        .executableTarget(
            name: "WorkoutsApp",
            dependencies: ["AppProcess", "AppProcessIntents", "Intents"],
            path: "Examples/Workouts/App"
        ),
        // Media: INPlayMediaIntent handled in the app, no extension.
        // Media: Apple's INAddMediaIntent, INSearchForMediaIntent and INUpdateMediaAffinityIntent in an extension; playing is the app's.
        .target(
            name: "MediaExtension",
            dependencies: ["Intents"],
            path: "Examples/Media/Extension",
            linkerSettings: swiftPluginLinking
        ),
        .executableTarget(
            name: "MediaApp",
            dependencies: ["AppProcessIntents", "Intents"],
            path: "Examples/Media/App",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Presence: INShareFocusStatusIntent handled in the app, which reads the Focus from INFocusStatusCenter.
        .executableTarget(
            name: "PresenceApp",
            dependencies: ["AppProcessIntents", "Intents"],
            path: "Examples/Presence/App",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Recipe assistant: ShowDirections handled in the app, no extension,
        // written as an iOS app is (app delegate, generated handling protocol).
        .executableTarget(
            name: "RecipesApp",
            dependencies: ["AppProcessIntents", "Intents"],
            path: "Examples/Recipes/App",
            exclude: ["ja.lproj"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["IntentCodegenPlugin"]
        ),

        // MARK: Tests
        .testTarget(name: "ExthostPosixTests", dependencies: ["ExthostPosix"]),
        .testTarget(name: "ExthostABITests", dependencies: ["CExthost", "ExthostABI"]),
        // The README's layout rule, checked against Package.swift and the sources.
        .testTarget(name: "LayeringTests", dependencies: ["ExthostTestSupport", "IntentDefinition"]),
        // Fixtures for behaviours no example has, each named for what it exhibits.
        .executableTarget(
            name: "LifecycleProbeApp",
            dependencies: ["AppProcess", "SharedContainer"],
            path: "Tests/Fixtures/LifecycleProbeApp"
        ),
        .executableTarget(
            name: "ConcurrentQueueWriter",
            dependencies: ["SharedContainer"],
            path: "Tests/Fixtures/ConcurrentQueueWriter"
        ),
        // A second app's messaging extension: two apps handle one system intent.
        .target(
            name: "SecondMessagingExtension",
            dependencies: ["Intents"],
            path: "Tests/Fixtures/SecondMessagingExtension",
            linkerSettings: swiftPluginLinking
        ),
        // An extension whose target has two intent definitions, one beside a source of the same name.
        .target(
            name: "TwoDefinitionsExtension",
            dependencies: ["Intents"],
            path: "Tests/Fixtures/TwoDefinitionsExtension",
            linkerSettings: swiftPluginLinking,
            plugins: ["IntentCodegenPlugin"]
        ),
        // The porting suite: the project's own handler files in the shapes iOS extensions have, each target
        // built as a user's package builds one (Swift 5 mode, the Intents product only, the build-tool plugin
        // on its own .intentdefinition files); PortingSuiteTests loads each as a plugin.
        .target(
            name: "PortingCustomIntents",
            dependencies: ["Intents"],
            path: "Tests/PortingSuite/CustomIntents",
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: swiftPluginLinking,
            plugins: ["IntentCodegenPlugin"]
        ),
        .target(
            name: "PortingSystemIntents",
            dependencies: ["Intents"],
            path: "Tests/PortingSuite/SystemIntents",
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: swiftPluginLinking
        ),
        // The porting suite's app: an app delegate, a scene delegate and an in-app handler written as iOS apps
        // write them (Swift 5 mode, the build-tool plugin on its own definition); PortingAppTests runs it.
        .executableTarget(
            name: "PortingApp",
            dependencies: ["AppProcessIntents", "Intents"],
            path: "Tests/PortingSuite/App",
            exclude: ["Journal.app.json"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: ["IntentCodegenPlugin"]
        ),
        .target(
            name: "ExthostTestSupport",
            dependencies: ["AppHandoff", "IntentCodegen", "IntentDefinition", .product(name: "Logging", package: "swift-log")],
            path: "Tests/ExthostTestSupport"
        ),
        .testTarget(name: "IntentDefinitionTests", dependencies: ["ExthostABI", "IntentDefinition", "ExthostTestSupport"]),
        .testTarget(name: "IntentCodegenTests", dependencies: ["IntentCodegen", "IntentDefinition", "ExthostTestSupport"], exclude: ["References"]),
        // The shared corpus's definitions (../shared/corpus/intentdefinition, read in place at every build)
        // generated into CorpusIntents beside the project's own AllTypes definition.
        .executableTarget(name: "corpus-index", dependencies: ["IntentCodegen", "IntentDefinition"], path: "Tests/CorpusIndex"),
        .plugin(
            name: "CorpusCodegenPlugin",
            capability: .buildTool(),
            dependencies: ["intentgen", "corpus-index"],
            path: "Tests/CorpusCodegenPlugin"
        ),
        .target(name: "CorpusIntents", dependencies: ["Intents"], path: "Tests/CorpusIntents", plugins: ["IntentCodegenPlugin", "CorpusCodegenPlugin"]),
        .testTarget(
            name: "IntentsTests",
            dependencies: ["Intents", "IntentConversation", "IntentDefinition", "StudyRecordExtension", "CorpusIntents", "ExthostTestSupport", "UserNotifications", "DonationStore"]
        ),
        .testTarget(name: "DonationStoreTests", dependencies: ["DonationStore", "ExthostABI", "ExthostTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "IntentConversationTests", dependencies: ["DonationStore", "ExthostABI", "ExtensionLoading", "IntentConversation", "IntentConversationEmbedded", "IntentDefinition", "IntentSystem", "ExthostTestSupport"]),
        .testTarget(
            name: "ExtensionLoadingTests",
            dependencies: ["ExthostABI", "ExtensionLoading", "IntentDefinition", "ExthostTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        // Extension processes: real processes running misbehaving fixture plugins and the examples.
        .testTarget(
            name: "ExtensionProcessesTests",
            dependencies: ["ExtensionLoading", "ExtensionProcesses", "ExthostABI", "ExthostPosix", "IntentConversation", "IntentDefinition", "ExthostTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "ExthostBenchmarksTests", dependencies: ["ExtensionLoading", "ExthostBenchmarks", "IntentConversation", "IntentDefinition", "ExthostTestSupport"]),
        // Every handler of the porting suite reached through the plugin ABI, as the host reaches it.
        .testTarget(
            name: "PortingSuiteTests",
            dependencies: ["AppHandoff", "ExtensionLoading", "ExtensionProcesses", "ExthostABI", "ExthostPosix", "ExthostTestSupport", "IntentConversation", "IntentDefinition"]
        ),
        .testTarget(name: "ExthostLoggingTests", dependencies: ["ExthostLogging", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "AppManifestsTests", dependencies: ["AppManifests"]),
        // The app-process module and the host's side of apps, against the lifecycle probe app.
        .testTarget(name: "AppProcessTests", dependencies: ["AppHandoff", "AppProcessIntents", "SharedContainer", "ExthostTestSupport"]),
        // The command line: each command run as a user runs it, the built exthost binary.
        .testTarget(name: "ExthostCommandTests", dependencies: ["AppHandoff", "DonationStore", "IntentDefinition", "ExthostTestSupport"]),
        // The full program's own code, in process: `exthost run`'s command-line reader against the parser.
        .testTarget(name: "ExthostProgramTests", dependencies: ["exthost", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The fault corpus: one table per area (plugin files, plugin behaviour, intent files, stores, environments),
        // each case a real `exthost` run with its documented exit status and message.
        .testTarget(name: "FaultCorpusTests", dependencies: ["ExthostTestSupport"]),
        // The service as users run it: `exthost serve` as a real process, its clients, sessions and shutdown.
        .testTarget(name: "ExthostServiceTests", dependencies: ["DonationStore", "ExthostPosix", "ExthostService", "ExthostTestSupport", "JSONText", "RequestWire", .product(name: "GRDB", package: "GRDB.swift")]),
        // Each example end to end (exthost, the example's plugins, apps and backend), and the examples' own code.
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["AppHandoff", "CExthost", "ExthostTestSupport", "SharedContainer", "StudyRecordExtension", "StudyRecordKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
