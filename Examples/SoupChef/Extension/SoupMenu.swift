import Foundation
import Intents

/// What Soup Chef sells: the soups (with a subtitle, an image, a price and
/// whether they are in stock) and the options a soup can come with.
///
/// The extension's dynamic options, search and disambiguation all read this
/// one list, as the iOS sample's `SoupMenuManager` does.
enum SoupMenu {
    /// One soup on the menu.
    struct Item {
        var identifier: String
        var name: String
        var description: String
        var price: Double
        var vegetarian: Bool
        var inStock: Bool

        /// The soup as the intent's custom type: a subtitle with the price and
        /// a named image of the app, as shown in a disambiguation list.
        var soup: Soup {
            let soup = Soup(
                identifier: identifier,
                display: name,
                subtitle: "\(description) · \(String(format: "$%.2f", price))",
                image: INImage(named: identifier.replacingOccurrences(of: "-", with: "_"))
            )
            soup.price = NSNumber(value: price)
            soup.vegetarian = NSNumber(value: vegetarian)
            return soup
        }
    }

    /// The soups, in menu order.
    static let soups: [Item] = [
        Item(identifier: "tomato", name: "Tomato Soup", description: "Roasted tomatoes and basil", price: 4.5, vegetarian: true, inStock: true),
        Item(identifier: "chicken-noodle", name: "Chicken Noodle Soup", description: "Egg noodles, carrots and celery", price: 5, vegetarian: false, inStock: true),
        Item(identifier: "clam-chowder", name: "Clam Chowder", description: "New England style, with potatoes", price: 6.5, vegetarian: false, inStock: true),
        Item(identifier: "corn-chowder", name: "Corn Chowder", description: "Sweet corn and smoked paprika", price: 5.5, vegetarian: true, inStock: true),
        Item(identifier: "lobster-bisque", name: "Lobster Bisque", description: "Cream, cognac and lobster", price: 9, vegetarian: false, inStock: false),
    ]

    /// The options a soup can come with: identifier and display name.
    static let options: [(identifier: String, name: String)] = [
        ("cheese", "Cheese"),
        ("red-pepper", "Red Pepper"),
        ("croutons", "Croutons"),
    ]

    /// The soup with this identifier or exactly this name.
    static func soup(exactly text: String) -> Item? {
        soups.first { $0.identifier == text || $0.name.caseInsensitiveCompare(text) == .orderedSame }
    }

    /// The soups whose name contains `term` (every soup for an empty term).
    static func soups(matching term: String) -> [Item] {
        let term = term.trimmingCharacters(in: .whitespaces)
        guard !term.isEmpty else { return soups }
        return soups.filter { $0.name.localizedCaseInsensitiveContains(term) }
    }

    /// The option named `text` (identifier or name, singular or plural), as an object.
    static func option(named text: String) -> INObject? {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        let match = options.first { option in
            let names = [option.identifier, option.name.lowercased()]
            return names.contains(wanted) || names.contains { $0 + "s" == wanted || $0 == wanted + "s" }
        }
        return match.map { INObject(identifier: $0.identifier, display: $0.name) }
    }
}
