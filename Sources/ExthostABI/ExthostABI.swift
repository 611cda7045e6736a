import CExthost

/// What both sides of the plugin ABI agree on, seen from Swift.
///
/// The host and the SDK each embed this module; it holds values only, no
/// types that cross the boundary.
public enum ExthostABI {
    /// `EXTHOST_MAGIC`.
    public static let magic: UInt32 = EXTHOST_MAGIC
    /// `EXTHOST_ABI_VERSION`.
    public static let version: UInt32 = EXTHOST_ABI_VERSION
    /// `EXTHOST_ENTRY_SYMBOL`.
    public static let entrySymbol = "exthost_extension_entry"
    /// `EXTHOST_TOOLCHAIN_C`.
    public static let cToolchain = "c"

    /// The Swift toolchain this image was compiled with, e.g. `"swift-6.3.1"`.
    ///
    /// Swift has no stable ABI on Linux, so a Swift plugin must have been
    /// built by the host's own toolchain.
    public static let swiftToolchain: String = {
#if compiler(>=6.5.5)
    "swift-6.5.5"
#elseif compiler(>=6.5.4)
    "swift-6.5.4"
#elseif compiler(>=6.5.3)
    "swift-6.5.3"
#elseif compiler(>=6.5.2)
    "swift-6.5.2"
#elseif compiler(>=6.5.1)
    "swift-6.5.1"
#elseif compiler(>=6.5.0)
    "swift-6.5.0"
#elseif compiler(>=6.4.5)
    "swift-6.4.5"
#elseif compiler(>=6.4.4)
    "swift-6.4.4"
#elseif compiler(>=6.4.3)
    "swift-6.4.3"
#elseif compiler(>=6.4.2)
    "swift-6.4.2"
#elseif compiler(>=6.4.1)
    "swift-6.4.1"
#elseif compiler(>=6.4.0)
    "swift-6.4.0"
#elseif compiler(>=6.3.5)
    "swift-6.3.5"
#elseif compiler(>=6.3.4)
    "swift-6.3.4"
#elseif compiler(>=6.3.3)
    "swift-6.3.3"
#elseif compiler(>=6.3.2)
    "swift-6.3.2"
#elseif compiler(>=6.3.1)
    "swift-6.3.1"
#elseif compiler(>=6.3.0)
    "swift-6.3.0"
#elseif compiler(>=6.2.5)
    "swift-6.2.5"
#elseif compiler(>=6.2.4)
    "swift-6.2.4"
#elseif compiler(>=6.2.3)
    "swift-6.2.3"
#elseif compiler(>=6.2.2)
    "swift-6.2.2"
#elseif compiler(>=6.2.1)
    "swift-6.2.1"
#elseif compiler(>=6.2.0)
    "swift-6.2.0"
#elseif compiler(>=6.1.5)
    "swift-6.1.5"
#elseif compiler(>=6.1.4)
    "swift-6.1.4"
#elseif compiler(>=6.1.3)
    "swift-6.1.3"
#elseif compiler(>=6.1.2)
    "swift-6.1.2"
#elseif compiler(>=6.1.1)
    "swift-6.1.1"
#elseif compiler(>=6.1.0)
    "swift-6.1.0"
#elseif compiler(>=6.0.5)
    "swift-6.0.5"
#elseif compiler(>=6.0.4)
    "swift-6.0.4"
#elseif compiler(>=6.0.3)
    "swift-6.0.3"
#elseif compiler(>=6.0.2)
    "swift-6.0.2"
#elseif compiler(>=6.0.1)
    "swift-6.0.1"
#elseif compiler(>=6.0.0)
    "swift-6.0.0"
#else
    "swift-unknown"
#endif
    }()
}
