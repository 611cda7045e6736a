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

    /// How a material the user named resolves: one the shelf knows by its
    /// identifier (picked from the options) as it is; otherwise its title,
    /// said aloud, names the book on the shelf, or a choice when it names
    /// several. A title that names none stays as said: the backend answers
    /// whether it is on the user's bookshelf.
    static func resolve(_ material: Material) -> MaterialResolutionResult {
        if let identifier = material.identifier, sample.contains(where: { $0.identifier == identifier }) {
            return .success(with: material)
        }
        let matches = materials(matching: material.displayString)
        switch matches.count {
        case 1: return .success(with: matches[0])
        case 0: return .success(with: material)
        default: return .disambiguation(with: matches)
        }
    }

    private static func material(_ identifier: String, _ title: String, author: String) -> Material {
        let material = Material(identifier: identifier, display: title)
        material.author = author
        return material
    }
}
