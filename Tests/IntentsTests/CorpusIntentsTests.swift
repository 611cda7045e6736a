import CorpusIntents
import ExthostABI
import ExthostTestSupport
import Foundation
import IntentConversation
import IntentDefinition
import Intents
import Testing

extension CThunkTests {
    /// Every definition of the shared corpus, generated and compiled into
    /// CorpusIntents by the build, driven through what the generated code
    /// exports: its `<Stem>IntentDefinition` and its handler boxes' C thunks.
    /// Nothing here names a corpus file's classes, so the tests follow
    /// whatever files the folder holds.
    @Suite(.needsCorpus) struct CorpusIntentsTests {
        static let recordResolution: @convention(c) (Int32, UnsafeRawPointer?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, _, _, reason in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.kind = kind
            CompletionRecorder.last.reason = reason
            CompletionSignal.semaphore.signal()
        }

        static let recordOptions: @convention(c) (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void = { options, error in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.error = error.map { String(cString: $0) }
            CompletionSignal.semaphore.signal()
        }

        /// The definition as the generated code embeds it.
        func embedded(_ corpus: CorpusDefinition) throws -> IntentDefinition {
            try IntentDefinitionFile.parseJSON(Data(corpus.definition.definitionJSON.utf8), file: corpus.file)
        }

        /// Forgets earlier signals, runs `call`, and waits up to thirty seconds
        /// for its completion.
        ///
        /// - Returns: What the completion recorded (no calls when it never came).
        func completion(of call: () -> Void) -> Completed {
            CompletionSignal.reset()
            call()
            _ = CompletionSignal.wait()
            return CompletionRecorder.last
        }

        @Test func everyDefinitionInTheFolderIsCompiled() {
            #expect(!CorpusFolder.files.isEmpty, "\(CorpusFolder.url.path) holds no .intentdefinition file")
            #expect(CorpusIntents.definitions.map(\.file) == CorpusFolder.files,
                    "the build compiled another set of files than \(CorpusFolder.url.path) holds; build again")
        }

        @Test(arguments: CorpusIntents.definitions)
        func theGeneratedCodeEmbedsTheDefinition(_ corpus: CorpusDefinition) throws {
            let file = try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: corpus.file))
            #expect(try embedded(corpus) == file)
            let intentNames = corpus.definition.intentNames
            #expect(intentNames == file.intents.map(\.name))
        }

        @Test(arguments: CorpusIntents.definitions)
        func everyIntentHasItsClassAndRefusesAHandlerOfAnotherProtocol(_ corpus: CorpusDefinition) throws {
            let definition = corpus.definition
            for name in definition.intentNames {
                let made = definition.makeIntent(named: name)
                let intent = try #require(made, "\(corpus.file): \(name)")
                #expect(String(describing: type(of: intent)).hasSuffix("\(name)Intent"), "\(corpus.file): \(type(of: intent))")
                let refused = definition.makeHandlerBox(intentNamed: name, handler: NSObject())
                #expect(refused == nil, "\(corpus.file): \(name)")
                let accepted = corpus.makeEmptyHandler(intentNamed: name).flatMap { definition.makeHandlerBox(intentNamed: name, handler: $0) }
                #expect(accepted != nil, "\(corpus.file): \(name)")
            }
            let unknown = definition.makeIntent(named: "NoSuchIntent")
            #expect(unknown == nil)
        }

        /// A handler implementing nothing: each resolve answers notRequired for
        /// an empty intent, each options provider answers without an error,
        /// `confirm` answers ready and `handle` failure, each exactly once.
        @Test(arguments: CorpusIntents.definitions)
        func anEmptyHandlerAnswersEveryDefault(_ corpus: CorpusDefinition) throws {
            for intent in try embedded(corpus).intents {
                let context = "\(corpus.file): \(intent.name)"
                let handler = try #require(corpus.makeEmptyHandler(intentNamed: intent.name), "\(context)")
                let boxed = corpus.definition.makeHandlerBox(intentNamed: intent.name, handler: handler)
                let made = try #require(boxed, "\(context)")
                let box = Unmanaged.passRetained(made).toOpaque()
                defer { Unmanaged<_HandlerBox>.fromOpaque(box).release() }
                let empty = CIntentStruct(parameterCount: intent.parameters.count)
                defer { withExtendedLifetime(empty) {} }

                for parameter in intent.parameters {
                    let selector = HandlerSelector.resolve(parameter.name)
                    guard let method = made.method(selector) else {
                        #expect(!parameter.supportsResolution, "\(context): no \(selector)")
                        continue
                    }
                    let result = completion { resolve(method, parameter, box, empty.pointer) }
                    #expect(result.kind == EXTHOST_RESOLUTION_NOT_REQUIRED, "\(context): \(selector)")
                    #expect(result.calls == 1, "\(context): \(selector)")
                }

                for parameter in intent.parameters where parameter.supportsDynamicEnumeration {
                    let selector = HandlerSelector.options(parameter.name)
                    let method = try #require(made.method(selector), "\(context): no \(selector)")
                    let options = unsafeBitCast(method, to: _OptionsMethod.self)
                    let result = completion { options(box, empty.pointer, nil, Self.recordOptions) }
                    #expect(result.calls == 1, "\(context): \(selector)")
                    #expect(result.error == nil, "\(context): \(selector)")
                }

                let confirm = unsafeBitCast(try #require(made.method(HandlerSelector.confirm), "\(context)"), to: _ResponseMethod.self)
                let confirmed = completion { confirm(box, empty.pointer, CompletionSignal.recordResponse) }
                #expect(confirmed.code == EXTHOST_RESPONSE_READY, "\(context): confirm")
                #expect(confirmed.calls == 1, "\(context): confirm")
                let handle = unsafeBitCast(try #require(made.method(HandlerSelector.handle), "\(context)"), to: _ResponseMethod.self)
                let handled = completion { handle(box, empty.pointer, CompletionSignal.recordResponse) }
                #expect(handled.code == EXTHOST_RESPONSE_FAILURE, "\(context): handle")
                #expect(handled.calls == 1, "\(context): handle")
                #expect(made.method("resolveNoSuchParameter") == nil, "\(context)")
            }
        }

        /// Calls a resolve thunk through the signature of the parameter's
        /// value kind; every completion records into ``CompletionRecorder``.
        func resolve(_ method: exthost_method, _ parameter: Parameter, _ box: UnsafeMutableRawPointer, _ intent: UnsafeRawPointer) {
            if parameter.supportsMultipleValues {
                unsafeBitCast(method, to: _ResolveListMethod.self)(box, intent) { kind, _, _, reason in
                    CorpusIntentsTests.recordResolution(kind, nil, nil, reason)
                }
                return
            }
            switch parameter.type.valueKind {
            case .string:
                unsafeBitCast(method, to: _ResolveStringMethod.self)(box, intent) { kind, _, _, reason in
                    CorpusIntentsTests.recordResolution(kind, nil, nil, reason)
                }
            case .integer:
                unsafeBitCast(method, to: _ResolveIntegerMethod.self)(box, intent) { kind, _, _, reason in
                    CorpusIntentsTests.recordResolution(kind, nil, nil, reason)
                }
            case .decimal:
                unsafeBitCast(method, to: _ResolveDecimalMethod.self)(box, intent) { kind, _, _, reason in
                    CorpusIntentsTests.recordResolution(kind, nil, nil, reason)
                }
            case .boolean:
                unsafeBitCast(method, to: _ResolveBooleanMethod.self)(box, intent) { kind, _, _, reason in
                    CorpusIntentsTests.recordResolution(kind, nil, nil, reason)
                }
            case .enumeration:
                unsafeBitCast(method, to: _ResolveEnumerationMethod.self)(box, intent) { kind, _, _, reason in
                    CorpusIntentsTests.recordResolution(kind, nil, nil, reason)
                }
            case .object:
                unsafeBitCast(method, to: _ResolveObjectMethod.self)(box, intent) { kind, _, _, reason in
                    CorpusIntentsTests.recordResolution(kind, nil, nil, reason)
                }
            }
        }
    }
}
