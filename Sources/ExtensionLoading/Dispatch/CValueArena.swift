import IntentConversation
import ExthostABI
import CExthost
import Foundation
import IntentDefinition

/// C memory for the values the host hands a plugin: strings, boxed numbers,
/// objects, lists and intent structs. Everything lives until the arena is
/// released, which the conversation does only after the request has ended.
///
/// A bump allocator: a request's values are carved out of one block (a
/// larger one is added when it runs out), so a request costs one `malloc`
/// and one `free`, not one per value.
final class CValueArena {
    /// The block being carved, and how much of it is used.
    private var block: UnsafeMutableRawPointer?
    private var used = 0
    private var capacity = 0
    /// Blocks filled before `block`.
    private var full: [UnsafeMutableRawPointer] = []

    /// Room for a six-parameter request with its identifier, strings and
    /// an object or two; a larger request adds blocks.
    static let blockSize = 1024

    deinit {
        if let block { free(block) }
        for block in full { free(block) }
    }

    /// Forgets every value carved so far, for a later request: the block
    /// being carved is kept, the ones filled before it are freed.
    ///
    /// Only once nothing can read the values any more: the request has
    /// ended and none of its calls timed out (a method that did may still
    /// be reading its intent).
    func reset() {
        for block in full { free(block) }
        full.removeAll(keepingCapacity: true)
        used = 0
    }

    /// `bytes` of uninitialised memory aligned to `alignment` (a power of two).
    private func carve(_ bytes: Int, alignment: Int) -> UnsafeMutableRawPointer {
        var start = (used + alignment - 1) & ~(alignment - 1)
        if block == nil || start + bytes > capacity {
            if let block { full.append(block) }
            capacity = max(Self.blockSize, bytes)
            block = malloc(capacity)!
            start = 0
        }
        used = start + bytes
        return block! + start
    }

    /// A NUL-terminated copy of `text`.
    func string(_ text: String) -> UnsafePointer<CChar> {
        var text = text
        return text.withUTF8 { utf8 in
            let copy = carve(utf8.count + 1, alignment: 1)
            if let base = utf8.baseAddress { copy.copyMemory(from: base, byteCount: utf8.count) }
            copy.storeBytes(of: 0, toByteOffset: utf8.count, as: UInt8.self)
            return UnsafePointer(copy.bindMemory(to: CChar.self, capacity: utf8.count + 1))
        }
    }

    /// A copy of `text`, or NULL.
    func optionalString(_ text: String?) -> UnsafePointer<CChar>? {
        text.map(string)
    }

    /// Uninitialised memory for `count` values of `T`.
    func allocate<T>(_ type: T.Type, count: Int = 1) -> UnsafeMutablePointer<T> {
        carve(max(MemoryLayout<T>.stride * count, 1), alignment: MemoryLayout<T>.alignment)
            .bindMemory(to: T.self, capacity: count)
    }

    /// A copy of one value in memory.
    func box<T>(_ value: T) -> UnsafeRawPointer {
        let pointer = allocate(T.self)
        pointer.initialize(to: value)
        return UnsafeRawPointer(pointer)
    }

    /// The value in its field representation (exthost.h, "Values"): the
    /// element representation for one value, an `exthost_list` for a list.
    func field(_ value: IntentValue) -> UnsafeRawPointer {
        switch value {
        case .string(let text): return UnsafeRawPointer(string(text))
        case .integer(let number): return box(number)
        case .decimal(let number): return box(number)
        case .boolean(let flag): return box(flag)
        case .enumeration(let raw): return box(raw)
        case .object(let object): return UnsafeRawPointer(self.object(object))
        case .list(let items): return UnsafeRawPointer(list(items))
        }
    }

    /// An `exthost_object`.
    func object(_ object: ObjectValue) -> UnsafePointer<exthost_object> {
        let pointer = allocate(exthost_object.self)
        pointer.initialize(to: exthost_object(
            identifier: optionalString(object.identifier),
            display_string: string(object.displayString),
            subtitle: optionalString(object.subtitle),
            image: optionalString(object.image),
            properties: optionalString(object.properties)
        ))
        return UnsafePointer(pointer)
    }

    /// An `exthost_list` of values in their element representation.
    func list(_ items: [IntentValue]) -> UnsafePointer<exthost_list> {
        let elements = allocate(UnsafeRawPointer?.self, count: items.count)
        for (index, item) in items.enumerated() {
            (elements + index).initialize(to: field(item))
        }
        let pointer = allocate(exthost_list.self)
        pointer.initialize(to: exthost_list(count: items.count, items: UnsafePointer(elements)))
        return UnsafePointer(pointer)
    }
}

/// Reads values that a plugin passed to a completion. They are borrowed
/// until the completion returns, so everything is copied out here.
enum CValueReader {
    /// One completion argument, given the address libffi stored it at.
    static func argument(_ address: UnsafeMutableRawPointer, shape: ValueShape) -> IntentValue? {
        if shape.multiple {
            return field(address.load(as: UnsafeRawPointer?.self), shape: shape)
        }
        switch shape.kind {
        case .string, .object:
            return field(address.load(as: UnsafeRawPointer?.self), shape: shape)
        case .integer: return .integer(address.load(as: Int64.self))
        case .decimal: return .decimal(address.load(as: Double.self))
        case .boolean: return .boolean(address.load(as: UInt8.self) != 0)
        case .enumeration: return .enumeration(address.load(as: Int32.self))
        }
    }

    /// A value in its field representation; nil for NULL.
    static func field(_ pointer: UnsafeRawPointer?, shape: ValueShape) -> IntentValue? {
        guard let pointer else { return nil }
        if shape.multiple {
            return .list(list(pointer.assumingMemoryBound(to: exthost_list.self), kind: shape.kind))
        }
        return element(pointer, kind: shape.kind)
    }

    /// A value in its element representation.
    static func element(_ pointer: UnsafeRawPointer, kind: ValueKind) -> IntentValue? {
        switch kind {
        case .string: return .string(String(cString: pointer.assumingMemoryBound(to: CChar.self)))
        case .integer: return .integer(pointer.load(as: Int64.self))
        case .decimal: return .decimal(pointer.load(as: Double.self))
        case .boolean: return .boolean(pointer.load(as: UInt8.self) != 0)
        case .enumeration: return .enumeration(pointer.load(as: Int32.self))
        case .object: return object(pointer.assumingMemoryBound(to: exthost_object.self)).map(IntentValue.object)
        }
    }

    /// The items of an `exthost_list`; NULL items are skipped.
    static func list(_ pointer: UnsafePointer<exthost_list>, kind: ValueKind) -> [IntentValue] {
        let list = pointer.pointee
        guard let items = list.items else { return [] }
        var values: [IntentValue] = []
        values.reserveCapacity(list.count)
        for index in 0..<list.count {
            if let item = items[index], let value = element(item, kind: kind) {
                values.append(value)
            }
        }
        return values
    }

    /// An `exthost_object`; nil when its display string is NULL.
    static func object(_ pointer: UnsafePointer<exthost_object>) -> ObjectValue? {
        let object = pointer.pointee
        guard let display = object.display_string else { return nil }
        return ObjectValue(
            identifier: object.identifier.map { String(cString: $0) },
            displayString: String(cString: display),
            subtitle: object.subtitle.map { String(cString: $0) },
            image: object.image.map { String(cString: $0) },
            properties: object.properties.map { String(cString: $0) }
        )
    }

    /// An `exthost_user_activity`; nil for NULL or a NULL activity type.
    static func userActivity(_ pointer: UnsafeRawPointer?) -> UserActivityValue? {
        guard let pointer else { return nil }
        let activity = pointer.assumingMemoryBound(to: exthost_user_activity.self).pointee
        guard let type = activity.activity_type else { return nil }
        return UserActivityValue(
            activityType: String(cString: type),
            title: activity.title.map { String(cString: $0) },
            userInfo: activity.user_info.map { String(cString: $0) },
            persistentIdentifier: activity.persistent_identifier.map { String(cString: $0) }
        )
    }
}
