/// The options a handler offers for a parameter
/// (`provide<Param>OptionsCollection`), flat or in titled sections.
///
/// Across the plugin ABI the sections keep their titles
/// (`provide<Param>OptionsSections`, exthost.h); a host that predates
/// sections reads the same options flattened in order
/// (`provide<Param>OptionsCollection`).
public final class INObjectCollection<ObjectType>: @unchecked Sendable {
    /// The sections, in order.
    public let sections: [INObjectSection<ObjectType>]
    /// Whether the user may search the options (shown with a search field).
    public var usesIndexedCollation = false

    /// A collection in sections.
    ///
    /// - Parameter sections: The sections.
    public init(sections: [INObjectSection<ObjectType>]) {
        self.sections = sections
    }

    /// A flat collection.
    ///
    /// - Parameter items: The options.
    public init(items: [ObjectType]) {
        self.sections = [INObjectSection(title: nil, items: items)]
    }

    /// Every option, sections flattened in order.
    public var allItems: [ObjectType] {
        sections.flatMap(\.items)
    }
}

/// One titled section of an ``INObjectCollection``.
public final class INObjectSection<ObjectType>: @unchecked Sendable {
    /// The section's title, or `nil` for none.
    public let title: String?
    /// The options in it.
    public let items: [ObjectType]

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - title: The title, or `nil`.
    ///   - items: The options.
    public init(title: String?, items: [ObjectType]) {
        self.title = title
        self.items = items
    }
}
