import CExthost

/// What both sides of the plugin ABI agree on, seen from Swift: the one
/// home of the numbers `exthost.h` defines.
///
/// The host and the SDK each embed this module. Each enum here mirrors one
/// enum of the header, case for case and number for number (a test checks
/// every raw value against its C constant); code on either side uses these
/// instead of casting `EXTHOST_…` constants.
public enum ExthostABI {
    /// `EXTHOST_MAGIC`.
    public static let magic: UInt32 = EXTHOST_MAGIC
    /// `EXTHOST_ABI_VERSION`: the version this header describes, the newest
    /// the host loads.
    public static let version: UInt32 = EXTHOST_ABI_VERSION
    /// The oldest version the host still loads (exthost.h, "Versions").
    public static let oldestVersion: UInt32 = 1
    /// Each version's descriptor size, the least a plugin of that version
    /// may claim: version 1's ends at `release` (`EXTHOST_EXTENSION_SIZE_V1`),
    /// version 2's at `definition_tables_size` (`EXTHOST_EXTENSION_SIZE_V2`).
    public static func descriptorSize(ofVersion version: UInt32) -> Int {
        switch version {
        case ...1: MemoryLayout<exthost_extension>.offset(of: \.definition_tables)!
        case 2: MemoryLayout<exthost_extension>.offset(of: \.handler_for_intent_values)!
        default: MemoryLayout<exthost_extension>.size
        }
    }
    /// `EXTHOST_ENTRY_SYMBOL`.
    public static let entrySymbol = "exthost_extension_entry"
    /// `EXTHOST_TOOLCHAIN_C`.
    public static let cToolchain = "c"
}
