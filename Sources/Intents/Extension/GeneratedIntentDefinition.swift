import CExthost
import Foundation
import Synchronization

/// What code generation emits for one intent definition: its JSON form,
/// its intents, and how to make each intent and wrap its handler.
/// Pass the generated type to ``ExtensionExport/descriptor(_:identifier:app:definition:intentsSupported:intentsRestrictedWhileLocked:)``.
///
/// Implementation requirements: generated code only; the members are the
/// bridge between the C function table and the typed Swift handler.
public protocol GeneratedIntentDefinition {
    /// The definition in exthost's JSON form.
    static var definitionJSON: String { get }
    /// The definition as tables the host reads in place
    /// (`exthost_extension.definition_tables`, ABI 2): a literal in the
    /// plugin's read-only data. Nil in code generated before them.
    static var definitionTables: StaticString? { get }
    /// Every intent's name, in definition order.
    static var intentNames: [String] { get }
    /// A new, empty intent of the class generated for `name`, or `nil` when
    /// the definition has no such intent.
    static func makeIntent(named name: String) -> INIntent?
    /// The intent of the class generated for `name` with the values of its
    /// `<Name>Intent` struct (`handler_for_intent_values`, ABI 3), or `nil`
    /// when the definition has no such intent.
    static func makeIntent(named name: String, decoding structure: UnsafeRawPointer?) -> INIntent?
    /// A box holding `handler` with the methods of `name`'s handling
    /// protocol, or `nil` when `handler` does not conform to it.
    static func makeHandlerBox(intentNamed name: String, handler: Any) -> _HandlerBox?
    /// A new response of the class generated for `name`'s intent, or `nil`
    /// (no such intent, or a deprecated one).
    static func makeResponse(intentNamed name: String) -> INIntentResponse?
}

extension GeneratedIntentDefinition {
    /// No tables: what code generated before them gives (the host parses the JSON).
    public static var definitionTables: StaticString? { nil }

    /// An empty intent: what code generated before `handler(for:)` saw the
    /// values gives.
    public static func makeIntent(named name: String, decoding structure: UnsafeRawPointer?) -> INIntent? {
        makeIntent(named: name)
    }

    /// No responses: what code generated before responses were made by name gives.
    public static func makeResponse(intentNamed name: String) -> INIntentResponse? { nil }
}

/// Makes the classes of an intent its definition marks deprecated
/// (`INIntentDeprecated`). Generated code marks the intent's classes
/// `@available(*, deprecated)` and names them only inside declarations that
/// are deprecated too; the generated definition type, which is not, reaches
/// them through this protocol, whose requirements are not deprecated, so the
/// generated file compiles without a warning and only a user's own uses of
/// the deprecated classes warn.
///
/// Implementation requirements: generated code only.
public protocol _DeprecatedIntentFactory {
    /// A new, empty intent of the class generated for the intent.
    static func makeIntent() -> INIntent
    /// The intent with the values of its `<Name>Intent` struct.
    static func makeIntent(decoding structure: UnsafeRawPointer?) -> INIntent
    /// A box holding `handler` when it conforms to the intent's handling protocol.
    static func makeHandlerBox(handler: Any) -> _HandlerBox?
}

/// ``_DeprecatedIntentFactory/makeIntent()`` called through the protocol.
public func _makeDeprecatedIntent<Factory: _DeprecatedIntentFactory>(_ factory: Factory.Type) -> INIntent {
    Factory.makeIntent()
}

extension _DeprecatedIntentFactory {
    /// An empty intent: what code generated before `handler(for:)` saw the values gives.
    public static func makeIntent(decoding structure: UnsafeRawPointer?) -> INIntent { makeIntent() }
}

/// ``_DeprecatedIntentFactory/makeIntent(decoding:)`` called through the protocol.
public func _makeDeprecatedIntent<Factory: _DeprecatedIntentFactory>(_ factory: Factory.Type, decoding structure: UnsafeRawPointer?) -> INIntent {
    Factory.makeIntent(decoding: structure)
}

/// ``_DeprecatedIntentFactory/makeHandlerBox(handler:)`` called through the protocol.
public func _makeDeprecatedHandlerBox<Factory: _DeprecatedIntentFactory>(_ factory: Factory.Type, handler: Any) -> _HandlerBox? {
    Factory.makeHandlerBox(handler: handler)
}

/// A handler object with the C methods of one intent's handling protocol:
/// what `handler_for_intent` returns (retained) and `method` looks in.
/// Generated code subclasses it per intent.
open class _HandlerBox {
    /// The number of parameters of the box's intent (its struct's fields
    /// after the identifier); nil when the generated code did not say, and
    /// then no intent is kept.
    private let intentFields: Int?
    /// A copy of the struct's words (identifier, then each parameter's
    /// pointer) `handler(for:)`'s intent was decoded from; nil until kept.
    private var keptWords: UnsafeMutableRawBufferPointer?
    /// That intent, retained, until a method takes it (or the box ends).
    private let keptIntent = Atomic<UnsafeMutableRawPointer?>(nil)

    /// Creates a box that keeps no intent (code generated before boxes said
    /// their intent's parameter count).
    public init() {
        intentFields = nil
    }

    /// Creates a box for an intent with `intentFields` parameters.
    public init(intentFields: Int) {
        self.intentFields = intentFields
    }

    deinit {
        if let kept = keptIntent.exchange(nil, ordering: .acquiring) { Unmanaged<INIntent>.fromOpaque(kept).release() }
        keptWords?.deallocate()
    }

    /// Keeps the intent `handler(for:)` was given, decoded from
    /// `structure`, for the first method the host calls with the same
    /// values. Called before the host has the box.
    func keep(_ intent: INIntent, decodedFrom structure: UnsafeRawPointer?) {
        guard let intentFields, let structure, keptWords == nil else { return }
        let words = UnsafeMutableRawBufferPointer.allocate(
            byteCount: (intentFields + 1) * MemoryLayout<UnsafeRawPointer?>.stride, alignment: MemoryLayout<UnsafeRawPointer?>.alignment
        )
        words.copyMemory(from: UnsafeRawBufferPointer(start: structure, count: words.count))
        keptWords = words
        keptIntent.store(Unmanaged.passRetained(intent).toOpaque(), ordering: .releasing)
    }

    /// The intent `handler(for:)` was given, when the host passes a method
    /// the struct with the same values (the same identifier and parameter
    /// pointers: the host gives a changed value a new pointer), taken once:
    /// the request's values are then decoded once, for `handler(for:)` and
    /// the first method, which receives the very intent `handler(for:)` saw.
    /// Nil otherwise (a later method, a value changed by a resolution): the
    /// method decodes its own. For generated code.
    ///
    /// - Parameter structure: The `<Name>Intent` struct the method received.
    public func _takeIntent(_ structure: UnsafeRawPointer?) -> INIntent? {
        guard let structure, let words = keptWords, let base = words.baseAddress, keptIntent.load(ordering: .relaxed) != nil,
              memcmp(base, structure, words.count) == 0,
              let kept = keptIntent.exchange(nil, ordering: .acquiringAndReleasing) else { return nil }
        return Unmanaged<INIntent>.fromOpaque(kept).takeRetainedValue()
    }

    /// The C thunk for a selector, or NULL when the intent has no such method.
    ///
    /// - Parameter selector: e.g. `"resolveDuration"`, `"handle"`.
    /// - Returns: The thunk, cast to `exthost_method`.
    open func method(_ selector: String) -> exthost_method? {
        nil
    }

    /// Calls the handler's typed method for one stage of an intent handled
    /// in an app's own process (no C in between): `resolve<Parameter>`,
    /// `confirm` or `handle`, with `intent`, an intent of the box's class.
    ///
    /// - Returns: false when the intent has no such method (a parameter
    ///   without resolution) or `intent` is of another class; `completion`
    ///   is then not called.
    open func _callInApp(_ stage: _InAppStage, intent: INIntent, completion: @escaping (_InAppAnswer) -> Void) -> Bool {
        false
    }

    /// The box behind a handler pointer the host passed to a thunk.
    ///
    /// - Parameter pointer: The pointer `handler_for_intent` returned.
    /// - Returns: The box, not retained.
    public static func from(_ pointer: UnsafeMutableRawPointer?) -> _HandlerBox? {
        pointer.map { Unmanaged<_HandlerBox>.fromOpaque($0).takeUnretainedValue() }
    }
}
