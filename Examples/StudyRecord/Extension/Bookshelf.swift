import Foundation
import Intents

/// The materials offered when the user picks one.
enum Bookshelf {
    static var sample: [Material] {
        [
            material("book-1", "Introduction to Algorithms", author: "Cormen, Leiserson, Rivest, Stein"),
            material("book-2", "The Swift Programming Language", author: "Apple"),
            material("book-3", "Kanji in Context", author: "Nishiguchi, Kono"),
        ]
    }

    /// The materials whose title or author contains `searchTerm` (all when it is empty).
    static func materials(matching searchTerm: String?) -> [Material] {
        sample.filter { material in
            guard let searchTerm, !searchTerm.isEmpty else { return true }
            return material.displayString.localizedCaseInsensitiveContains(searchTerm)
                || (material.author ?? "").localizedCaseInsensitiveContains(searchTerm)
        }
    }

    private static func material(_ identifier: String, _ title: String, author: String) -> Material {
        let material = Material(identifier: identifier, display: title)
        material.author = author
        return material
    }
}
