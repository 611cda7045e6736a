import ExthostABI
import ExthostTestSupport
import Foundation
import Intents
import Testing

extension CThunkTests {
    /// The DESIGN §2 handler, compiled unchanged into its own shared object,
    /// loaded the way the host loads it and run: entry → init →
    /// handler_for_intent → handle. Its own copy of the SDK lives in that image;
    /// only C crosses.
    @Suite struct FreeeExtensionTests {
        static let library = BuiltProducts.plugin("FreeeExtension")

        @Test(.enabled(if: FileManager.default.fileExists(atPath: library.path), "build the FreeeExtension product first (swift build)"))
        func theVerbatimHandlerRunsUnchanged() throws {
            let image = try #require(dlopen(Self.library.path, RTLD_NOW | RTLD_LOCAL), "\(String(cString: dlerror()))")
            let entry = unsafeBitCast(try #require(dlsym(image, ExthostABI.entrySymbol)), to: exthost_entry_fn.self)
            let descriptor = try #require(entry()).pointee
            #expect(descriptor.magic == EXTHOST_MAGIC)
            #expect(String(cString: descriptor.identifier) == "jp.co.freee.accounting.intents")
            #expect(String(cString: descriptor.intents_supported[0]!) == "FreeeFetchWalletableTransactions")

            let container = try makeTemporaryDirectory("freee")
            let api = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)
            api.initialize(to: exthost_host_api(
                size: UInt32(MemoryLayout<exthost_host_api>.size), abi_version: EXTHOST_ABI_VERSION,
                log: nil, shared_container: UnsafePointer(strdup(container.path)), donations: nil
            ))
            var context: UnsafeMutableRawPointer?
            #expect(descriptor.`init`(api, &context) == 0)
            let box = try #require(descriptor.handler_for_intent(context, "FreeeFetchWalletableTransactions"))
            defer { descriptor.release(box) }
            let handle = unsafeBitCast(try #require(descriptor.method(box, "handle")), to: _ResponseMethod.self)
            let intent = CIntentStruct(parameterCount: 0)
            defer { withExtendedLifetime(intent) {} }
            CompletionRecorder.reset()
            handle(box, intent.pointer) { code, _ in
                CompletionRecorder.last.calls += 1
                CompletionRecorder.last.code = code
            }
            #expect(CompletionRecorder.last.calls == 1)
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_SUCCESS)
            #expect(FileManager.default.fileExists(atPath: container.appendingPathComponent("sync-requested").path))
        }
    }
}
