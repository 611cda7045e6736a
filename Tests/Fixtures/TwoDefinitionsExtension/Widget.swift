import Intents

/// The widget's configuration intent, in a file named like its definition
/// (`Widget.intentdefinition.json`), as Xcode projects often have it: the
/// generated code must not take this file's name.
final class WeatherWidgetHandler: NSObject, ConfigureWeatherWidgetIntentHandling {
    func handle(intent: ConfigureWeatherWidgetIntent, completion: @escaping (ConfigureWeatherWidgetIntentResponse) -> Void) {
        guard let city = intent.city, !city.isEmpty else {
            completion(ConfigureWeatherWidgetIntentResponse(code: .failure, userActivity: nil))
            return
        }
        ExtensionHost.log("widget set to \(city)")
        completion(ConfigureWeatherWidgetIntentResponse(code: .success, userActivity: nil))
    }
}
