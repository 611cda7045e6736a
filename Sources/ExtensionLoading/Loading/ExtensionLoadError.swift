import IntentConversation
import CExthost
import ExthostABI
import Foundation

/// Why a plugin could not be loaded, most important mismatch first, in the
/// words PostgreSQL's loader uses: what the host has, what the library has.
public struct ExtensionLoadError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        case cannotAccess(String)
        case unsafePermissions(String)
        case notARegularFile
        case emptyFile
        case notAnELFFile
        case truncatedELFFile(size: Int64, needed: UInt64)
        case dynamicLinker(String)
        case noEntrySymbol
        case nullDescriptor
        case badMagic(found: UInt32)
        case abiVersionMismatch(library: UInt32)
        case descriptorTooSmall(library: UInt32, abiVersion: UInt32)
        case toolchainMismatch(library: String)
        case invalidManifest(String)
        case invalidDefinition(String)
        case initFailed(status: Int32)
    }

    /// The plugin's path.
    public var path: String
    public var reason: Reason
    /// The extension's manifest, when its descriptor was read before the
    /// failure (init failed): which intents, extension and app it would
    /// have served.
    public var manifest: ExtensionManifest?

    public init(path: String, reason: Reason, manifest: ExtensionManifest? = nil) {
        self.path = path
        self.reason = reason
        self.manifest = manifest
    }

    /// The iOS error this maps to: an extension that cannot be brought up.
    public var code: IntentsErrorCode { .extensionBringUpFailed }

    public var description: String {
        "could not load extension \"\(path)\": \(detail)"
    }

    /// The reason, with what to do about it.
    public var detail: String {
        switch reason {
        case .cannotAccess(let why):
            return "\(why)."
        case .unsafePermissions(let why):
            return "refused: \(why)."
        case .notARegularFile:
            return "not a regular file. Put the plugin's .so file itself in Plugins/."
        case .emptyFile:
            return "the file is empty: it is not a plugin. Rebuild the extension and copy its .so again."
        case .notAnELFFile:
            return "not an ELF shared object (no ELF header). Plugins are .so files built as shared libraries."
        case .truncatedELFFile(let size, let needed):
            return "the file is cut short: it has \(size) bytes and its program headers load \(needed == UInt64.max ? "more than a file can hold" : "\(needed) bytes"). Copy the plugin's .so again, whole (was it still being written?)."
        case .dynamicLinker(let message):
            return "the dynamic linker refused it: \(message). If a library is missing, install it or link the plugin statically against it."
        case .noEntrySymbol:
            return "incompatible library: missing the entry function \"\(ExthostABI.entrySymbol)\". Extensions must export it (Swift: the INExtensionExport line; C: EXTHOST_EXPORT on exthost_extension_entry)."
        case .nullDescriptor:
            return "incompatible library: \"\(ExthostABI.entrySymbol)\" returned NULL instead of its extension descriptor."
        case .badMagic(let found):
            return String(format: "incompatible library: magic block mismatch: host expects 0x%08X ('EXTH'), library has 0x%08X. Is it built against exthost.h?", ExthostABI.magic, found)
        case .abiVersionMismatch(let library):
            return "incompatible library: ABI version mismatch: host has ABI version \(ExthostABI.version) (and loads \(ExthostABI.oldestVersion) to \(ExthostABI.version)), library has \(library). Rebuild the extension against this host's exthost.h."
        case .descriptorTooSmall(let library, let abiVersion):
            return "incompatible library: descriptor size mismatch: host needs at least \(ExthostABI.descriptorSize(ofVersion: abiVersion)) bytes for ABI version \(abiVersion), library has \(library)."
        case .toolchainMismatch(let library):
            return "incompatible library: toolchain mismatch: host has \(ExthostABI.swiftToolchain), library has \(library). Swift has no stable ABI on Linux: rebuild the extension with the host's toolchain."
        case .invalidManifest(let why):
            return "invalid extension descriptor: \(why)."
        case .invalidDefinition(let why):
            return "the embedded intent definition is invalid: \(why). Regenerate the extension's code from its .intentdefinition."
        case .initFailed(let status):
            return "the extension failed to start: init returned \(status)."
        }
    }
}
