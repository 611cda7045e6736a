/// Why a plugin did not load, as far as the registry needs to know: whether
/// the cause lies in the file itself (kept in the cache until the file
/// changes) or around it (tried again on the next scan).
public enum PluginFailure: String, Codable, Sendable, CaseIterable {
    /// The file, or a directory on its path, could not be read.
    case permission
    /// A library it links could not be found.
    case missingLibrary
    /// The system lacked a resource (file descriptors, memory, processes).
    case resourceShortage
    /// The probe process could not be started.
    case probeNotStarted
    /// Loading did not finish within the launch budget.
    case timedOut
    /// Loading crashed the probe (constructors or init).
    case crashed
    /// Not a plugin at all: not ELF, empty, no entry function.
    case notAPlugin
    /// Built for another ABI or toolchain, or a malformed descriptor or definition.
    case incompatible
    /// The extension's init returned an error.
    case initFailed
    /// It claims an app whose installed manifest does not name it
    /// (``AppClaim``): checked on every scan, as manifests change.
    case appClaim
    /// Anything else.
    case other

    /// True when the cause may be gone without the file changing: such a
    /// failure is probed again on every scan.
    public var mayPass: Bool {
        switch self {
        case .permission, .missingLibrary, .resourceShortage, .probeNotStarted, .appClaim: true
        case .timedOut, .crashed, .notAPlugin, .incompatible, .initFailed, .other: false
        }
    }

    /// The kind of a loader error.
    public init(_ error: ExtensionLoadError) {
        switch error.reason {
        case .cannotAccess(let why):
            self = Self.fromMessage(why) ?? .permission
        case .unsafePermissions:
            self = .permission
        case .notARegularFile, .emptyFile, .notAnELFFile, .truncatedELFFile, .noEntrySymbol:
            self = .notAPlugin
        case .dynamicLinker(let message):
            self = Self.fromMessage(message) ?? .notAPlugin
        case .nullDescriptor, .badMagic, .abiVersionMismatch, .descriptorTooSmall, .toolchainMismatch, .invalidManifest, .invalidDefinition:
            self = .incompatible
        case .initFailed:
            self = .initFailed
        }
    }

    /// The kind the words of a system error message (`strerror`, the
    /// dynamic linker's `dlerror`) point to, if any.
    static func fromMessage(_ message: String) -> PluginFailure? {
        if message.contains("cannot open shared object file") && !message.contains("Permission denied") {
            // dlerror names the library it could not open; when it is a
            // dependency, the plugin itself was readable.
            return message.contains("No such file or directory") ? .missingLibrary : .resourceShortage
        }
        if message.contains("Permission denied") || message.contains("Operation not permitted") { return .permission }
        if message.contains("No such file or directory") { return .missingLibrary }
        if message.contains("Too many open files") || message.contains("Cannot allocate memory")
            || message.contains("Resource temporarily unavailable") || message.contains("No space left") {
            return .resourceShortage
        }
        return nil
    }
}
