import Foundation

// What iOS's Foundation offers extensions and Linux's lacks, so code that
// calls it ports as it is. A Linux addition.

extension FileManager {
    /// The shared container of an app group
    /// (`containerURL(forSecurityApplicationGroupIdentifier:)`): the folder
    /// the system gives an extension and its app for the group their app's
    /// manifest declares (`appGroup`), as ``ExtensionHost/sharedContainerPath``.
    ///
    /// - Parameter groupIdentifier: The group, e.g. `group.com.example.media`.
    /// - Returns: The container, or nil for any other group (iOS answers nil
    ///   for a group the app is not entitled to), and when the app declares
    ///   none or the process was not started by exthost.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let path = ExtensionHost.sharedContainerPath else { return nil }
        let container = URL(fileURLWithPath: path, isDirectory: true)
        return container.lastPathComponent == groupIdentifier ? container : nil
    }
}

extension URL {
    /// Starts access to a security-scoped URL (a file the person picked).
    /// Linux has no app sandbox: access is always granted.
    ///
    /// - Returns: true.
    public func startAccessingSecurityScopedResource() -> Bool { true }

    /// Ends access begun with ``startAccessingSecurityScopedResource()``: nothing to end.
    public func stopAccessingSecurityScopedResource() {}
}

/// The name of an intent class as iOS gives it: `"INSendMessageIntent"`,
/// `"OrderSoupIntent"`, without the module. Apple's classes and Xcode's
/// generated ones have Objective-C names of their own, which Linux has
/// not (`@objc(Name)` does not compile), and Foundation's
/// `NSStringFromClass(_:)` there answers `"Intents.INSendMessageIntent"`.
/// This overload is the one a call with an intent class picks in code
/// that imports `Intents`, so an activity type or a key made from it is
/// the one the system uses. A class known only as `AnyClass` still gets
/// Foundation's answer, module and all.
///
/// - Parameter aClass: An intent class.
/// - Returns: Its name without the module.
public func NSStringFromClass(_ aClass: INIntent.Type) -> String {
    String(describing: aClass)
}

/// The name of an intent response class as iOS gives it
/// (`"INSendMessageIntentResponse"`), without the module; see
/// the intent class overload.
///
/// - Parameter aClass: An intent response class.
/// - Returns: Its name without the module.
public func NSStringFromClass(_ aClass: INIntentResponse.Type) -> String {
    String(describing: aClass)
}

/// The name of an object class as iOS gives it (`"INPerson"`, a custom
/// type's `"Platform"`), without the module; see the intent class overload.
///
/// - Parameter aClass: An object class.
/// - Returns: Its name without the module.
public func NSStringFromClass(_ aClass: INObject.Type) -> String {
    String(describing: aClass)
}
