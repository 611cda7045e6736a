import Intents

/// The handler of `PlanTrip`, in a file with the definition's base name
/// (`Trips.swift` beside `Trips.intentdefinition`): a plain `NSObject`
/// subclass in the completion-handler form, every resolve method its own.
/// With no values given, each answers what no default answers.
class PlanTripHandler: NSObject, PlanTripIntentHandling {
    let catalogue: TripCatalogue

    init(catalogue: TripCatalogue) {
        self.catalogue = catalogue
    }

    func resolveDestination(for intent: PlanTripIntent, with completion: @escaping (INPlacemarkResolutionResult) -> Void) {
        guard let destination = intent.destination else {
            completion(.disambiguation(with: [
                CLPlacemark(location: CLLocation(latitude: 35.01, longitude: 135.77), name: "Kyoto"),
                CLPlacemark(location: CLLocation(latitude: 34.69, longitude: 135.50), name: "Osaka"),
            ]))
            return
        }
        completion(.success(with: destination))
    }

    func resolveBudget(for intent: PlanTripIntent, with completion: @escaping (INCurrencyAmountResolutionResult) -> Void) {
        completion(.success(with: intent.budget ?? INCurrencyAmount(amount: NSDecimalNumber(string: "1200"), currencyCode: "EUR")))
    }

    func resolveCompanion(for intent: PlanTripIntent, with completion: @escaping (INPersonResolutionResult) -> Void) {
        completion(intent.companion.map { .success(with: $0) } ?? .needsValue())
    }

    func resolveItinerary(for intent: PlanTripIntent, with completion: @escaping (INFileResolutionResult) -> Void) {
        guard let itinerary = intent.itinerary else {
            completion(.success(with: INFile(data: Data("Day 1: temples".utf8), filename: "itinerary.txt", typeIdentifier: "public.plain-text")))
            return
        }
        completion(itinerary.typeIdentifier == "com.adobe.pdf" ? .success(with: itinerary) : .unsupported())
    }

    func resolveTravellers(for intent: PlanTripIntent, with completion: @escaping (INIntegerResolutionResult) -> Void) {
        // The definition's maximum was cleared in Xcode (empty <data>): no upper bound.
        completion(.success(with: max(intent.travellers?.intValue ?? 1, 1) + 1))
    }

    func resolveAirline(for intent: PlanTripIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        completion(intent.airline.map { .success(with: $0) } ?? .confirmationRequired(with: catalogue.airlines.first))
    }

    func resolveCabin(for intent: PlanTripIntent, with completion: @escaping (CabinResolutionResult) -> Void) {
        completion(intent.cabin == .unknown ? .success(with: .premium) : .success(with: intent.cabin))
    }

    func resolveHotel(for intent: PlanTripIntent, with completion: @escaping (HotelResolutionResult) -> Void) {
        completion(intent.hotel.map { .success(with: $0) } ?? .needsValue())
    }

    /// A String parameter's options with Xcode's signature.
    func provideAirlineOptionsCollection(for intent: PlanTripIntent, with completion: @escaping (INObjectCollection<NSString>?, Error?) -> Void) {
        completion(INObjectCollection(items: catalogue.airlines.map { $0 as NSString }), nil)
    }

    /// An enum parameter's options in the form before `OptionsCollection`.
    func provideCabinOptions(for intent: PlanTripIntent, with completion: @escaping ([Cabin]?, Error?) -> Void) {
        completion([.business, .economy], nil)
    }

    /// A custom type's options with a search term.
    func provideHotelOptionsCollection(for intent: PlanTripIntent, searchTerm: String?, with completion: @escaping (INObjectCollection<Hotel>?, Error?) -> Void) {
        let hotels = catalogue.hotels
            .filter { hotel in searchTerm.map { hotel.city.localizedCaseInsensitiveContains($0) || hotel.name.localizedCaseInsensitiveContains($0) } ?? true }
            .map { Hotel(code: $0.code, name: $0.name, city: $0.city) }
        completion(INObjectCollection(items: hotels), nil)
    }

    func confirm(intent: PlanTripIntent, completion: @escaping (PlanTripIntentResponse) -> Void) {
        completion(PlanTripIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.trips.confirm")))
    }

    func handle(intent: PlanTripIntent, completion: @escaping (PlanTripIntentResponse) -> Void) {
        completion(.success(tripName: intent.tripName, nights: NSNumber(value: 3)))
    }
}
