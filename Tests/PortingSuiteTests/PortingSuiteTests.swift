import ExtensionLoading
import ExthostABI
import ExthostPosix
import ExthostTestSupport
import Foundation
import IntentConversation
import IntentDefinition
import Testing

/// The porting suite's plugins (`Tests/PortingSuite`), driven as the host
/// drives an extension: the exported descriptor, `handler(for:)`, and each
/// method looked up by selector and called through libffi, which reaches
/// the generated protocol's dispatch and then the handler's own method (or
/// a default).
///
/// The probe: every handler method of the suite, given an intent with no
/// values, answers what no generated default answers (a default resolve
/// answers `notRequired`, or success with no values; default options are
/// none; a default `confirm` has no user activity; a default `handle`
/// fails). So an answer that is not the default's was the handler's own
/// method, in whichever form or name it was written.
@Suite("The porting suite, through the plugin ABI")
struct PortingSuiteTests {
    static let products = ["PortingCustomIntents", "PortingSystemIntents"]

    static func load(_ product: String) throws -> LoadedExtension {
        try ExtensionLoader().load(path: BuiltProducts.plugin(product).path)
    }

    /// A handler for one request, as `handler(for:)` gave it.
    static func session(_ loaded: LoadedExtension, _ name: String) throws -> (IntentHandlerSession, Intent) {
        let intent = try #require(loaded.definition.intents.first { $0.name == name }, "\(name) is in the extension's definition")
        return (try IntentHandlerSession(extension: loaded, intent: intent, identifier: "porting-\(name)"), intent)
    }

    /// Calls a method as the host does, from a thread of the caller's own
    /// (the host's conversation thread), never from the cooperative pool:
    /// a handler's `async` method runs in a task on that pool, which a
    /// caller blocked on one of its threads (two on a two-core machine)
    /// could starve.
    static func call(_ session: IntentHandlerSession, _ selector: String, _ shape: CompletionShape, searchTerm: String?? = nil) async throws -> CompletionPayload {
        let request = Request(session: session)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            Thread {
                let outcome = request.session.call(selector, searchTerm: searchTerm, completion: shape, deadline: Posix.monotonicNanoseconds() + 20_000_000_000)
                continuation.resume(returning: Outcome(outcome))
            }.start()
        }
        switch outcome.value {
        case .completed(let payload): return payload
        case .notImplemented: throw Failure("\(selector) has no method in the handler's box: the generated protocol lacks it")
        case .timedOut: throw Failure("\(selector) never called its completion")
        case .failed(let error): throw Failure("\(selector) failed: \(error)")
        }
    }

    /// A session handed to the calling thread; one call at a time uses it.
    struct Request: @unchecked Sendable {
        let session: IntentHandlerSession
    }

    /// A call's outcome handed back from the calling thread.
    struct Outcome: @unchecked Sendable {
        let value: CallOutcome
        init(_ value: CallOutcome) { self.value = value }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The parameters whose resolve method the generated protocol has.
    static func resolved(_ intent: Intent) -> [Parameter] {
        intent.isSystem ? intent.parameters.filter(\.supportsResolution) : intent.parameters
    }

    /// Whether a resolution is what a default resolve answers for a parameter with no value.
    static func isDefault(_ payload: CompletionPayload) -> Bool {
        guard case .resolution(let kind, let value, _, let reason) = payload else { return false }
        switch ResolutionKind(rawValue: kind) {
        case .notRequired: return true
        case .success:
            if case .list(let items)? = value { return items.isEmpty && reason == 0 }
            return value == nil
        default: return false
        }
    }

    @Test("every resolve method is the handler's own, whichever form or name it has", arguments: products)
    func everyResolveIsReached(product: String) async throws {
        let loaded = try Self.load(product)
        #expect(!loaded.manifest.intentsSupported.isEmpty)
        var reached = 0
        for name in loaded.manifest.intentsSupported {
            let (session, intent) = try Self.session(loaded, name)
            for parameter in Self.resolved(intent) {
                let selector = HandlerSelector.resolve(parameter.name)
                let payload = try await Self.call(session, selector, .resolve(ValueShape(parameter)))
                #expect(!Self.isDefault(payload), "\(name).\(selector) answered the default \(payload): the handler's method was not reached")
                reached += 1
            }
        }
        #expect(reached >= (product == "PortingCustomIntents" ? 12 : 27), "\(reached) resolve methods called")
    }

    @Test("confirm and handle are the handler's own, in either form or the older name", arguments: products)
    func confirmAndHandleAreReached(product: String) async throws {
        let loaded = try Self.load(product)
        for name in loaded.manifest.intentsSupported {
            let (session, intent) = try Self.session(loaded, name)
            let shape = CompletionShape.response(intent.response.parameters.map(ValueShape.init))
            let confirm = try await Self.call(session, HandlerSelector.confirm, shape)
            guard case .response(let code, let activity, _) = confirm else { throw Self.Failure("confirm answered \(confirm)") }
            #expect(code == SystemResponseCode.ready.rawValue, "\(name).confirm")
            #expect(activity?.activityType.hasSuffix(".confirm") == true, "\(name).confirm answered the default: no activity")
            let handle = try await Self.call(session, HandlerSelector.handle, shape)
            guard case .response(let handled, _, _) = handle else { throw Self.Failure("handle answered \(handle)") }
            #expect(handled != SystemResponseCode.failure.rawValue, "\(name).handle answered the default failure")
        }
    }

    /// The options a provider gave, as spoken.
    static func options(_ loaded: LoadedExtension, _ intentName: String, _ parameterName: String, searchTerm: String? = nil) async throws -> [String] {
        let (session, intent) = try session(loaded, intentName)
        let parameter = try #require(intent.parameter(named: parameterName))
        var enumType: EnumType?
        if case .enumeration(let name) = parameter.type { enumType = loaded.definition.enumType(named: name) }
        let payload = try await call(session, HandlerSelector.options(parameter.name), .options(ValueShape(kind: parameter.type.valueKind, multiple: false)),
                               searchTerm: .some(searchTerm))
        guard case .options(let values, let error) = payload else { throw Self.Failure("\(parameterName) options answered \(payload)") }
        #expect(error == nil)
        return values.map { $0.spoken(enumType: enumType) }
    }

    @Test("every options provider is reached through the generated protocol, in each form it is written in")
    func everyOptionsProviderIsReached() async throws {
        let loaded = try Self.load("PortingCustomIntents")
        // Completion form, Xcode's INObjectCollection<NSString>.
        #expect(try await Self.options(loaded, "PlanTrip", "airline") == ["Porting Air", "Probe Airways"])
        // An enum's options in the older provide…Options form.
        #expect(try await Self.options(loaded, "PlanTrip", "cabin") == ["Business", "Economy"])
        // A custom type's options with a search term, and without.
        #expect(try await Self.options(loaded, "PlanTrip", "hotel", searchTerm: "kyoto") == ["Kamo River Inn", "Gion Lodge"])
        #expect(try await Self.options(loaded, "PlanTrip", "hotel").count == 3)
        // The async forms: String (in sections), custom type, enum; and the older form of a String.
        #expect(try await Self.options(loaded, "ShowBoard", "station") == ["Central", "Harbour", "Airport"])
        #expect(try await Self.options(loaded, "ShowBoard", "line") == ["Blue Line", "Red Line"])
        #expect(try await Self.options(loaded, "ShowBoard", "direction") == ["Outbound"])
        #expect(try await Self.options(loaded, "ShowBoard", "platform") == ["Platform 9", "Platform 10"])
        // Every dynamic parameter of the suite is among those above.
        let dynamic = loaded.definition.intents.flatMap { intent in intent.parameters.filter(\.supportsDynamicEnumeration).map { "\(intent.name).\($0.name)" } }
        #expect(Set(dynamic) == ["PlanTrip.airline", "PlanTrip.cabin", "PlanTrip.hotel", "ShowBoard.station", "ShowBoard.line", "ShowBoard.direction", "ShowBoard.platform"])
    }

    @Test("the definitions in Xcode's shapes load: empty <data> number, Custom UTIs as dictionaries, two files merged")
    func definitionsInXcodesShapes() throws {
        let loaded = try Self.load("PortingCustomIntents")
        #expect(loaded.definition.intents.map(\.name).sorted() == ["PlanTrip", "ShowBoard"])
        let trip = try #require(loaded.definition.intents.first { $0.name == "PlanTrip" })
        #expect(trip.parameters.map(\.type) == [.placemark, .currencyAmount, .person, .file, .integer, .string, .enumeration("Cabin"), .custom("Hotel")])
        let travellers = try #require(trip.parameter(named: "travellers"))
        #expect(travellers.metadata.maximum == nil && travellers.metadata.minimum == 1)
        let itinerary = try #require(trip.parameter(named: "itinerary"))
        #expect(itinerary.metadata.uninterpreted["CustomUTIs"] != nil)
    }

    @Test("response convenience constructors take the placeholders of both format strings")
    func responseConstructors() async throws {
        let loaded = try Self.load("PortingCustomIntents")
        for (name, expected) in [("PlanTrip", ["Your trip", "3"]), ("ShowBoard", ["Harbour", "Platform 9", "4"])] {
            let (session, intent) = try Self.session(loaded, name)
            let payload = try await Self.call(session, HandlerSelector.handle, .response(intent.response.parameters.map(ValueShape.init)))
            guard case .response(let code, _, let properties) = payload else { throw Self.Failure("handle answered \(payload)") }
            #expect(code == SystemResponseCode.success.rawValue)
            #expect(properties.map { $0?.spoken() ?? "-" } == expected, "\(name)")
        }
    }
}
