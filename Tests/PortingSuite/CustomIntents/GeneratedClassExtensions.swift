import Intents

// Members added to generated classes in extensions, as iOS projects do.

extension Hotel {
    /// A hotel of the catalogue.
    convenience init(code: String, name: String, city: String) {
        self.init(identifier: code, display: name, subtitle: city, image: nil)
        self.city = city
    }
}

extension PlanTripIntent {
    /// The trip's name as the response says it.
    var tripName: String {
        [hotel?.city, destination?.name].compactMap { $0 }.first ?? "Your trip"
    }
}

extension ShowBoardIntentResponse {
    /// Whether the train leaves within five minutes.
    var isImminent: Bool {
        (minutes?.intValue ?? .max) <= 5
    }
}
