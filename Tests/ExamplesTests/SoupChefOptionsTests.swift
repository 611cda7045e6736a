import CExthost
import ExthostTestSupport
import Foundation
import Testing

/// Soup Chef's dynamic options and search (`provideSoupOptionsCollection`),
/// called through the built plugin's C function table as the host calls any
/// method: dlopen, the entry's descriptor, `init`, `handler_for_intent`,
/// `method`. (Through the host: `ShortcutSetupTests` lists them with
/// `exthost shortcuts options`.)
@Suite("Soup Chef, dynamic options", .serialized)
struct SoupChefOptionsTests {
    typealias OptionsCompletion = @convention(c) (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void
    typealias OptionsMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafePointer<CChar>?, OptionsCompletion) -> Void

    /// What the last completion received: the options' display strings, subtitles and images.
    enum Received {
        nonisolated(unsafe) static var options: [(identifier: String?, title: String, subtitle: String?, image: String?)] = []
        nonisolated(unsafe) static var error: String?
        nonisolated(unsafe) static var calls = 0
    }

    /// The extension, loaded once (a Swift image is never closed), and its OrderSoup handler.
    nonisolated(unsafe) static let loaded: (descriptor: exthost_extension, handler: UnsafeMutableRawPointer) = {
        let path = BuiltProducts.plugin("SoupChefExtension").path
        guard let image = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { fatalError(String(cString: dlerror())) }
        let entry = unsafeBitCast(dlsym(image, EXTHOST_ENTRY_SYMBOL), to: (@convention(c) () -> UnsafeRawPointer).self)
        let descriptor = entry().assumingMemoryBound(to: exthost_extension.self).pointee
        var context: UnsafeMutableRawPointer?
        precondition(descriptor.`init`(nil, &context) == 0)
        guard let handler = descriptor.handler_for_intent(context, "OrderSoup") else { fatalError("no OrderSoup handler") }
        return (descriptor, handler)
    }()

    private func provide(searchTerm: String?) throws -> [(identifier: String?, title: String, subtitle: String?, image: String?)] {
        let loaded = Self.loaded
        #expect(loaded.descriptor.magic == EXTHOST_MAGIC)
        let method = try #require(loaded.descriptor.method(loaded.handler, "provideSoupOptionsCollection"))
        let provide = unsafeBitCast(method, to: OptionsMethod.self)
        // The OrderSoup intent struct: identifier, then five parameters, none set.
        let identifier = strdup("options-1")!
        defer { free(identifier) }
        let fields: [UnsafeRawPointer?] = [UnsafeRawPointer(identifier), nil, nil, nil, nil, nil]
        Received.options = []
        Received.error = nil
        Received.calls = 0
        fields.withUnsafeBufferPointer { intent in
            let record: OptionsCompletion = { list, error in
                Received.calls += 1
                Received.error = error.map { String(cString: $0) }
                guard let list = list?.pointee else { return }
                for index in 0..<list.count {
                    let object = list.items[index]!.assumingMemoryBound(to: exthost_object.self).pointee
                    Received.options.append((
                        object.identifier.map { String(cString: $0) },
                        String(cString: object.display_string),
                        object.subtitle.map { String(cString: $0) },
                        object.image.map { String(cString: $0) }
                    ))
                }
            }
            if let searchTerm {
                searchTerm.withCString { provide(loaded.handler, UnsafeRawPointer(intent.baseAddress), $0, record) }
            } else {
                provide(loaded.handler, UnsafeRawPointer(intent.baseAddress), nil, record)
            }
        }
        #expect(Received.calls == 1)
        #expect(Received.error == nil)
        return Received.options
    }

    @Test("without a search term: every soup in stock, vegetarian first, with subtitles and images")
    func everySoupInStock() throws {
        let options = try provide(searchTerm: nil)
        #expect(options.map(\.title) == ["Tomato Soup", "Corn Chowder", "Chicken Noodle Soup", "Clam Chowder"])
        #expect(options.first?.identifier == "tomato")
        #expect(options.first?.subtitle == "Roasted tomatoes and basil · $4.50")
        #expect(options.first?.image == "tomato")
        #expect(!options.contains { $0.title == "Lobster Bisque" })
    }

    @Test("a search term narrows the options")
    func search() throws {
        #expect(try provide(searchTerm: "chowder").map(\.title) == ["Corn Chowder", "Clam Chowder"])
        #expect(try provide(searchTerm: "noodle").map(\.identifier) == ["chicken-noodle"])
        #expect(try provide(searchTerm: "gazpacho").isEmpty)
    }
}
