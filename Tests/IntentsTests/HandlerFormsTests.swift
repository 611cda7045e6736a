import CorpusIntents
import Foundation
import Intents
import Testing

extension CThunkTests {
    /// The generated handling protocol's paired forms and defaults, run
    /// through the C thunks of the project's own AllTypes definition: a
    /// handler may implement the completion or the `async` form, the older
    /// `provide<Param>Options` form, or nothing at all.
    @Suite struct HandlerFormsTests {
        /// Implements one method in each of the other forms.
        final class FormsHandler: ATOrderDrinkIntentHandling {
            func resolveTemperature(for intent: ATOrderDrinkIntent) async -> ATOrderDrinkTemperatureResolutionResult {
                intent.temperature == .iced ? .unsupported(forReason: .notInWinter) : .success(with: intent.temperature)
            }

            func resolveNotes(for intent: ATOrderDrinkIntent, with completion: @escaping ([INStringResolutionResult]) -> Void) {
                completion((intent.notes ?? []).map { $0 == "extra sugar" ? .unsupported() : .success(with: $0) })
            }

            func provideNotesOptions(for intent: ATOrderDrinkIntent, with completion: @escaping ([String]?, (any Error)?) -> Void) {
                completion(["oat milk", "no sugar"], nil)
            }
        }

        /// Implements the options of a String parameter with the signature of
        /// Xcode's generated protocol (`INObjectCollection<NSString>`), as a
        /// handler written for iOS does.
        final class CollectionOptionsHandler: ATOrderDrinkIntentHandling {
            var reached = 0

            func provideNotesOptionsCollection(for intent: ATOrderDrinkIntent, with completion: @escaping (INObjectCollection<NSString>?, (any Error)?) -> Void) {
                reached += 1
                completion(INObjectCollection(items: ["honey", "cinnamon"]), nil)
            }
        }

        /// The same in the `async throws` form.
        final class AsyncCollectionOptionsHandler: ATOrderDrinkIntentHandling {
            var reached = 0

            func provideNotesOptionsCollection(for intent: ATOrderDrinkIntent) async throws -> INObjectCollection<NSString> {
                reached += 1
                return INObjectCollection(sections: [INObjectSection(title: "Sweet", items: ["honey"]), INObjectSection(title: nil, items: ["lemon" as NSString])])
            }
        }

        /// Implements nothing: every method takes its default.
        final class EmptyDrinkHandler: ATOrderDrinkIntentHandling {}

        static let recordResolution: @convention(c) (Int32, Int32, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.integer = Int64(value)
            CompletionRecorder.last.reason = reason
            CompletionSignal.semaphore.signal()
        }

        static let recordList: @convention(c) (Int32, UnsafePointer<exthost_list>?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.list = CompletionRecorder.describe(value, kind: .string)
            CompletionRecorder.last.reason = reason
            CompletionSignal.semaphore.signal()
        }

        static let recordDecimal: @convention(c) (Int32, Double, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.string = String(value)
            CompletionRecorder.last.reason = reason
            CompletionSignal.semaphore.signal()
        }

        static let recordObject: @convention(c) (Int32, UnsafePointer<exthost_object>?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.object = CompletionRecorder.describe(value)
            CompletionRecorder.last.reason = reason
            CompletionSignal.semaphore.signal()
        }

        static let recordOptions: @convention(c) (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void = { options, error in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.list = CompletionRecorder.describe(options, kind: .string)
            CompletionRecorder.last.error = error.map { String(cString: $0) }
            CompletionSignal.semaphore.signal()
        }

        func box(_ handler: AnyObject) throws -> UnsafeMutableRawPointer {
            let box = try #require(AllTypesIntentDefinition.makeHandlerBox(intentNamed: "OrderDrink", handler: handler))
            return Unmanaged.passRetained(box).toOpaque()
        }

        func method<T>(_ box: UnsafeMutableRawPointer, _ selector: String, as type: T.Type) throws -> T {
            unsafeBitCast(try #require(_HandlerBox.from(box)?.method(selector)), to: type)
        }

        func release(_ box: UnsafeMutableRawPointer) {
            Unmanaged<_HandlerBox>.fromOpaque(box).release()
        }

        @Test func anAsyncResolveAnswersThroughTheCompletionThunk() throws {
            let box = try box(FormsHandler())
            defer { release(box) }
            let resolveTemperature = try method(box, "resolveTemperature", as: _ResolveEnumerationMethod.self)
            let intent = CIntentStruct(parameterCount: 14)
            defer { withExtendedLifetime(intent) {} }
            intent[1] = intent.int32(Int32(ATTemperature.iced.rawValue))
            CompletionSignal.reset()
            resolveTemperature(box, intent.pointer, Self.recordResolution)
            #expect(CompletionSignal.wait())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
            #expect(CompletionRecorder.last.reason == Int32(ATOrderDrinkTemperatureUnsupportedReason.notInWinter.rawValue))
            intent[1] = intent.int32(Int32(ATTemperature.hot.rawValue))
            CompletionSignal.reset()
            resolveTemperature(box, intent.pointer, Self.recordResolution)
            #expect(CompletionSignal.wait())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(CompletionRecorder.last.integer == Int64(ATTemperature.hot.rawValue))
        }

        @Test func multipleValuesSucceedAsOneListOrStopAtTheFirstFailure() throws {
            let box = try box(FormsHandler())
            defer { release(box) }
            let resolveNotes = try method(box, "resolveNotes", as: _ResolveListMethod.self)
            let intent = CIntentStruct(parameterCount: 14)
            defer { withExtendedLifetime(intent) {} }
            let oat = UnsafeRawPointer(intent.string("oat milk"))
            let cocoa = UnsafeRawPointer(intent.string("cocoa"))
            intent[12] = intent.list([oat, cocoa])
            CompletionSignal.reset()
            resolveNotes(box, intent.pointer, Self.recordList)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(CompletionRecorder.last.list == ["oat milk", "cocoa"])
            intent[12] = intent.list([oat, UnsafeRawPointer(intent.string("extra sugar")), cocoa])
            CompletionSignal.reset()
            resolveNotes(box, intent.pointer, Self.recordList)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
            #expect(CompletionRecorder.last.list == [])
            intent[12] = nil
            CompletionSignal.reset()
            resolveNotes(box, intent.pointer, Self.recordList)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_NOT_REQUIRED)
        }

        /// Calls `provideNotesOptionsCollection` through the generated thunk
        /// and returns the options that came back.
        func notesOptions(from handler: AnyObject) throws -> [String]? {
            let box = try box(handler)
            defer { release(box) }
            let provide = try method(box, "provideNotesOptionsCollection", as: _OptionsMethod.self)
            let intent = CIntentStruct(parameterCount: 14)
            defer { withExtendedLifetime(intent) {} }
            CompletionSignal.reset()
            provide(box, intent.pointer, nil, Self.recordOptions)
            #expect(CompletionSignal.wait())
            #expect(CompletionRecorder.last.error == nil)
            return CompletionRecorder.last.list
        }

        @Test func theOlderOptionsFormServesTheOptionsCollection() throws {
            let handler = FormsHandler()
            #expect(try notesOptions(from: handler) == ["oat milk", "no sugar"])
            #expect(try notesOptions(from: handler) == ["oat milk", "no sugar"], "still served by the older form once the collection form is known missing")
        }

        /// Probe: the handler's own method is reached through the generated
        /// protocol (the values come only from it, and it counts its calls).
        @Test func stringOptionsWithXcodesSignatureAreReached() throws {
            let handler = CollectionOptionsHandler()
            #expect(try notesOptions(from: handler) == ["honey", "cinnamon"])
            #expect(handler.reached == 1)
        }

        @Test func asyncStringOptionsWithXcodesSignatureAreReached() throws {
            let handler = AsyncCollectionOptionsHandler()
            #expect(try notesOptions(from: handler) == ["honey", "lemon"])
            #expect(handler.reached == 1)
        }

        @Test func aHandlerImplementingNothingGetsTheDefaultsWithoutLooping() throws {
            let box = try box(EmptyDrinkHandler())
            defer { release(box) }
            let intent = CIntentStruct(parameterCount: 14)
            defer { withExtendedLifetime(intent) {} }
            intent[2] = intent.double(0.25)
            CompletionSignal.reset()
            try method(box, "resolveSweetness", as: _ResolveDecimalMethod.self)(box, intent.pointer, Self.recordDecimal)
            #expect(CompletionSignal.wait())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(CompletionRecorder.last.string == "0.25")
            CompletionSignal.reset()
            try method(box, "resolveDrink", as: _ResolveObjectMethod.self)(box, intent.pointer, Self.recordObject)
            #expect(CompletionSignal.wait())
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_NOT_REQUIRED)
            CompletionSignal.reset()
            try method(box, "confirm", as: _ResponseMethod.self)(box, intent.pointer, CompletionSignal.recordResponse)
            #expect(CompletionSignal.wait())
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_READY)
            CompletionSignal.reset()
            try method(box, "handle", as: _ResponseMethod.self)(box, intent.pointer, CompletionSignal.recordResponse)
            #expect(CompletionSignal.wait())
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_FAILURE)
            #expect(CompletionRecorder.last.calls == 1)
        }

        @Test func onceKnownMissingAMethodAnswersItsDefaultAtOnce() throws {
            let box = try box(EmptyDrinkHandler())
            defer { release(box) }
            let intent = CIntentStruct(parameterCount: 14)
            defer { withExtendedLifetime(intent) {} }
            let handle = try method(box, "handle", as: _ResponseMethod.self)
            CompletionSignal.reset()
            handle(box, intent.pointer, CompletionSignal.recordResponse)
            #expect(CompletionSignal.wait())
            CompletionSignal.reset()
            handle(box, intent.pointer, CompletionSignal.recordResponse)
            #expect(CompletionRecorder.last.calls == 1, "answered before the method returned")
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_FAILURE)
        }
    }
}
