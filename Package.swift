// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "exthost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "exthost", targets: ["exthost"]),
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "IntentDefinition", targets: ["IntentDefinition"]),
        .plugin(name: "IntentCodegenPlugin", targets: ["IntentCodegenPlugin"]),
        // MARK: Example plugins (built as shared objects for Plugins/)
        .library(name: "StudyRecordExtension", type: .dynamic, targets: ["StudyRecordExtension"]),
        .library(name: "FreeeExtension", type: .dynamic, targets: ["FreeeExtension"]),
        .library(name: "LightsExtension", type: .dynamic, targets: ["LightsExtension"]),
        .library(name: "SoupChefExtension", type: .dynamic, targets: ["SoupChefExtension"]),
        .library(name: "AccountSyncExtension", type: .dynamic, targets: ["AccountSyncExtension"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // MARK: Donation store
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // MARK: The plugin ABI
        .target(name: "CExthost"),
        .target(name: "ExthostABI", dependencies: ["CExthost"]),
        .systemLibrary(
            name: "CFFI",
            pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]
        ),

        // MARK: Intent definitions and code generation
        .target(name: "IntentDefinition"),
        .target(name: "IntentCodegen", dependencies: ["IntentDefinition"]),
        .executableTarget(
            name: "intentgen",
            dependencies: [
                "IntentCodegen",
                "IntentDefinition",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "IntentCodegenPlugin",
            capability: .buildTool(),
            dependencies: ["intentgen"],
            path: "Sources/IntentCodegenPlugin"
        ),

        // MARK: The SDK plugin authors import
        .target(name: "Intents", dependencies: ["CExthost", "ExthostABI"]),

        // MARK: Donations, shortcuts and phrases (the system's store; plugins never link it)
        .target(name: "DonationStore", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),

        // MARK: The host
        .target(name: "ExthostCore", dependencies: ["AppHandoff", "AppWire", "CExthost", "CFFI", "DonationStore", "ExthostABI", "IntentDefinition", "SharedContainer"]),
        .executableTarget(
            name: "exthost",
            dependencies: [
                "AppHandoff",
                "ExthostCore",
                "DonationStore",
                "IntentCodegen",
                "IntentDefinition",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Apps: the app-process module, the host's side of apps, shared containers
        .target(name: "CAppWire"),
        .target(name: "AppWire", dependencies: ["CAppWire"]),
        .target(name: "AppProcess", dependencies: ["AppWire"]),
        .target(name: "AppHandoff", dependencies: ["AppWire"]),
        .target(name: "SharedContainer"),
        // The Intents SDK connected to the system inside an app process.
        .target(name: "AppIntents", dependencies: ["CExthost", "DonationStore", "Intents"]),

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
        .target(
            name: "FreeeExtension",
            dependencies: ["Intents"],
            path: "Examples/StudyRecord/Freee",
            plugins: ["IntentCodegenPlugin"]
        ),
        // Soup order: Apple's Soup Chef definition, extended (custom type with dynamic options, order type, delivery location).
        .target(
            name: "SoupChefExtension",
            dependencies: ["Intents"],
            path: "Examples/SoupChef/Extension",
            plugins: ["IntentCodegenPlugin"]
        ),
        // Account sync: the shared framework (intent classes, the sync) used by the extension and the app.
        .target(
            name: "AccountSyncKit",
            dependencies: ["Intents", "SharedContainer"],
            path: "Examples/AccountSync/Kit",
            plugins: ["IntentCodegenPlugin"]
        ),
        .target(
            name: "AccountSyncExtension",
            dependencies: ["AccountSyncKit", "Intents"],
            path: "Examples/AccountSync/Extension"
        ),
        .executableTarget(
            name: "AccountSyncApp",
            dependencies: ["AccountSyncKit", "AppIntents", "AppProcess", "Intents", "SharedContainer"],
            path: "Examples/AccountSync/App"
        ),
        // Recipe assistant: ShowDirections handled in the app, no extension.
        .executableTarget(
            name: "RecipesApp",
            dependencies: ["AppProcess"],
            path: "Examples/Recipes/App"
        ),

        // MARK: Tests
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
        .target(name: "ExthostTestSupport", dependencies: ["AppHandoff", "IntentCodegen", "IntentDefinition"], path: "Tests/ExthostTestSupport"),
        .testTarget(name: "IntentDefinitionTests", dependencies: ["IntentDefinition", "ExthostTestSupport"]),
        .testTarget(name: "IntentCodegenTests", dependencies: ["IntentCodegen", "IntentDefinition", "ExthostTestSupport"], exclude: ["References"]),
        .target(name: "CorpusIntents", dependencies: ["Intents"], path: "Tests/CorpusIntents", plugins: ["IntentCodegenPlugin"]),
        .testTarget(name: "IntentsTests", dependencies: ["Intents", "StudyRecordExtension", "CorpusIntents", "ExthostTestSupport"]),
        .testTarget(name: "DonationStoreTests", dependencies: ["DonationStore", "ExthostTestSupport"]),
        .testTarget(name: "ExthostCoreTests", dependencies: ["ExthostCore", "IntentCodegen", "IntentDefinition", "ExthostTestSupport"]),
        // The app-process module and the host's side of apps, against the lifecycle probe app.
        .testTarget(name: "AppProcessTests", dependencies: ["AppHandoff", "SharedContainer", "ExthostTestSupport"]),
        // The command line: each command run as a user runs it, the built exthost binary.
        .testTarget(name: "ExthostCommandTests", dependencies: ["AppHandoff", "IntentDefinition", "ExthostTestSupport"]),
        // Each example end to end (exthost, the example's plugins, apps and backend), and the examples' own code.
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["AppHandoff", "CExthost", "ExthostTestSupport", "SharedContainer", "StudyRecordExtension", "StudyRecordKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
