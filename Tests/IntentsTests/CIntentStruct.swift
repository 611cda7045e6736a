import ExthostABI
import Foundation
import Testing
import Intents

/// A hand-made C intent struct (exthost.h, "Generated intent structs"): an
/// array of pointers, the identifier first, then one per parameter. Owns
/// everything it points at until `deallocate()`.
final class CIntentStruct {
    private var allocations: [UnsafeMutableRawPointer] = []
    private(set) var pointer: UnsafeMutablePointer<UnsafeRawPointer?>

    init(identifier: String = "request-1", parameterCount: Int) {
        pointer = .allocate(capacity: parameterCount + 1)
        pointer.initialize(repeating: nil, count: parameterCount + 1)
        pointer[0] = UnsafeRawPointer(string(identifier))
    }

    deinit {
        pointer.deallocate()
        for allocation in allocations { allocation.deallocate() }
    }

    /// Sets parameter `index` (0-based, in definition order).
    subscript(index: Int) -> UnsafeRawPointer? {
        get { pointer[index + 1] }
        set { pointer[index + 1] = newValue }
    }

    func string(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    func int64(_ value: Int64) -> UnsafeRawPointer { store(value) }
    func double(_ value: Double) -> UnsafeRawPointer { store(value) }
    func bool(_ value: Bool) -> UnsafeRawPointer { store(value) }
    func int32(_ value: Int32) -> UnsafeRawPointer { store(value) }

    func object(identifier: String?, display: String, properties: String? = nil) -> UnsafeRawPointer {
        store(exthost_object(
            identifier: identifier.map(string),
            display_string: string(display),
            subtitle: nil,
            image: nil,
            properties: properties.map(string)
        ))
    }

    func list(_ items: [UnsafeRawPointer?]) -> UnsafeRawPointer {
        let array = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: max(items.count, 1))
        for (index, item) in items.enumerated() { array[index] = item }
        allocations.append(UnsafeMutableRawPointer(array))
        return store(exthost_list(count: items.count, items: UnsafePointer(array)))
    }

    private func store<T>(_ value: T) -> UnsafeRawPointer {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: value)
        allocations.append(UnsafeMutableRawPointer(pointer))
        return UnsafeRawPointer(pointer)
    }
}

/// What a C completion received, copied while it was borrowed.
struct Completed: Equatable {
    var kind: Int32 = 0
    var integer: Int64?
    var string: String?
    var object: [String: String] = [:]
    var list: [String] = []
    var alternatives: [String] = []
    var reason: Int32 = 0
    var code: Int32 = -1
    var activityType: String?
    var activityUserInfo: String?
    var responseFields: [String?] = []
    var error: String?
    var calls = 0
}

/// The last completion's arguments. C completions cannot capture, so they
/// write here; the suites using it are serialized.
enum CompletionRecorder {
    nonisolated(unsafe) static var last = Completed()

    static func reset() { last = Completed() }

    static func describe(_ object: UnsafePointer<exthost_object>?) -> [String: String] {
        guard let object = object?.pointee else { return [:] }
        var result: [String: String] = [:]
        if let value = object.identifier { result["identifier"] = String(cString: value) }
        if let value = object.display_string { result["displayString"] = String(cString: value) }
        if let value = object.subtitle { result["subtitle"] = String(cString: value) }
        if let value = object.properties { result["properties"] = String(cString: value) }
        return result
    }

    /// The list's items as text, read in the representation `kind`.
    static func describe(_ list: UnsafePointer<exthost_list>?, kind: ValueKindForTest) -> [String] {
        guard let list = list?.pointee, let items = list.items else { return [] }
        return (0..<list.count).map { index in
            guard let item = items[index] else { return "NULL" }
            switch kind {
            case .string: return String(cString: item.assumingMemoryBound(to: CChar.self))
            case .integer: return String(item.load(as: Int64.self))
            case .decimal: return String(item.load(as: Double.self))
            case .boolean: return String(item.load(as: Bool.self))
            case .enumeration: return String(item.load(as: Int32.self))
            case .object: return describe(item.assumingMemoryBound(to: exthost_object.self))["displayString"] ?? "?"
            }
        }
    }
}

/// The value representations, for reading lists in tests.
enum ValueKindForTest {
    case string, integer, decimal, boolean, enumeration, object
}

/// The suites that call C thunks with recording completions or connect the
/// SDK to a host table: they share ``CompletionRecorder`` and the SDK's
/// process-wide host connection, so they run one test at a time.
@Suite(.serialized) enum CThunkTests {}
