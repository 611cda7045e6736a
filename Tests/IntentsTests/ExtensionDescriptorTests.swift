import ExthostABI
import Foundation
import Intents
@testable import StudyRecordExtension
import Testing

extension CThunkTests {
    /// Drives the StudyRecord extension the way the host does: through the
    /// exported descriptor's C function table only (init → handler_for_intent
    /// → method → thunk, with C completions), and checks the C values it answers.
    @Suite struct ExtensionDescriptorTests {
        static let sharedContainer: String = {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("exthost-sdk-tests-\(getpid())").path
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }()

        /// The host API handed to `init`: a log that records, and a shared container.
        nonisolated(unsafe) static let hostAPI: UnsafePointer<exthost_host_api> = {
            let api = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)
            api.initialize(to: exthost_host_api(
                size: UInt32(MemoryLayout<exthost_host_api>.size),
                abi_version: ExthostABI.version,
                log: { _, message in if let message { HostLog.lines.append(String(cString: message)) } },
                shared_container: UnsafePointer(strdup(sharedContainer)),
                donations: nil
            ))
            return UnsafePointer(api)
        }()

        enum HostLog {
            nonisolated(unsafe) static var lines: [String] = []
        }

        var descriptor: exthost_extension {
            exthostExtensionEntry().assumingMemoryBound(to: exthost_extension.self).pointee
        }

        /// The started extension. Port 1 on loopback refuses connections: the
        /// backend is "offline".
        nonisolated(unsafe) static let context: UnsafeMutableRawPointer = {
            setenv("STUDYRECORD_BACKEND_PORT", "1", 1)
            let descriptor = exthostExtensionEntry().assumingMemoryBound(to: exthost_extension.self).pointee
            var context: UnsafeMutableRawPointer?
            let status = descriptor.`init`(hostAPI, &context)
            precondition(status == 0 && context != nil)
            return context!
        }()

        func handler() throws -> UnsafeMutableRawPointer {
            try #require(descriptor.handler_for_intent(Self.context, "PostStudyRecord"))
        }

        func method<T>(_ box: UnsafeMutableRawPointer, _ selector: String, as type: T.Type) throws -> T {
            let method = try #require(descriptor.method(box, selector))
            return unsafeBitCast(method, to: type)
        }

        // MARK: The descriptor

        @Test func descriptorHeaderIsWhatTheHostChecksFirst() throws {
            let entry = exthostExtensionEntry()
            #expect(exthostExtensionEntry() == entry, "the entry returns one static descriptor")
            let descriptor = self.descriptor
            #expect(descriptor.magic == EXTHOST_MAGIC)
            #expect(descriptor.size == UInt32(MemoryLayout<exthost_extension>.size))
            #expect(descriptor.abi_version == EXTHOST_ABI_VERSION)
            #expect(descriptor.reserved == 0)
            #expect(String(cString: descriptor.toolchain) == ExthostABI.swiftToolchain)
            #expect(String(cString: descriptor.identifier) == "com.example.studyrecord.intents")
            #expect(String(cString: descriptor.app) == "com.example.studyrecord")
            #expect(strings(descriptor.intents_supported) == ["PostStudyRecord", "StartStopwatch", "StartTimer", "PauseMeasurement",
                                                             "ResumeMeasurement", "ShowCurrentMeasurement", "FinishMeasurement"])
            #expect(strings(descriptor.intents_restricted_while_locked) == [])
            let json = try JSONSerialization.jsonObject(with: Data(String(cString: descriptor.definition).utf8)) as? [String: Any]
            let intents = try #require(json?["intents"] as? [[String: Any]])
            #expect(intents.first?["name"] as? String == "PostStudyRecord")
            let parameters = try #require(intents.first?["parameters"] as? [[String: Any]])
            #expect(parameters.map { $0["name"] as? String } == ["material", "duration", "amount", "start", "end", "memo"])
        }

        @Test func handlerForAnUnknownIntentIsNull() {
            #expect(descriptor.handler_for_intent(Self.context, "OrderSoup") == nil)
        }

        @Test func everySelectorOfTheIntentHasAMethod() throws {
            let box = try handler()
            defer { descriptor.release(box) }
            for selector in ["resolveMaterial", "provideMaterialOptionsCollection", "resolveDuration", "resolveAmount",
                             "resolveStart", "resolveEnd", "resolveMemo", "confirm", "handle"] {
                #expect(descriptor.method(box, selector) != nil, "\(selector)")
            }
            #expect(descriptor.method(box, "resolveSoup") == nil)
            #expect(descriptor.method(box, "provideDurationOptionsCollection") == nil)
        }

        // MARK: Resolve

        func resolveInteger(_ selector: String, _ intent: CIntentStruct) throws -> Completed {
            let box = try handler()
            defer { descriptor.release(box) }
            CompletionRecorder.reset()
            try method(box, selector, as: _ResolveIntegerMethod.self)(box, intent.pointer) { kind, value, alternatives, reason in
                CompletionRecorder.last.calls += 1
                CompletionRecorder.last.kind = kind
                CompletionRecorder.last.integer = value
                CompletionRecorder.last.alternatives = CompletionRecorder.describe(alternatives, kind: .integer)
                CompletionRecorder.last.reason = reason
            }
            return CompletionRecorder.last
        }

        @Test func noMaterialAndNoDurationIsUnsupportedWithTheFirstReason() throws {
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            let result = try resolveInteger("resolveDuration", intent)
            #expect(result.calls == 1)
            #expect(result.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
            #expect(result.reason == 1)
        }

        @Test func aDurationResolvesToItsValue() throws {
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[1] = intent.int64(45)
            let result = try resolveInteger("resolveDuration", intent)
            #expect(result.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(result.integer == 45)
            #expect(result.reason == 0)
        }

        @Test func anAmountWithoutMaterialIsUnsupported() throws {
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[1] = intent.int64(30)
            intent[2] = intent.int64(12)
            let result = try resolveInteger("resolveAmount", intent)
            #expect(result.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
            #expect(result.reason == 2, "noMaterial is the second reason of amount")
        }

        @Test func neitherDurationNorAmountIsUnsupported() throws {
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[0] = intent.object(identifier: "book-2", display: "The Swift Programming Language")
            let result = try resolveInteger("resolveAmount", intent)
            #expect(result.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
            #expect(result.reason == 1)
        }

        @Test func rangeChecksNeedBothEndsInOrder() throws {
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[0] = intent.object(identifier: "book-2", display: "The Swift Programming Language")
            intent[3] = intent.int64(40)
            intent[4] = intent.int64(12)
            #expect(try resolveInteger("resolveEnd", intent).reason == 1, "lessThanStartValue: the end before the start")
            intent[4] = nil
            #expect(try resolveInteger("resolveEnd", intent).reason == 4, "failureLackParameter: only the start")
            intent[3] = nil
            intent[4] = intent.int64(52)
            #expect(try resolveInteger("resolveEnd", intent).reason == 2, "noStart: only the end")
            intent[3] = intent.int64(40)
            let fine = try resolveInteger("resolveEnd", intent)
            #expect(fine.kind == EXTHOST_RESOLUTION_SUCCESS && fine.integer == 52)
            intent[0] = nil
            #expect(try resolveInteger("resolveEnd", intent).reason == 3, "noMaterial: a range without material")
        }

        @Test func anObjectResolvesWithItsPropertiesIntact() throws {
            let box = try handler()
            defer { descriptor.release(box) }
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[0] = intent.object(identifier: "book-3", display: "Kanji in Context", properties: #"{"author":"Nishiguchi, Kono"}"#)
            CompletionRecorder.reset()
            try method(box, "resolveMaterial", as: _ResolveObjectMethod.self)(box, intent.pointer) { kind, value, _, reason in
                CompletionRecorder.last.calls += 1
                CompletionRecorder.last.kind = kind
                CompletionRecorder.last.object = CompletionRecorder.describe(value)
                CompletionRecorder.last.reason = reason
            }
            let result = CompletionRecorder.last
            #expect(result.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(result.object == ["identifier": "book-3", "displayString": "Kanji in Context", "properties": #"{"author":"Nishiguchi, Kono"}"#])
        }

        @Test func aStringResolvesOrIsNotRequired() throws {
            let box = try handler()
            defer { descriptor.release(box) }
            let resolveMemo = try method(box, "resolveMemo", as: _ResolveStringMethod.self)
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            let record: @convention(c) (Int32, UnsafePointer<CChar>?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, _ in
                CompletionRecorder.last.calls += 1
                CompletionRecorder.last.kind = kind
                CompletionRecorder.last.string = value.map { String(cString: $0) }
            }
            CompletionRecorder.reset()
            resolveMemo(box, intent.pointer, record)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_NOT_REQUIRED)
            #expect(CompletionRecorder.last.string == nil)
            intent[5] = UnsafeRawPointer(intent.string("chapter 3, twice"))
            CompletionRecorder.reset()
            resolveMemo(box, intent.pointer, record)
            #expect(CompletionRecorder.last.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(CompletionRecorder.last.string == "chapter 3, twice")
        }

        @Test func optionsAreAListOfObjectsFilteredBySearchTerm() throws {
            let box = try handler()
            defer { descriptor.release(box) }
            let provide = try method(box, "provideMaterialOptionsCollection", as: _OptionsMethod.self)
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            let record: @convention(c) (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void = { options, error in
                CompletionRecorder.last.calls += 1
                CompletionRecorder.last.list = CompletionRecorder.describe(options, kind: .object)
                CompletionRecorder.last.error = error.map { String(cString: $0) }
            }
            CompletionRecorder.reset()
            provide(box, intent.pointer, "swift", record)
            #expect(CompletionRecorder.last.list == ["The Swift Programming Language"])
            #expect(CompletionRecorder.last.error == nil)
            CompletionRecorder.reset()
            provide(box, intent.pointer, nil, record)
            #expect(CompletionRecorder.last.list.count == 3)
        }

        // MARK: Confirm and handle

        static let recordResponse: @convention(c) (Int32, UnsafeRawPointer?) -> Void = { code, response in
            CompletionRecorder.last.calls += 1
            CompletionRecorder.last.code = code
            guard let fields = response?.assumingMemoryBound(to: UnsafeRawPointer?.self) else { return }
            if let activity = fields[0]?.assumingMemoryBound(to: exthost_user_activity.self).pointee {
                CompletionRecorder.last.activityType = String(cString: activity.activity_type)
                CompletionRecorder.last.activityUserInfo = activity.user_info.map { String(cString: $0) }
            }
            CompletionRecorder.last.responseFields = [
                fields[1].map { String($0.load(as: Int64.self)) },
                fields[2].map { String($0.load(as: Int64.self)) },
                fields[3].map { String(cString: $0.assumingMemoryBound(to: CChar.self)) },
            ]
        }

        @Test func confirmAnswersReady() throws {
            let box = try handler()
            defer { descriptor.release(box) }
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            CompletionRecorder.reset()
            try method(box, "confirm", as: _ResponseMethod.self)(box, intent.pointer, Self.recordResponse)
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_READY)
            #expect(CompletionRecorder.last.activityType == nil)
        }

        @Test func offlineIsTheFirstCustomCodeAndKeepsTheRecord() throws {
            let box = try handler()
            defer { descriptor.release(box) }
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[1] = intent.int64(25)
            CompletionRecorder.reset()
            try method(box, "handle", as: _ResponseMethod.self)(box, intent.pointer, Self.recordResponse)
            #expect(CompletionRecorder.last.calls == 1)
            #expect(CompletionRecorder.last.code == EXTHOST_RESPONSE_CUSTOM_BASE)
            let pending = try String(contentsOfFile: Self.sharedContainer + "/pending-records.jsonl", encoding: .utf8)
            #expect(pending.contains(#""durationMinutes":25"#))
        }

        /// A box around a handler with a fixed backend, as `handler_for_intent`
        /// makes them, driven through the descriptor's `method` and `release`.
        func handle(with backend: FixedBackend, _ intent: CIntentStruct) throws -> Completed {
            let handler = IntentHandler(backend: backend)
            let box = try #require(StudyRecordIntentDefinition.makeHandlerBox(intentNamed: "PostStudyRecord", handler: handler))
            let pointer = Unmanaged.passRetained(box).toOpaque()
            defer { descriptor.release(pointer) }
            CompletionRecorder.reset()
            try method(pointer, "handle", as: _ResponseMethod.self)(pointer, intent.pointer, Self.recordResponse)
            return CompletionRecorder.last
        }

        @Test func successCarriesTheWeeklyGoalActivityAndResponseParameters() throws {
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[0] = intent.object(identifier: "book-1", display: "Introduction to Algorithms")
            intent[1] = intent.int64(30)
            let result = try handle(with: FixedBackend(answer: .success(WeeklyProgress(weeklyMinutes: 210, weeklyGoalMinutes: 300))), intent)
            #expect(result.code == EXTHOST_RESPONSE_SUCCESS)
            #expect(result.activityType == "com.example.studyrecord.weekly-goal")
            #expect(result.activityUserInfo == #"{"weeklyGoalMinutes":300,"weeklyMinutes":210}"#)
            #expect(result.responseFields == ["210", "300", "Introduction to Algorithms"])
        }

        @Test func handleTimeFailuresAreTheCustomCodesInFileOrder() throws {
            let intent = CIntentStruct(parameterCount: 6)
            defer { withExtendedLifetime(intent) {} }
            intent[0] = intent.object(identifier: "book-9", display: "Unknown Book")
            intent[1] = intent.int64(30)
            #expect(try handle(with: FixedBackend(answer: .failure(.loggedOut)), intent).code == 101)
            let notOnShelf = try handle(with: FixedBackend(answer: .failure(.materialNotOnBookshelf)), intent)
            #expect(notOnShelf.code == 102)
            #expect(notOnShelf.responseFields == [nil, nil, "Unknown Book"])
            #expect(try handle(with: FixedBackend(answer: .failure(.bannedWordInMemo)), intent).code == 103)
            #expect(try handle(with: FixedBackend(answer: .failure(.unexpected("boom"))), intent).code == EXTHOST_RESPONSE_FAILURE)
        }

        private func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
            var result: [String] = []
            var cursor = array
            while let pointer = cursor, let string = pointer.pointee {
                result.append(String(cString: string))
                cursor = pointer + 1
            }
            return result
        }
    }
}

/// A backend that answers one thing.
struct FixedBackend: StudyBackend {
    var answer: Result<WeeklyProgress, StudyBackendError>
    func post(_ record: StudyRecord) -> Result<WeeklyProgress, StudyBackendError> { answer }
}
