import CExthost
import Foundation

/// Memory for the C values a plugin hands to a completion: everything it
/// allocates lives until ``withArena(_:)`` returns, which covers the
/// completion call ("borrowed until the completion returns", exthost.h).
///
/// For generated code.
public final class _CArena {
    @usableFromInline var allocations: [UnsafeMutableRawPointer] = []

    @usableFromInline init() {}

    /// Runs `body` with a fresh arena and frees everything it allocated
    /// when `body` returns.
    ///
    /// - Parameter body: The code that builds and passes C values.
    /// - Returns: What `body` returns.
    @inlinable
    public static func withArena<R>(_ body: (_CArena) throws -> R) rethrows -> R {
        let arena = _CArena()
        defer { arena.free() }
        return try body(arena)
    }

    @usableFromInline func free() {
        // Most completions store nothing (a resolved number, a code).
        guard !allocations.isEmpty else { return }
        for index in 0..<allocations.count { allocations[index].deallocate() }
        allocations.removeAll()
    }

    /// A NUL-terminated copy of `string`.
    public func cString(_ string: String) -> UnsafePointer<CChar> {
        let utf8 = Array(string.utf8CString)
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        pointer.initialize(from: utf8, count: utf8.count)
        allocations.append(UnsafeMutableRawPointer(pointer))
        return UnsafePointer(pointer)
    }

    /// A NUL-terminated copy of `string`, or NULL.
    public func cString(_ string: String?) -> UnsafePointer<CChar>? {
        string.map { cString($0) }
    }

    /// A pointer to a copy of a trivial value.
    @inlinable
    public func store<T: BitwiseCopyable>(_ value: T) -> UnsafePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: value)
        allocations.append(UnsafeMutableRawPointer(pointer))
        return UnsafePointer(pointer)
    }

    /// An `exthost_object` for an object.
    public func object(_ object: INObject) -> UnsafePointer<exthost_object> {
        let properties = object._exthostProperties()
        var json: String?
        if !properties.isEmpty,
           let data = try? JSONSerialization.data(withJSONObject: properties.mapValues(PropertyListJSON.json), options: [.sortedKeys, .withoutEscapingSlashes]) {
            json = String(decoding: data, as: UTF8.self)
        }
        return store(exthost_object(
            identifier: cString(object.identifier),
            display_string: cString(object.displayString),
            subtitle: cString(object.subtitleString),
            image: cString(object.displayImage?.reference),
            properties: cString(json)
        ))
    }

    /// An `exthost_list` of item pointers.
    @inlinable
    public func list(_ items: [UnsafeRawPointer?]) -> UnsafePointer<exthost_list> {
        store(exthost_list(count: items.count, items: pointers(items)))
    }

    /// An array of pointers (a generated struct of pointer fields, or a
    /// list's items).
    @inlinable
    public func pointers(_ items: [UnsafeRawPointer?]) -> UnsafePointer<UnsafeRawPointer?> {
        let pointer = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: max(items.count, 1))
        if items.isEmpty {
            pointer.initialize(to: nil)
        } else {
            items.withUnsafeBufferPointer { pointer.initialize(from: $0.baseAddress!, count: items.count) }
        }
        allocations.append(UnsafeMutableRawPointer(pointer))
        return UnsafePointer(pointer)
    }

    /// An `exthost_user_activity` for an activity, or NULL.
    public func userActivity(_ activity: NSUserActivity?) -> UnsafePointer<exthost_user_activity>? {
        guard let activity else { return nil }
        return store(exthost_user_activity(
            activity_type: cString(activity.activityType),
            title: cString(activity.title),
            user_info: cString(activity.userInfoJSON),
            persistent_identifier: cString(activity.persistentIdentifier)
        ))
    }
}
