import Foundation
import Intents

/// Soup Chef's extension: the principal class and the handler of *Order Soup*.
///
/// Parameters are resolved in the definition's order: soup, quantity,
/// options, order type, delivery location. The host skips the delivery
/// location of a pickup order (its `Relationship` on the order type), so
/// `resolveDeliveryLocation` only ever sees delivery orders. The quantity's
/// bounds (1…10) are in the definition and enforced by the host.
final class IntentHandler: INExtension, OrderSoupIntentHandling {
    override func handler(for intent: INIntent) -> Any {
        self
    }

    // MARK: Soup: dynamic options, search, disambiguation

    func resolveSoup(for intent: OrderSoupIntent, with completion: @escaping (OrderSoupSoupResolutionResult) -> Void) {
        guard let given = intent.soup else {
            completion(.needsValue())
            return
        }
        if let identifier = given.identifier, let item = SoupMenu.soup(exactly: identifier) {
            completion(.success(with: item.soup))
            return
        }
        if let item = SoupMenu.soup(exactly: given.displayString) {
            completion(.success(with: item.soup))
            return
        }
        let matches = SoupMenu.soups(matching: given.displayString)
        switch matches.count {
        case 0: completion(.unsupported(forReason: .notOnMenu))
        case 1: completion(.success(with: matches[0].soup))
        default: completion(.disambiguation(with: matches.map(\.soup)))
        }
    }

    func provideSoupOptionsCollection(
        for intent: OrderSoupIntent,
        searchTerm: String?,
        with completion: @escaping (INObjectCollection<Soup>?, (any Error)?) -> Void
    ) {
        let found = SoupMenu.soups(matching: searchTerm ?? "").filter(\.inStock)
        let sections = [
            INObjectSection(title: "Vegetarian", items: found.filter(\.vegetarian).map(\.soup)),
            INObjectSection(title: "With meat or fish", items: found.filter { !$0.vegetarian }.map(\.soup)),
        ].filter { !$0.items.isEmpty }
        completion(INObjectCollection(sections: sections), nil)
    }

    // MARK: Quantity and options (several values)

    func resolveQuantity(for intent: OrderSoupIntent, with completion: @escaping (OrderSoupQuantityResolutionResult) -> Void) {
        completion(.success(with: intent.quantity.map { Int(truncating: $0) } ?? 1))
    }

    func resolveOptions(for intent: OrderSoupIntent, with completion: @escaping ([OrderSoupOptionsResolutionResult]) -> Void) {
        let results = (intent.options ?? []).map { given -> OrderSoupOptionsResolutionResult in
            guard let option = SoupMenu.option(named: given.identifier ?? given.displayString)
                ?? SoupMenu.option(named: given.displayString) else {
                return .unsupported(forReason: .notAnOption)
            }
            return .success(with: option)
        }
        completion(results)
    }

    // MARK: Order type and delivery location

    func resolveOrderType(for intent: OrderSoupIntent, with completion: @escaping (OrderTypeResolutionResult) -> Void) {
        completion(intent.orderType == .unknown ? .needsValue() : .success(with: intent.orderType))
    }

    func resolveDeliveryLocation(for intent: OrderSoupIntent, with completion: @escaping (OrderSoupDeliveryLocationResolutionResult) -> Void) {
        guard let location = intent.deliveryLocation else {
            completion(.needsValue())
            return
        }
        if DeliveryArea.excludes(location) {
            completion(.unsupported(forReason: .outsideDeliveryArea))
            return
        }
        completion(.success(with: location))
    }

    // MARK: Confirm and handle

    func confirm(intent: OrderSoupIntent, completion: @escaping (OrderSoupIntentResponse) -> Void) {
        if let soup = intent.soup, let item = SoupMenu.soup(exactly: soup.identifier ?? soup.displayString), !item.inStock {
            completion(.failureOutOfStock(soup: soup))
            return
        }
        completion(OrderSoupIntentResponse(code: .ready, userActivity: nil))
    }

    func handle(intent: OrderSoupIntent, completion: @escaping (OrderSoupIntentResponse) -> Void) {
        guard let soup = intent.soup else {
            completion(OrderSoupIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let quantity = intent.quantity.map { Int(truncating: $0) } ?? 1
        let options = (intent.options ?? []).map(\.displayString)
        ExtensionHost.log("order: \(quantity) × \(soup.displayString)\(options.isEmpty ? "" : " with " + options.joined(separator: ", ")), \(intent.orderType == .delivery ? "delivery to " + (intent.deliveryLocation?.displayString ?? "?") : "pickup")")
        if intent.orderType == .delivery {
            completion(.success(soup: soup, waitTime: "45 minutes"))
        } else {
            completion(.successReadySoon(soup: soup))
        }
    }
}
