import Intents

/// An extension whose target has two intent definitions, as an app's
/// extension with a widget's definition beside its own does: one principal
/// class hands each intent to its handler.
final class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        switch intent {
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

@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer {
    ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.twodefinitions.intents", app: "com.example.twodefinitions",
                               definitions: [WidgetIntentDefinition.self, OrdersIntentDefinition.self])
}
