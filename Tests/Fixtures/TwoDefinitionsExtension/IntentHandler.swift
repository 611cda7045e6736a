import Intents

/// An extension whose target has two intent definitions, as an app's
/// extension with a widget's definition beside its own does: one principal
/// class hands each intent to its handler, and a widget for Sapporo to a
/// handler chosen by the intent's value.
final class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        switch intent {
        case let widget as ConfigureWeatherWidgetIntent where widget.city == "Sapporo": SnowyWidgetHandler(chosenFor: widget)
        case is ConfigureWeatherWidgetIntent: WeatherWidgetHandler()
        default: ReorderHandler()
        }
    }
}

final class ReorderHandler: NSObject, ReorderLastIntentHandling {
    func handle(intent: ReorderLastIntent, completion: @escaping (ReorderLastIntentResponse) -> Void) {
        completion(ReorderLastIntentResponse(code: .success, userActivity: nil))
    }
}

/// The handler `handler(for:)` chooses by the city's value: it says
/// whether the city it resolves is on the intent `handler(for:)` was given
/// or on one decoded again.
final class SnowyWidgetHandler: NSObject, ConfigureWeatherWidgetIntentHandling {
    private let chosenFor: ConfigureWeatherWidgetIntent

    init(chosenFor: ConfigureWeatherWidgetIntent) {
        self.chosenFor = chosenFor
    }

    func resolveCity(for intent: ConfigureWeatherWidgetIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        let source = intent === chosenFor ? "the intent handler(for:) was given" : "an intent decoded again"
        ExtensionHost.log("snowy widget: resolveCity sees \(intent.city ?? "no city") on \(source)")
        completion(intent.city.map { .success(with: $0) } ?? .needsValue())
    }

    func handle(intent: ConfigureWeatherWidgetIntent, completion: @escaping (ConfigureWeatherWidgetIntentResponse) -> Void) {
        ExtensionHost.log("snowy widget set to \(intent.city ?? "no city")")
        completion(ConfigureWeatherWidgetIntentResponse(code: intent.city == nil ? .failure : .success, userActivity: nil))
    }
}

@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer {
    ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.twodefinitions.intents", app: "com.example.twodefinitions",
                               definitions: [WidgetIntentDefinition.self, OrdersIntentDefinition.self])
}
