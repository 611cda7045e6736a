import ExthostABI
import Foundation
@testable import Intents
import Testing

/// Each resolution kind and value representation, as the C completion
/// receives it (exthost.h, "Values" and "Methods").
struct CompletionBridgeTests {
    struct Call {
        var kind: Int32
        var value: String
        var alternatives: [String]
        var reason: Int32
    }

    func resolve<Value, CValue>(_ result: INIntentResolutionResult, _ codec: _ValueCodec<Value, CValue>, describe: @escaping (CValue) -> String, kind: ValueKindForTest) -> Call {
        var call: Call?
        _CompletionBridge.resolve(result, codec: codec) { outcome, value, alternatives, reason in
            call = Call(kind: outcome, value: describe(value), alternatives: CompletionRecorder.describe(alternatives, kind: kind), reason: reason)
        }
        return call!
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "NULL" }

    @Test func successCarriesTheValueInItsRepresentation() {
        #expect(resolve(INIntegerResolutionResult.success(with: 42), _Codecs.integer, describe: { "\($0)" }, kind: .integer).value == "42")
        #expect(resolve(INDoubleResolutionResult.success(with: 2.5), _Codecs.decimal, describe: { "\($0)" }, kind: .decimal).value == "2.5")
        #expect(resolve(INTimeIntervalResolutionResult.success(with: 90), _Codecs.decimal, describe: { "\($0)" }, kind: .decimal).value == "90.0")
        #expect(resolve(INBooleanResolutionResult.success(with: true), _Codecs.boolean, describe: { "\($0)" }, kind: .boolean).value == "true")
        #expect(resolve(INEnumResolutionResult.success(with: 2), _Codecs.enumeration, describe: { "\($0)" }, kind: .enumeration).value == "2")
        #expect(resolve(INStringResolutionResult.success(with: "tea"), _Codecs.string, describe: Self.text, kind: .string).value == "tea")
        #expect(resolve(INURLResolutionResult.success(with: URL(string: "https://example.com/a")!), _Codecs.url, describe: Self.text, kind: .string).value == "https://example.com/a")
        let components = DateComponents(year: 2026, month: 11, day: 21, hour: 9, minute: 30)
        #expect(resolve(INDateComponentsResolutionResult.success(with: components), _Codecs.dateComponents, describe: Self.text, kind: .string).value == "2026-11-21T09:30")
        let object = INObject(identifier: "b1", display: "Book", subtitle: "An author", image: INImage(named: "cover"))
        // Keys sorted: two dictionaries with the same pairs may print them in another order.
        let call = resolve(INObjectResolutionResult.success(with: object), _Codecs.object(INObject.self),
                           describe: { CompletionRecorder.describe($0).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") },
                           kind: .object)
        #expect(call.kind == EXTHOST_RESOLUTION_SUCCESS)
        #expect(call.value == "displayString=Book, identifier=b1, subtitle=An author")
    }

    @Test func everyKindHasItsNumber() {
        let codec = _Codecs.integer
        let describe: (Int64) -> String = { "\($0)" }
        #expect(resolve(INIntegerResolutionResult.success(with: 1), codec, describe: describe, kind: .integer).kind == EXTHOST_RESOLUTION_SUCCESS)
        #expect(resolve(INIntegerResolutionResult.disambiguation(with: [1, 2]), codec, describe: describe, kind: .integer).kind == EXTHOST_RESOLUTION_DISAMBIGUATION)
        #expect(resolve(INIntegerResolutionResult.confirmationRequired(with: 3), codec, describe: describe, kind: .integer).kind == EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED)
        #expect(resolve(INIntegerResolutionResult.needsValue(), codec, describe: describe, kind: .integer).kind == EXTHOST_RESOLUTION_NEEDS_VALUE)
        #expect(resolve(INIntegerResolutionResult.notRequired(), codec, describe: describe, kind: .integer).kind == EXTHOST_RESOLUTION_NOT_REQUIRED)
        #expect(resolve(INIntegerResolutionResult.unsupported(), codec, describe: describe, kind: .integer).kind == EXTHOST_RESOLUTION_UNSUPPORTED)
    }

    @Test func disambiguationPassesTheAlternativesAsAList() {
        let call = resolve(INStringResolutionResult.disambiguation(with: ["green", "black"]), _Codecs.string, describe: Self.text, kind: .string)
        #expect(call.value == "NULL")
        #expect(call.alternatives == ["green", "black"])
        let numbers = resolve(INBooleanResolutionResult.disambiguation(with: [true, false]), _Codecs.boolean, describe: { "\($0)" }, kind: .boolean)
        #expect(numbers.alternatives == ["true", "false"])
    }

    @Test func confirmationCarriesTheValue() {
        let call = resolve(INBooleanResolutionResult.confirmationRequired(with: true), _Codecs.boolean, describe: { "\($0)" }, kind: .boolean)
        #expect(call.value == "true")
    }

    @Test func unsupportedCarriesItsReasonNumber() {
        let call = resolve(INIntegerResolutionResult.unsupported(withReason: 2), _Codecs.integer, describe: { "\($0)" }, kind: .integer)
        #expect(call.kind == EXTHOST_RESOLUTION_UNSUPPORTED)
        #expect(call.reason == 2)
        #expect(call.value == "0")
    }

    @Test func aMultipleValueConfirmationIsAOneItemList() {
        var received: (Int32, [String])?
        let results: [INIntentResolutionResult] = [INIntegerResolutionResult.success(with: 1), INIntegerResolutionResult.confirmationRequired(with: 50)]
        _CompletionBridge.resolveMultiple(results, codec: _Codecs.integer) { kind, value, _, _ in
            received = (kind, CompletionRecorder.describe(value, kind: .integer))
        }
        #expect(received?.0 == Int32(EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED))
        #expect(received?.1 == ["50"])
    }

    @Test func optionsFlattenSectionsOrCarryTheError() {
        struct Offline: Error, CustomStringConvertible { var description: String { "the backend is offline" } }
        var received: ([String], String?)?
        let collection = INObjectCollection(sections: [
            INObjectSection(title: "Recent", items: ["a", "b"]),
            INObjectSection(title: "All", items: ["c"]),
        ])
        _CompletionBridge.options(collection, error: nil, codec: _Codecs.string) { list, error in
            received = (CompletionRecorder.describe(list, kind: .string), error.map { String(cString: $0) })
        }
        #expect(received?.0 == ["a", "b", "c"])
        #expect(received?.1 == nil)
        _CompletionBridge.options(INObjectCollection<String>?.none, error: Offline(), codec: _Codecs.string) { list, error in
            received = (CompletionRecorder.describe(list, kind: .string), error.map { String(cString: $0) })
        }
        #expect(received?.0 == [])
        #expect(received?.1 == "the backend is offline")
    }

    @Test func responsesPassTheActivityFirst() {
        final class Response: INIntentResponse, @unchecked Sendable {
            override var _exthostCode: Int32 { 101 }
        }
        let response = Response()
        let activity = NSUserActivity(activityType: "com.example.goal")
        activity.title = "Goal"
        activity.userInfo = ["minutes": 30]
        activity.persistentIdentifier = "goal-1"
        response.userActivity = activity
        var received: (Int32, String, String?, String?, Int64)?
        _CompletionBridge.response(response, fields: { arena in [UnsafeRawPointer(arena.store(Int64(7)))] }) { code, structure in
            let fields = structure!.assumingMemoryBound(to: UnsafeRawPointer?.self)
            let user = fields[0]!.assumingMemoryBound(to: exthost_user_activity.self).pointee
            received = (code, String(cString: user.activity_type), user.user_info.map { String(cString: $0) },
                        user.persistent_identifier.map { String(cString: $0) }, fields[1]!.load(as: Int64.self))
        }
        #expect(received?.0 == 101)
        #expect(received?.1 == "com.example.goal")
        #expect(received?.2 == #"{"minutes":30}"#)
        #expect(received?.3 == "goal-1")
        #expect(received?.4 == 7)
    }

    @Test func fieldsDecodeIntoSwiftValues() {
        let intent = CIntentStruct(parameterCount: 4)
        defer { withExtendedLifetime(intent) {} }
        intent[0] = intent.int64(5)
        intent[1] = UnsafeRawPointer(intent.string("T09:30"))
        intent[2] = intent.list([intent.double(1.5), intent.double(2.5)])
        intent[3] = intent.object(identifier: "x", display: "X", properties: #"{"n":1}"#)
        let fields = _IntentDecoding.fields(UnsafeRawPointer(intent.pointer), count: 4)
        #expect(_Codecs.integerNumber.decodeField(fields[0]) == NSNumber(value: 5))
        #expect(_Codecs.dateComponents.decodeField(fields[1]) == DateComponents(hour: 9, minute: 30))
        #expect(_Codecs.decimalNumber.decodeList(fields[2]) == [NSNumber(value: 1.5), NSNumber(value: 2.5)])
        #expect(_Codecs.object(INObject.self).decodeField(fields[3])?.identifier == "x")
        let swiftIntent = INIntent()
        _IntentDecoding.setIdentifier(of: swiftIntent, from: UnsafeRawPointer(intent.pointer))
        #expect(swiftIntent.identifier == "request-1")
    }
}
