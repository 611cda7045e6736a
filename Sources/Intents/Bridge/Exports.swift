/// Generated code and plugins see the ABI's C types (`exthost_list`,
/// `exthost_object`, `exthost_method`, …) through the SDK alone.
@_exported import CExthost
/// As Apple's Intents does, `import Intents` brings Foundation: handler files
/// that import only Intents use `NSNumber`, `NSObject`, `NSString`,
/// `NSLocalizedString`, `LocalizedError` unchanged.
@_exported import Foundation
