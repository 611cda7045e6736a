import Foundation

/// A parameter of an interaction (iOS 11): a property of an intent class,
/// named by its key path. An interface that shows an interaction names the
/// parameters it shows with these, and reads their values with
/// `INInteraction.parameterValue(for:)`.
///
/// Apple's key paths are key-value-coding strings (`"recipients"`,
/// `"messages.sender"`); Swift's key paths reach them through `@objc`
/// names, which Linux lacks. Here an intent class generated from a
/// definition lists its parameters' key paths, so `INParameter(keyPath:)`
/// names a parameter of it as on iOS; any other key path (a response's, a
/// deprecated parameter's, a path through a value) gives `nil`, as a key
/// path without an Objective-C name does on iOS.
open class INParameter: @unchecked Sendable, Hashable {
    /// The intent (or response) class the key path starts from.
    public let parameterClass: AnyClass
    /// The path from the class to the property: `"contacts"`, `"messages.sender"`.
    public let parameterKeyPath: String
    /// The indexes set with `setIndex(_:forSubKeyPath:)`, by sub key path.
    private var indexes: [String: Int] = [:]

    /// A parameter of `aClass` at `keyPath` (Apple's `parameterForClass:keyPath:`).
    ///
    /// - Parameters:
    ///   - aClass: The intent or response class, e.g. `INSendMessageIntent.self`.
    ///   - keyPath: The path to a property of it, e.g. `"recipients"`.
    public init(for aClass: AnyClass, keyPath: String) {
        parameterClass = aClass
        parameterKeyPath = keyPath
    }

    /// A parameter from a Swift key path to a property of an intent class
    /// (`\INSendMessageIntent.recipients`), or `nil` when the key path names
    /// no parameter of a generated intent class.
    public convenience init?<Root, Value>(keyPath: KeyPath<Root, Value>) {
        guard let intentClass = Root.self as? INIntent.Type,
              let name = intentClass._exthostParameterName(for: keyPath) else { return nil }
        self.init(for: intentClass, keyPath: name)
    }

    /// Whether both name the same property of the same class, with the same indexes.
    open func isEqual(to parameter: INParameter) -> Bool {
        ObjectIdentifier(parameterClass) == ObjectIdentifier(parameter.parameterClass)
            && parameterKeyPath == parameter.parameterKeyPath && indexes == parameter.indexes
    }

    /// Says which item of an array along the key path is meant: index 0 of
    /// `"messages"` is the first message of a search's results.
    ///
    /// - Parameters:
    ///   - index: The item's index.
    ///   - subKeyPath: The part of the key path that is an array, e.g. `"messages"`.
    open func setIndex(_ index: Int, forSubKeyPath subKeyPath: String) {
        indexes[subKeyPath] = index
    }

    /// The index set for an array along the key path, or `NSNotFound` when
    /// none was set.
    open func index(forSubKeyPath subKeyPath: String) -> Int {
        indexes[subKeyPath] ?? NSNotFound
    }

    public static func == (lhs: INParameter, rhs: INParameter) -> Bool {
        lhs.isEqual(to: rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(parameterClass))
        hasher.combine(parameterKeyPath)
    }
}

extension INInteraction {
    /// The value of `parameter` in this interaction: the intent's property
    /// its key path names when the parameter's class is the intent's (or
    /// one it inherits from); `nil` when it has no value, or names another
    /// class or a key path the intent class does not list (see ``INParameter``).
    public func parameterValue(for parameter: INParameter) -> Any? {
        guard intent.isKind(of: parameter.parameterClass),
              let keyPath = type(of: intent)._exthostParameterKeyPaths.first(where: { $0.name == parameter.parameterKeyPath })?.keyPath,
              let value = intent[keyPath: keyPath] else { return nil }
        // The property's Optional, unwrapped: nil for no value, as on iOS.
        return Self.unwrapped(value)
    }

    /// `value` without the Optional around it, or nil when it holds none.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }
}

extension INIntent {
    /// Whether the intent is of `aClass` or a subclass of it.
    fileprivate func isKind(of aClass: AnyClass) -> Bool {
        var current: AnyClass? = type(of: self)
        while let found = current {
            if ObjectIdentifier(found) == ObjectIdentifier(aClass) { return true }
            current = _getSuperclass(found)
        }
        return false
    }
}
