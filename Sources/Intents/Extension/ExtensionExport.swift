import CExthost
import ExthostABI
import Foundation

/// Exports an extension's principal class from its shared object, in one
/// line. A Linux addition (no `IN` prefix).
///
/// ```swift
/// @_cdecl("exthost_extension_entry")
/// public func exthostExtensionEntry() -> UnsafeRawPointer { ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.studyrecord.intents", app: "com.example.studyrecord", definition: StudyRecordIntentDefinition.self) }
/// ```
///
/// The descriptor (an `exthost_extension`, see exthost.h) is built on the
/// first call and returned unchanged by every later one; it is never freed.
/// Its functions work as follows:
/// - `init` creates the one principal instance (evaluates the `principal`
///   argument, which is not evaluated before; retained for the life of
///   the process) and stores it as `*extension`;
/// - `handler_for_intent_values` (ABI 3) makes an intent of the intent's
///   generated class with the request's values, asks the principal's
///   `handler(for:)`, and returns a retained box with the handler and the
///   intent's C methods; NULL when the intent is not supported or the
///   handler does not conform to `<Name>IntentHandling`.
///   `handler_for_intent`, which a host of ABI 1 or 2 calls, does the same
///   with an empty intent (such a host passes no values);
/// - `method` returns the generated `@convention(c)` thunk of a selector;
///   every method of the intent's protocol has one, because a Swift protocol
///   cannot tell an implemented method from its default: the defaults behave
///   as the host's would;
/// - `release` releases a box.
///
/// One extension per image: the SDK is linked into the plugin statically
/// (SwiftPM's default), and each image has its own copy of this state.
public enum ExtensionExport {
    /// What `init` makes the extension from.
    private struct Registration {
        let makePrincipal: () -> INExtension
        let definitions: IntentDefinitionSet
    }

    /// The descriptor once made, and what `init` makes the extension from,
    /// under one lock. A class of its own rather than two `Locked<…>`
    /// statics: a generic class's metadata is instantiated at run time
    /// (by its mangled name, ~40,000 instructions each), and this runs at
    /// the host's first call of the entry function, inside its ABI check.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var exported: UnsafeRawPointer?
        var registration: Registration?

        func withLock<R>(_ body: (State) -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body(self)
        }
    }

    private static let state = State()

    /// The extension descriptor of a principal class.
    ///
    /// - Parameters:
    ///   - principal: The principal instance, an `INExtension` subclass's
    ///     (`IntentHandler()`); evaluated once, when the system starts the
    ///     extension, not when the descriptor is made.
    ///   - identifier: The extension's bundle identifier.
    ///   - app: The containing app's identifier.
    ///   - definition: The type generated from the intent definition
    ///     (`<Stem>IntentDefinition`).
    ///   - intentsSupported: The intents the extension handles; `nil` = every
    ///     intent of the definition.
    ///   - intentsRestrictedWhileLocked: Intents not handled while the device
    ///     is locked; each must be supported.
    /// - Returns: The `exthost_extension`, owned by the plugin, static.
    public static func descriptor<Definition: GeneratedIntentDefinition>(
        _ principal: @autoclosure @escaping () -> INExtension,
        identifier: String,
        app: String,
        definition: Definition.Type,
        intentsSupported: [String]? = nil,
        intentsRestrictedWhileLocked: [String] = []
    ) -> UnsafeRawPointer {
        descriptor(principal(), identifier: identifier, app: app, definitions: [definition],
                   intentsSupported: intentsSupported, intentsRestrictedWhileLocked: intentsRestrictedWhileLocked)
    }

    /// The extension descriptor of a principal class whose target has
    /// several intent definitions (`Intents.intentdefinition` and a
    /// widget's, say): the types generated from each, merged into the one
    /// definition the system reads. Names must be unique across them.
    ///
    /// - Parameters:
    ///   - principal: The principal instance (`IntentHandler()`), evaluated
    ///     when the system starts the extension.
    ///   - identifier: The extension's bundle identifier.
    ///   - app: The containing app's identifier.
    ///   - definitions: The types generated from the definitions
    ///     (`[IntentsIntentDefinition.self, WidgetIntentDefinition.self]`).
    ///   - intentsSupported: The intents the extension handles; `nil` = every
    ///     intent of every definition.
    ///   - intentsRestrictedWhileLocked: Intents not handled while the device
    ///     is locked; each must be supported.
    /// - Returns: The `exthost_extension`, owned by the plugin, static.
    public static func descriptor(
        _ principal: @autoclosure @escaping () -> INExtension,
        identifier: String,
        app: String,
        definitions: [any GeneratedIntentDefinition.Type],
        intentsSupported: [String]? = nil,
        intentsRestrictedWhileLocked: [String] = []
    ) -> UnsafeRawPointer {
        state.withLock { state in
            if let exported = state.exported { return exported }
            let set = IntentDefinitionSet(definitions: definitions)
            let supported = intentsSupported ?? set.intentNames
            state.registration = Registration(makePrincipal: principal, definitions: set)
            let descriptor = UnsafeMutablePointer<exthost_extension>.allocate(capacity: 1)
            descriptor.initialize(to: exthost_extension())
            descriptor.pointee.magic = ExthostABI.magic
            descriptor.pointee.size = UInt32(MemoryLayout<exthost_extension>.size)
            descriptor.pointee.abi_version = ExthostABI.version
            descriptor.pointee.reserved = 0
            descriptor.pointee.toolchain = staticString(ExthostABI.swiftToolchain)
            descriptor.pointee.identifier = staticString(identifier)
            descriptor.pointee.app = staticString(app)
            descriptor.pointee.intents_supported = staticStrings(supported)
            descriptor.pointee.intents_restricted_while_locked = staticStrings(intentsRestrictedWhileLocked)
            descriptor.pointee.definition = staticString(set.json)
            // One definition's tables lie in the plugin's read-only data (no
            // copy); several definitions' are joined into one set.
            if let tables = set.tables {
                descriptor.pointee.definition_tables = tables.baseAddress
                descriptor.pointee.definition_tables_size = tables.count
            }
            descriptor.pointee.`init` = { host, extensionOut in
                ExtensionExport.start(host: host, extensionOut: extensionOut)
            }
            descriptor.pointee.handler_for_intent = { context, intent in
                guard let context, let intent else { return nil }
                return ExtensionContext.from(context).handlerBox(intentNamed: String(cString: intent), values: nil)
            }
            descriptor.pointee.handler_for_intent_values = { context, intent, values in
                guard let context, let intent else { return nil }
                return ExtensionContext.from(context).handlerBox(intentNamed: String(cString: intent), values: values)
            }
            descriptor.pointee.method = { box, selector in
                guard let selector else { return nil }
                return _HandlerBox.from(box)?.method(String(cString: selector))
            }
            descriptor.pointee.release = { box in
                guard let box else { return }
                Unmanaged<_HandlerBox>.fromOpaque(box).release()
            }
            let pointer = UnsafeRawPointer(descriptor)
            state.exported = pointer
            return pointer
        }
    }

    /// The extension descriptor of a principal class that handles system
    /// intents only (`INSendMessageIntent`, …): no definition of its own,
    /// as an iOS extension that lists system intents in `IntentsSupported`.
    ///
    /// - Parameters:
    ///   - principal: The principal instance (`IntentHandler()`), evaluated
    ///     when the system starts the extension.
    ///   - identifier: The extension's bundle identifier.
    ///   - app: The containing app's identifier.
    ///   - intentsSupported: The system intents it handles, by Apple's class
    ///     name: `["INSendMessageIntent"]`.
    ///   - intentsRestrictedWhileLocked: Intents not handled while the device
    ///     is locked; each must be supported.
    /// - Returns: The `exthost_extension`, owned by the plugin, static.
    public static func descriptor(
        _ principal: @autoclosure @escaping () -> INExtension,
        identifier: String,
        app: String,
        intentsSupported: [String],
        intentsRestrictedWhileLocked: [String] = []
    ) -> UnsafeRawPointer {
        descriptor(
            principal(), identifier: identifier, app: app, definitions: [],
            intentsSupported: intentsSupported, intentsRestrictedWhileLocked: intentsRestrictedWhileLocked
        )
    }

    private static func start(
        host: UnsafePointer<exthost_host_api>?,
        extensionOut: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> Int32 {
        let (registration, exported) = state.withLock { ($0.registration, $0.exported) }
        guard let extensionOut, let registered = registration else { return 1 }

        let descriptor = exported?.assumingMemoryBound(to: exthost_extension.self)
        ExtensionHost.connect(host, app: descriptor?.pointee.app.map { String(cString: $0) })
        var supported = Set<String>()
        if var names = descriptor?.pointee.intents_supported {
            while let name = names.pointee {
                supported.insert(String(cString: name))
                names += 1
            }
        }
        let context = ExtensionContext(principal: registered.makePrincipal(), definitions: registered.definitions, supported: supported)
        extensionOut.pointee = Unmanaged.passRetained(context).toOpaque()
        return 0
    }

    private static func staticString(_ string: String) -> UnsafePointer<CChar> {
        // `withCString` lends a literal's own bytes; passing the `String`
        // to `strdup` directly made a second copy first (`utf8CString`:
        // 79,762 instructions for Study record's definition text).
        string.withCString { UnsafePointer(strdup($0)!) }
    }

    private static func staticStrings(_ strings: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { array[index] = staticString(string) }
        array[strings.count] = nil
        return UnsafePointer(array)
    }
}

/// The started extension: the principal instance and its definitions.
/// `init` returns it (retained, never released) as the extension context.
final class ExtensionContext: @unchecked Sendable {
    let principal: INExtension
    let definitions: IntentDefinitionSet
    let supported: Set<String>

    init(principal: INExtension, definitions: IntentDefinitionSet, supported: Set<String>) {
        self.principal = principal
        self.definitions = definitions
        self.supported = supported
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> ExtensionContext {
        Unmanaged<ExtensionContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// `handler_for_intent` and `handler_for_intent_values`: a retained
    /// box, or NULL. An intent the app's definition does not define is
    /// looked up among the system intents.
    ///
    /// - Parameter values: The `<Name>Intent` struct whose values the
    ///   intent `handler(for:)` sees is made with; nil for an empty intent.
    func handlerBox(intentNamed name: String, values: UnsafeRawPointer?) -> UnsafeMutableRawPointer? {
        guard supported.contains(name) else { return nil }
        let owner = definitions.owner(ofIntent: name) ?? SystemIntentDefinition.self
        let made = values.map { owner.makeIntent(named: name, decoding: $0) } ?? owner.makeIntent(named: name)
        guard let intent = made else { return nil }
        guard let handler = principal.handler(for: intent) else { return nil }
        guard let box = owner.makeHandlerBox(intentNamed: name, handler: handler) else {
            let className = "\(type(of: intent))"
            ExtensionHost.log("handler(for: \(className)) returned \(type(of: handler)), which does not conform to \(className)Handling", level: .error)
            return nil
        }
        if let values { box.keep(intent, decodedFrom: values) }
        return Unmanaged.passRetained(box).toOpaque()
    }
}
