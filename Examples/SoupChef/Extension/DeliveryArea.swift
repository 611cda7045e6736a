import Intents

/// Where Soup Chef delivers: everywhere but the towns listed.
enum DeliveryArea {
    static let excludedTowns = ["Shelbyville", "Capital City"]

    /// Whether `location` is outside the delivery area.
    static func excludes(_ location: CLPlacemark) -> Bool {
        let text = [location.displayString, location.locality ?? ""].joined(separator: " ")
        return excludedTowns.contains { text.localizedCaseInsensitiveContains($0) }
    }
}
