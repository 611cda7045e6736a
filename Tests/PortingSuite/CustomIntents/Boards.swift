import Intents

/// The handler of `ShowBoard` (the target's second definition), in the
/// `async` form: options of a String, a custom type and an enum parameter
/// as `async throws` collections, and a String's in the older
/// `provide…Options` form.
class ShowBoardHandler: NSObject, ShowBoardIntentHandling {
    func resolveStation(for intent: ShowBoardIntent) async -> INStringResolutionResult {
        intent.station.map { .success(with: $0) } ?? .disambiguation(with: ["Central", "Harbour"])
    }

    func resolveLine(for intent: ShowBoardIntent) async -> TransitLineResolutionResult {
        intent.line.map { .success(with: $0) } ?? .success(with: TransitLine(identifier: "blue", display: "Blue Line"))
    }

    func resolveDirection(for intent: ShowBoardIntent) async -> DirectionResolutionResult {
        intent.direction == .unknown ? .disambiguation(with: [.inbound, .outbound]) : .success(with: intent.direction)
    }

    func resolvePlatform(for intent: ShowBoardIntent) async -> INStringResolutionResult {
        .unsupported()
    }

    func provideStationOptionsCollection(for intent: ShowBoardIntent) async throws -> INObjectCollection<NSString> {
        INObjectCollection(sections: [
            INObjectSection(title: "Nearby", items: ["Central" as NSString]),
            INObjectSection(title: "Favourites", items: ["Harbour" as NSString, "Airport" as NSString]),
        ])
    }

    func provideLineOptionsCollection(for intent: ShowBoardIntent) async throws -> INObjectCollection<TransitLine> {
        INObjectCollection(items: [TransitLine(identifier: "blue", display: "Blue Line"), TransitLine(identifier: "red", display: "Red Line")])
    }

    func provideDirectionOptionsCollection(for intent: ShowBoardIntent) async throws -> INObjectCollection<Direction> {
        INObjectCollection(items: [.outbound])
    }

    func providePlatformOptions(for intent: ShowBoardIntent) async throws -> [String] {
        ["Platform 9", "Platform 10"]
    }

    func confirm(intent: ShowBoardIntent) async -> ShowBoardIntentResponse {
        ShowBoardIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.boards.confirm"))
    }

    func handle(intent: ShowBoardIntent) async -> ShowBoardIntentResponse {
        .success(destination: intent.station ?? "Harbour", platform: "Platform 9", minutes: 4)
    }
}

/// The handler of `WatchBoard`, whose `refreshMinutes` is configurable but
/// not resolvable (Xcode's "Siri can ask for value when run" unchecked): the
/// generated protocol has no `resolveRefreshMinutes`, so the handler has
/// none either, and the value is what the shortcut was set up with. Its
/// station's options come in titled sections, more than a page of them.
class WatchBoardHandler: NSObject, WatchBoardIntentHandling {
    func resolveStation(for intent: WatchBoardIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        completion(intent.station.map { .success(with: $0) } ?? .needsValue())
    }

    /// More stations than a page, in titled sections.
    func provideStationOptionsCollection(for intent: WatchBoardIntent, with completion: @escaping (INObjectCollection<NSString>?, Error?) -> Void) {
        completion(INObjectCollection(sections: [
            INObjectSection(title: "Nearby", items: ["Central", "Harbour"].map { $0 as NSString }),
            INObjectSection(title: "Saved", items: ["Airport", "Stadium", "University", "Old Town", "Riverside", "Docks"].map { $0 as NSString }),
        ]), nil)
    }

    func confirm(intent: WatchBoardIntent, completion: @escaping (WatchBoardIntentResponse) -> Void) {
        completion(WatchBoardIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.boards.watch.confirm")))
    }

    func handle(intent: WatchBoardIntent, completion: @escaping (WatchBoardIntentResponse) -> Void) {
        let refresh = intent.refreshMinutes.map { "every \($0.intValue) minutes" } ?? "when asked"
        completion(.success(station: intent.station ?? "Central", refresh: refresh))
    }
}

/// The handler of `ShowTimetable`, an intent the definition marks deprecated
/// (`INIntentDeprecated`): its generated classes are deprecated, so the
/// handler is too, and the principal class reaches it through
/// `DeprecatedHandlers` (below) without a warning.
@available(*, deprecated, message: "ShowTimetable is kept for shortcuts made before Show Departures")
class ShowTimetableHandler: NSObject, ShowTimetableIntentHandling {
    func confirm(intent: ShowTimetableIntent, completion: @escaping (ShowTimetableIntentResponse) -> Void) {
        completion(ShowTimetableIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.boards.timetable.confirm")))
    }

    func handle(intent: ShowTimetableIntent, completion: @escaping (ShowTimetableIntentResponse) -> Void) {
        completion(ShowTimetableIntentResponse(code: .success, userActivity: nil))
    }
}

/// Handlers of deprecated intents, made through a protocol whose requirement
/// is not deprecated: a class that is not deprecated (the principal class)
/// can name this type without a warning, as it could not name the handler.
protocol DeprecatedHandlerMaking {
    static func handler(for intent: INIntent) -> Any?
}

enum DeprecatedHandlers: DeprecatedHandlerMaking {
    @available(*, deprecated)
    static func handler(for intent: INIntent) -> Any? {
        intent is ShowTimetableIntent ? ShowTimetableHandler() : nil
    }
}

/// The handler of a deprecated intent, or nil.
func deprecatedHandler<Maker: DeprecatedHandlerMaking>(for intent: INIntent, from maker: Maker.Type) -> Any? {
    Maker.handler(for: intent)
}
