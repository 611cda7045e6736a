import IntentConversation
import ExthostPosix
import CExthost
import ExthostABI
import Foundation
import IntentDefinition
import Logging

/// Loads extension plugins into this process, one fixed pipeline for every
/// plugin, as PostgreSQL's dynamic loader does:
///
/// 1. resolve the path; skip the plugin if it is already loaded (by path,
///    then by device and inode);
/// 2. check that the file is a non-empty ELF object, so the common mistakes
///    get a clear error instead of the dynamic linker's;
/// 3. `dlopen(RTLD_NOW | RTLD_LOCAL)`;
/// 4. call the entry function and check magic, ABI version, size and
///    toolchain **before calling any other plugin code**;
/// 5. only then call the plugin's `init`, on the calling thread (which must
///    be the main thread).
///
/// Each phase is timed with the monotonic clock. A plugin is never closed.
public final class ExtensionLoader: @unchecked Sendable {
    private var loadedByPath: [String: LoadedExtension] = [:]
    /// A list, not a dictionary keyed by `FileIdentity.Key`: the first
    /// dictionary of a new key type makes the Swift runtime look up its
    /// `Hashable` conformance by scanning every conformance record of the
    /// binary (~0.5 M instructions, on every extension process's load);
    /// a process loads one plugin, or a few.
    private var loadedByIdentity: [(key: Posix.FileIdentity.Key, loaded: LoadedExtension)] = []
    private let lock = NSLock()

    private let services: HostServices
    private let readsDefinitionTables: Bool

    /// Told each plugin's manifest once its descriptor has passed the ABI
    /// check, before its init runs: `exthost probe` keeps it, so a plugin
    /// whose init never returns is still known by the intents it claims.
    public var descriptorRead: (@Sendable (ExtensionManifest) -> Void)?

    /// Where the extensions' `exthost_host_api.log` lines go, each with the
    /// metadata `extension` naming the extension that wrote it.
    public let logger: Logger

    /// A loader.
    ///
    /// - Parameters:
    ///   - services: What the host API tables offer beyond loading (the
    ///     donation store's entry); none by default.
    ///   - logger: Where the extensions' log lines go; by default
    ///     `exthost.extension`, handled as the process's logging is bootstrapped.
    ///   - readsDefinitionTables: false parses every plugin's JSON text, as
    ///     for a version 1 plugin, even when it carries tables: for
    ///     `exthost bench`, which times both reads in one run.
    public init(services: HostServices = .withoutDonationStore, logger: Logger = Logger(label: "exthost.extension"),
                readsDefinitionTables: Bool = true) {
        self.services = services
        self.logger = logger
        self.readsDefinitionTables = readsDefinitionTables
    }

    /// Loads the plugin at `path`, or returns it if it is already loaded.
    ///
    /// - Parameters:
    ///   - path: The plugin's `.so` file.
    ///   - sharedContainer: Given to the plugin's `init` as its app group's
    ///     shared container (`exthost_host_api.shared_container`); a plugin
    ///     already loaded keeps the one it got.
    /// - Returns: The loaded extension, with its load timings.
    /// - Throws: `ExtensionLoadError` saying which step failed and why.
    public func load(path: String, sharedContainer: String? = nil) throws(ExtensionLoadError) -> LoadedExtension {
        lock.lock()
        defer { lock.unlock() }

        // A name loaded before that still names the same file (device and
        // inode): one stat, where realpath reads every component of the
        // name. The service's requests name the registry's resolved paths,
        // so this answers every request after a plugin's first.
        if let loaded = loadedByPath[path], let identity = try? Posix.fileIdentity(path), identity.key == loaded.identity.key {
            return loaded
        }

        // 1. Resolve the name; skip what is already loaded.
        let resolved: String
        let identity: Posix.FileIdentity
        do {
            resolved = try Posix.realPath(path)
            identity = try Posix.fileIdentity(resolved)
        } catch {
            throw ExtensionLoadError(path: path, reason: .cannotAccess(error.description))
        }
        if let loaded = loadedByPath[resolved] ?? loadedByIdentity.first(where: { $0.key == identity.key })?.loaded {
            return loaded
        }

        // 2. Could someone else have written it (PluginFilePolicy)? Is it an ELF object at all?
        if let problem = PluginFilePolicy.problem(path: resolved) {
            throw ExtensionLoadError(path: resolved, reason: .unsafePermissions(problem))
        }
        try Self.checkFileKind(resolved, identity: identity)

        // 3. dlopen, timed including dependent libraries and constructors.
        var timings = LoadTimings()
        var start = Posix.monotonicNanoseconds()
        let handle: UnsafeMutableRawPointer
        switch Posix.dlopenNowLocal(resolved) {
        case .success(let opened): handle = opened
        case .failure(let error): throw ExtensionLoadError(path: resolved, reason: .dynamicLinker(error.message))
        }
        var now = Posix.monotonicNanoseconds()
        timings.dlopen = now - start
        start = now

        // 4. The entry function and the ABI check, before any other plugin code.
        guard let symbol = Posix.dlsym(handle, ExthostABI.entrySymbol) else {
            throw ExtensionLoadError(path: resolved, reason: .noEntrySymbol)
        }
        let entry = unsafeBitCast(symbol, to: exthost_entry_fn.self)
        guard let entered = entry() else {
            throw ExtensionLoadError(path: resolved, reason: .nullDescriptor)
        }
        let (descriptor, manifest) = try Self.checkDescriptor(entered, path: resolved)
        descriptorRead?(manifest)
        now = Posix.monotonicNanoseconds()
        timings.abiCheck = now - start
        start = now

        // The embedded definition: the shapes of the intents it handles.
        // Tables (ABI 2) are opened in place, their index only; text is parsed.
        // Tables an older exthost wrote lack fields this one reads: the
        // plugin's JSON text, which says everything, is parsed instead.
        let text = descriptor.pointee.definition!
        let tables = descriptor.pointee.definition_tables.map {
            UnsafeRawBufferPointer(start: $0, count: descriptor.pointee.definition_tables_size)
        }
        let tablesAreCurrent = tables.map { (DefinitionTables.version(of: $0) ?? DefinitionTables.version) >= DefinitionTables.version } ?? false
        let definition = if readsDefinitionTables, manifest.abiVersion >= 2, let tables, tablesAreCurrent {
            try EmbeddedDefinition(tables: tables, text: text, manifest: manifest, path: resolved)
        } else {
            try EmbeddedDefinition(text: String(cString: text), manifest: manifest, path: resolved)
        }
        now = Posix.monotonicNanoseconds()
        timings.definition = now - start
        start = now

        // 5. init, on this thread.
        var context: UnsafeMutableRawPointer?
        var extensionLogger = logger
        extensionLogger[metadataKey: "extension"] = "\(manifest.identifier)"
        let caller = DonatingExtension(identifier: manifest.identifier, app: manifest.app, definition: definition)
        let hostAPI = HostAPI.make(sharedContainer: sharedContainer, caller: caller, services: services, logger: extensionLogger)
        let status = descriptor.pointee.`init`(hostAPI, &context)
        guard status == 0 else {
            throw ExtensionLoadError(path: resolved, reason: .initFailed(status: status), manifest: manifest)
        }
        timings.initialize = Posix.monotonicNanoseconds() - start

        let loaded = LoadedExtension(
            path: resolved,
            identity: identity,
            manifest: manifest,
            definition: definition,
            descriptor: descriptor,
            context: context,
            timings: timings
        )
        loadedByPath[resolved] = loaded
        loadedByIdentity.append((identity.key, loaded))
        return loaded
    }

    /// Refuses what is plainly not a plugin, with a clearer message than the
    /// dynamic linker's.
    package static func checkFileKind(_ path: String, identity: Posix.FileIdentity) throws(ExtensionLoadError) {
        guard identity.isRegularFile else {
            throw ExtensionLoadError(path: path, reason: .notARegularFile)
        }
        guard identity.size > 0 else {
            throw ExtensionLoadError(path: path, reason: .emptyFile)
        }
        // One read serves both checks: the magic and the ELF header with
        // the program headers after it.
        let firstPage: [UInt8]
        do {
            firstPage = try Posix.readPrefix(path, count: ELFDynamicSection.firstPageLength(ofFileOfSize: UInt64(identity.size)))
        } catch {
            throw ExtensionLoadError(path: path, reason: .cannotAccess(error.description))
        }
        guard firstPage.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else {
            throw ExtensionLoadError(path: path, reason: .notAnELFFile)
        }
        if let needed = ELFDynamicSection.truncatedLength(ofFileAt: path, size: UInt64(identity.size), firstPage: firstPage) {
            throw ExtensionLoadError(path: path, reason: .truncatedELFFile(size: identity.size, needed: needed))
        }
    }

    /// Checks the descriptor field by field, most important first (magic,
    /// ABI version, size, toolchain), then copies the manifest.
    ///
    /// - Returns: The descriptor to use from now on: the plugin's own, or,
    ///   for a version 1 plugin (whose descriptor ends at `release`), a copy
    ///   of its bytes with the later fields zero, so that no read of a later
    ///   field goes past the plugin's; and the manifest.
    static func checkDescriptor(
        _ plugin: UnsafePointer<exthost_extension>,
        path: String
    ) throws(ExtensionLoadError) -> (UnsafePointer<exthost_extension>, ExtensionManifest) {
        // Read the header as raw words first: nothing past them is trusted yet.
        let raw = UnsafeRawPointer(plugin)
        let magic = raw.load(as: UInt32.self)
        let size = raw.load(fromByteOffset: 4, as: UInt32.self)
        let abiVersion = raw.load(fromByteOffset: 8, as: UInt32.self)
        guard magic == ExthostABI.magic else {
            throw ExtensionLoadError(path: path, reason: .badMagic(found: magic))
        }
        guard (ExthostABI.oldestVersion...ExthostABI.version).contains(abiVersion) else {
            throw ExtensionLoadError(path: path, reason: .abiVersionMismatch(library: abiVersion))
        }
        guard Int(size) >= ExthostABI.descriptorSize(ofVersion: abiVersion) else {
            throw ExtensionLoadError(path: path, reason: .descriptorTooSmall(library: size, abiVersion: abiVersion))
        }
        var descriptor = plugin
        if Int(size) < MemoryLayout<exthost_extension>.size {
            let copy = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<exthost_extension>.size, alignment: MemoryLayout<exthost_extension>.alignment)
            copy.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<exthost_extension>.size)
            copy.copyMemory(from: raw, byteCount: Int(size))
            descriptor = UnsafePointer(copy.assumingMemoryBound(to: exthost_extension.self))
        }
        let fields = descriptor.pointee
        guard let toolchainText = fields.toolchain else {
            throw ExtensionLoadError(path: path, reason: .invalidManifest("toolchain is NULL"))
        }
        let toolchain = String(cString: toolchainText)
        if toolchain != ExthostABI.cToolchain && toolchain != ExthostABI.swiftToolchain {
            throw ExtensionLoadError(path: path, reason: .toolchainMismatch(library: toolchain))
        }

        func required(_ text: UnsafePointer<CChar>?, _ name: String) throws(ExtensionLoadError) -> String {
            guard let text, text.pointee != 0 else {
                throw ExtensionLoadError(path: path, reason: .invalidManifest("\(name) is NULL or empty"))
            }
            return String(cString: text)
        }
        let identifier = try required(fields.identifier, "identifier")
        let app = try required(fields.app, "app")
        guard let definition = fields.definition, definition.pointee != 0 else {
            throw ExtensionLoadError(path: path, reason: .invalidManifest("definition is NULL or empty"))
        }
        guard fields.`init` != nil, fields.handler_for_intent != nil, fields.method != nil, fields.release != nil else {
            throw ExtensionLoadError(path: path, reason: .invalidManifest("a function of the table (init, handler_for_intent, method, release) is NULL"))
        }
        let supported = stringList(fields.intents_supported)
        let restricted = stringList(fields.intents_restricted_while_locked)
        guard !supported.isEmpty else {
            throw ExtensionLoadError(path: path, reason: .invalidManifest("intents_supported is empty: the extension handles no intent"))
        }

        let manifest = ExtensionManifest(
            identifier: identifier,
            app: app,
            toolchain: toolchain,
            abiVersion: abiVersion,
            intentsSupported: supported,
            intentsRestrictedWhileLocked: restricted
        )
        return (descriptor, manifest)
    }

    /// Parses a definition's JSON text as the loader parses a version 1
    /// plugin's: with the system intents the manifest claims, every claimed
    /// intent defined.
    package static func readDefinition(_ text: String, manifest: ExtensionManifest, path: String) throws(ExtensionLoadError) -> IntentDefinition {
        try EmbeddedDefinition(text: text, manifest: manifest, path: path).whole
    }

    /// Reads a NULL-terminated array of C strings (NULL = empty).
    static func stringList(_ list: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
        guard let list else { return [] }
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }
}

extension Posix.FileIdentity {
    /// Device and inode: the file, whatever name it was reached by.
    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    var key: Key { Key(device: device, inode: inode) }
}
