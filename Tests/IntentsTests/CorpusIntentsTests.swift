import CorpusIntents
import Dispatch
import Foundation
import Intents
import ExthostTestSupport
import Testing

extension CThunkTests {
    /// The corpus definitions' generated Swift, compiled through the build-tool
    /// plugin and driven through its C thunks, with handlers written the way
    /// the iOS apps wrote them.
    @Suite struct CorpusIntentsTests {
        /// Soup Chef's handler, in the iOS 12 sample's style.
        final class SoupHandler: OrderSoupIntentHandling {
            func resolveSoup(for intent: OrderSoupIntent, with completion: @escaping (INObjectResolutionResult) -> Void) {
                guard let soup = intent.soup else {
                    let tomato = INObject(identifier: "tomato", display: "Tomato Soup", subtitle: "Vegetarian", image: INImage(named: "tomato"))
                    completion(.disambiguation(with: [tomato, INObject(identifier: "clam", display: "Clam Chowder")]))
                    return
                }
                completion(.success(with: soup))
            }

            func resolveQuantity(for intent: OrderSoupIntent, with completion: @escaping (INIntegerResolutionResult) -> Void) {
                guard let quantity = intent.quantity else {
                    completion(.needsValue())
                    return
                }
                let value = Int(truncating: quantity)
                completion(value > 10 ? .confirmationRequired(with: value) : .success(with: value))
            }

            func resolveOptions(for intent: OrderSoupIntent, with completion: @escaping ([INObjectResolutionResult]) -> Void) {
                completion((intent.options ?? []).map { $0.identifier == "bacon" ? .unsupported() : .success(with: $0) })
            }

            func handle(intent: OrderSoupIntent, completion: @escaping (OrderSoupIntentResponse) -> Void) {
                guard let soup = intent.soup else {
                    completion(OrderSoupIntentResponse(code: .failure, userActivity: nil))
                    return
                }
                let response = OrderSoupIntentResponse.success(soup: soup, waitTime: "10 minutes")
                let activity = NSUserActivity(activityType: "com.example.soupchef.orderStatus")
                activity.title = "Order status"
                response.userActivity = activity
                completion(response)
            }
        }

        /// A handler that implements nothing: every method takes its default.
        final class LazySoupHandler: OrderSoupIntentHandling {}

        /// NetNewsWire's handler, in its async style.
        final class FeedHandler: AddWebFeedIntentHandling {
            func resolveUrl(for intent: AddWebFeedIntent) async -> AddWebFeedUrlResolutionResult {
                guard let url = intent.url else { return .unsupported(forReason: .required) }
                return .success(with: url)
            }

            func provideAccountNameOptions(for intent: AddWebFeedIntent, with completion: @escaping ([String]?, Error?) -> Void) {
                completion(["On My iPhone", "Feedbin"], nil)
            }

            func handle(intent: AddWebFeedIntent, completion: @escaping (AddWebFeedIntentResponse) -> Void) {
                completion(AddWebFeedIntentResponse(code: .success, userActivity: nil))
            }
        }

        /// Signalled by every recording completion, for completions called later
        /// from another thread.
        static let called = DispatchSemaphore(value: 0)

        func box<Definition: GeneratedIntentDefinition>(_ definition: Definition.Type, _ intent: String, _ handler: AnyObject) throws -> UnsafeMutableRawPointer {
            let box = try #require(Definition.makeHandlerBox(intentNamed: intent, handler: handler))
            return Unmanaged.passRetained(box).toOpaque()
        }

        func method<T>(_ box: UnsafeMutableRawPointer, _ selector: String, as type: T.Type) throws -> T {
            let method = try #require(_HandlerBox.from(box)?.method(selector))
            return unsafeBitCast(method, to: type)
        }

        func release(_ box: UnsafeMutableRawPointer) {
            Unmanaged<_HandlerBox>.fromOpaque(box).release()
        }

        func waitForCompletion() -> Bool {
            Self.called.wait(timeout: .now() + 5) == .success
        }

        /// Forgets the signals of completions that were already waited for (or
        /// called synchronously).
        func drain() {
            while Self.called.wait(timeout: .now()) == .success {}
        }

        static let recordObject: @convention(c) (Int32, UnsafePointer<exthost_object>?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, alternatives, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.object = CompletionRecorder.describe(value)
            CompletionRecorder.last.alternatives = CompletionRecorder.describe(alternatives, kind: .object)
            CompletionRecorder.last.reason = reason
            called.signal()
        }

        static let recordInteger: @convention(c) (Int32, Int64, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.integer = value
            CompletionRecorder.last.reason = reason
            called.signal()
        }

        static let recordList: @convention(c) (Int32, UnsafePointer<exthost_list>?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, alternatives, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.list = CompletionRecorder.describe(value, kind: .object)
            CompletionRecorder.last.alternatives = CompletionRecorder.describe(alternatives, kind: .object)
            CompletionRecorder.last.reason = reason
            called.signal()
        }

        static let recordResponse: @convention(c) (Int32, UnsafeRawPointer?) -> Void = { code, response in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.code = code
            if let fields = response?.assumingMemoryBound(to: UnsafeRawPointer?.self) {
                CompletionRecorder.last.activityType = fields[0].map { String(cString: $0.assumingMemoryBound(to: exthost_user_activity.self).pointee.activity_type) }
                CompletionRecorder.last.object = CompletionRecorder.describe(fields[1]?.assumingMemoryBound(to: exthost_object.self))
                CompletionRecorder.last.string = fields[2].map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
            }
            called.signal()
        }

        // MARK: Soup Chef

        @Test func disambiguationOffersObjectsWithSubtitles() throws {
            let box = try box(SoupchefIntentDefinition.self, "OrderSoup", SoupHandler())
            defer { release(box) }
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            CompletionRecorder.reset()
            drain()
            try method(box, "resolveSoup", as: _ResolveObjectMethod.self)(box, intent.pointer, Self.recordObject)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_DISAMBIGUATION)
            #expect(CompletionRecorder.last.alternatives == ["Tomato Soup", "Clam Chowder"])
            #expect(CompletionRecorder.last.object == [:], "no value with a disambiguation")
        }

        @Test func needsValueAndConfirmationRequired() throws {
            let box = try box(SoupchefIntentDefinition.self, "OrderSoup", SoupHandler())
            defer { release(box) }
            let resolveQuantity = try method(box, "resolveQuantity", as: _ResolveIntegerMethod.self)
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            CompletionRecorder.reset()
            drain()
            resolveQuantity(box, intent.pointer, Self.recordInteger)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_NEEDS_VALUE)
            intent[1] = intent.int64(12)
            CompletionRecorder.reset()
            drain()
            resolveQuantity(box, intent.pointer, Self.recordInteger)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED)
            #expect(CompletionRecorder.last.integer == 12)
        }

        @Test func multipleValuesSucceedAsOneListOrStopAtTheFirstFailure() throws {
            let box = try box(SoupchefIntentDefinition.self, "OrderSoup", SoupHandler())
            defer { release(box) }
            let resolveOptions = try method(box, "resolveOptions", as: _ResolveListMethod.self)
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            let cheese = intent.object(identifier: "cheese", display: "Cheese")
            let croutons = intent.object(identifier: "croutons", display: "Croutons")
            intent[2] = intent.list([cheese, croutons])
            CompletionRecorder.reset()
            drain()
            resolveOptions(box, intent.pointer, Self.recordList)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(CompletionRecorder.last.list == ["Cheese", "Croutons"])
            intent[2] = intent.list([cheese, intent.object(identifier: "bacon", display: "Bacon"), croutons])
            CompletionRecorder.reset()
            drain()
            resolveOptions(box, intent.pointer, Self.recordList)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
            #expect(CompletionRecorder.last.list == [])
            intent[2] = nil
            CompletionRecorder.reset()
            drain()
            resolveOptions(box, intent.pointer, Self.recordList)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_NOT_REQUIRED)
        }

        @Test func aTemplateConstructorFillsTheResponseStruct() throws {
            let box = try box(SoupchefIntentDefinition.self, "OrderSoup", SoupHandler())
            defer { release(box) }
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            intent[0] = intent.object(identifier: "clam", display: "Clam Chowder")
            CompletionRecorder.reset()
            drain()
            try method(box, "handle", as: _ResponseMethod.self)(box, intent.pointer, Self.recordResponse)
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_SUCCESS)
            #expect(CompletionRecorder.last.activityType == "com.example.soupchef.orderStatus")
            #expect(CompletionRecorder.last.object["displayString"] == "Clam Chowder")
            #expect(CompletionRecorder.last.string == "10 minutes")
            #expect(OrderSoupIntentResponseCode.failureOutOfStock.rawValue == 100)
            #expect(OrderSoupIntentResponseCode.successReadySoon.rawValue == 101)
        }

        @Test func aHandlerImplementingNothingGetsTheDefaultsWithoutLooping() throws {
            let box = try box(SoupchefIntentDefinition.self, "OrderSoup", LazySoupHandler())
            defer { release(box) }
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            intent[1] = intent.int64(3)
            CompletionRecorder.reset()
            drain()
            try method(box, "resolveQuantity", as: _ResolveIntegerMethod.self)(box, intent.pointer, Self.recordInteger)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(CompletionRecorder.last.integer == 3)
            CompletionRecorder.reset()
            drain()
            try method(box, "resolveSoup", as: _ResolveObjectMethod.self)(box, intent.pointer, Self.recordObject)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_NOT_REQUIRED)
            CompletionRecorder.reset()
            drain()
            try method(box, "confirm", as: _ResponseMethod.self)(box, intent.pointer, Self.recordResponse)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_READY)
            CompletionRecorder.reset()
            drain()
            try method(box, "handle", as: _ResponseMethod.self)(box, intent.pointer, Self.recordResponse)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_FAILURE)
            #expect(CompletionRecorder.last.calls == 1)
        }

        @Test func onceKnownMissingAMethodAnswersItsDefaultAtOnce() throws {
            let box = try box(SoupchefIntentDefinition.self, "OrderSoup", LazySoupHandler())
            defer { release(box) }
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            let confirm = try method(box, "confirm", as: _ResponseMethod.self)
            CompletionRecorder.reset()
            drain()
            confirm(box, intent.pointer, Self.recordResponse)
            #expect(waitForCompletion())
            CompletionRecorder.reset()
            drain()
            confirm(box, intent.pointer, Self.recordResponse)
            #expect(CompletionRecorder.last.calls == 1, "answered before the method returned")
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_READY)
        }

        // MARK: NetNewsWire

        @Test func anAsyncResolveAnswersThroughTheCompletionThunk() throws {
            let box = try box(NetnewswireIntentDefinition.self, "AddWebFeed", FeedHandler())
            defer { release(box) }
            let resolveUrl = try method(box, "resolveUrl", as: _ResolveStringMethod.self)
            let record: @convention(c) (Int32, UnsafePointer<CChar>?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, reason in
                CompletionRecorder.last.kind = kind
                CompletionRecorder.last.string = value.map { String(cString: $0) }
                CompletionRecorder.last.reason = reason
                CorpusIntentsTests.called.signal()
            }
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            CompletionRecorder.reset()
            drain()
            resolveUrl(box, intent.pointer, record)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
            #expect(CompletionRecorder.last.reason == Int32(AddWebFeedUrlUnsupportedReason.required.rawValue))
            intent[0] = UnsafeRawPointer(intent.string("https://inessential.com/feed.json"))
            CompletionRecorder.reset()
            drain()
            resolveUrl(box, intent.pointer, record)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(CompletionRecorder.last.string == "https://inessential.com/feed.json")
        }

        @Test func theOlderOptionsFormServesTheOptionsCollection() throws {
            let box = try box(NetnewswireIntentDefinition.self, "AddWebFeed", FeedHandler())
            defer { release(box) }
            let record: @convention(c) (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void = { options, error in
                CompletionRecorder.last.list = CompletionRecorder.describe(options, kind: .string)
                CompletionRecorder.last.error = error.map { String(cString: $0) }
                CorpusIntentsTests.called.signal()
            }
            CompletionRecorder.reset()
            drain()
            let intent = CIntentStruct(parameterCount: 3)
            defer { withExtendedLifetime(intent) {} }
            try method(box, "provideAccountNameOptionsCollection", as: _OptionsMethod.self)(box, intent.pointer, nil, record)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.list == ["On My iPhone", "Feedbin"])
            #expect(CompletionRecorder.last.error == nil)
            CompletionRecorder.reset()
            drain()
            try method(box, "provideAccountNameOptionsCollection", as: _OptionsMethod.self)(box, intent.pointer, nil, record)
            #expect(waitForCompletion())
            #expect(CompletionRecorder.last.list == ["On My iPhone", "Feedbin"], "still served by the older form once the collection form is known missing")
        }

        @Test func theCorpusCopiesMatchTheCorpus() throws {
            for file in CorpusIntents.files {
                let copy = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Tests/CorpusIntents/\(file)"))
                let original = TestPaths.corpus.appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: original.path) else { continue }
                #expect(try Data(contentsOf: original) == copy, "\(file) differs from the corpus")
            }
        }
    }
}
