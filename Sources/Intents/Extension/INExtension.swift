import Foundation

/// Gives the handler object for an intent.
public protocol INIntentHandlerProviding: AnyObject {
    /// The object that handles `intent`: it must conform to the intent's
    /// generated `<Name>IntentHandling` protocol, or the system answers
    /// "no handler" (error 2003).
    ///
    /// - Parameter intent: The intent to handle (its parameters are not
    ///   filled in yet).
    /// - Returns: The handler, or `nil`.
    func handler(for intent: INIntent) -> Any?
}

/// The principal class of an Intents extension: subclass it, override
/// `handler(for:)`, and export an instance with ``ExtensionExport``
/// (`ExtensionExport.descriptor(IntentHandler(), …)`).
///
/// An ordinary `NSObject` subclass, as on iOS: a subclass may override
/// `init()` or declare designated initialisers of its own
/// (`descriptor(IntentHandler(store: .shared), …)`).
///
/// The system creates one instance when it loads the extension (on its main
/// thread) and keeps it until the process ends; `handler(for:)` may then be
/// called from any thread.
open class INExtension: NSObject, INIntentHandlerProviding {
    /// Creates the extension; the system does it once.
    public override init() {
        super.init()
    }

    /// The object that handles `intent`. The default returns `nil` (no
    /// handler); the usual override returns `self` or a handler per intent.
    ///
    /// - Parameter intent: The intent to handle.
    /// - Returns: The handler, or `nil`.
    open func handler(for intent: INIntent) -> Any? {
        nil
    }
}
