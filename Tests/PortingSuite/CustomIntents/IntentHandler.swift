// Imports Intents and nothing else, as an iOS extension's principal class
// does: Foundation's names (NSNumber, NSLocalizedString, LocalizedError,
// Date, ProcessInfo) come with it.
import Intents

/// Where the extension's trips come from: a store the principal class is
/// made with, so the class has a designated initialiser of its own and no
/// `init()`.
struct TripCatalogue {
    let airlines: [String]
    let hotels: [(code: String, name: String, city: String)]

    static let standard = TripCatalogue(
        airlines: ["Porting Air", "Probe Airways"],
        hotels: [("kyo-1", "Kamo River Inn", "Kyoto"), ("osa-1", "Dotonbori Stay", "Osaka"), ("kyo-2", "Gion Lodge", "Kyoto")]
    )
}

enum TripError: LocalizedError {
    case noCatalogue

    var errorDescription: String? {
        NSLocalizedString("The trip catalogue is not available.", comment: "no catalogue")
    }
}

/// The principal class: an `INExtension` subclass with its own designated
/// initialiser, `handler(for:)` returning `Any?`.
class IntentHandler: INExtension {
    let catalogue: TripCatalogue
    let started: Date

    init(catalogue: TripCatalogue) {
        self.catalogue = catalogue
        self.started = Date()
        super.init()
    }

    override func handler(for intent: INIntent) -> Any? {
        switch intent {
        case is PlanTripIntent:
            return PlanTripHandler(catalogue: catalogue)
        case is ShowBoardIntent:
            return ShowBoardHandler()
        case is WatchBoardIntent:
            return WatchBoardHandler()
        default:
            return deprecatedHandler(for: intent, from: DeprecatedHandlers.self)
        }
    }
}

@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer {
    ExtensionExport.descriptor(IntentHandler(catalogue: .standard), identifier: "com.example.porting.trips.intents", app: "com.example.porting.trips",
                               definitions: [TripsIntentDefinition.self, BoardsIntentDefinition.self])
}
