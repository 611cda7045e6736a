import CorpusIntents
import Foundation
import Intents
import Testing

extension CThunkTests {
    /// Every parameter type's generated code, run through its C thunk.
    @Suite struct AllTypesTests {
        final class DrinkHandler: ATOrderDrinkIntentHandling {
            func resolveDrink(for intent: ATOrderDrinkIntent, with completion: @escaping (ATDrinkResolutionResult) -> Void) {
                completion(.success(with: intent.drink!))
            }

            func resolveMenu(for intent: ATOrderDrinkIntent, with completion: @escaping (INURLResolutionResult) -> Void) {
                completion(.success(with: intent.menu!))
            }

            func resolveTemperature(for intent: ATOrderDrinkIntent, with completion: @escaping (ATOrderDrinkTemperatureResolutionResult) -> Void) {
                completion(intent.temperature == .iced ? .unsupported(forReason: .notInWinter) : .success(with: intent.temperature))
            }

            func resolveSweetness(for intent: ATOrderDrinkIntent, with completion: @escaping (INDoubleResolutionResult) -> Void) {
                completion(.confirmationRequired(with: intent.sweetness!.doubleValue * 2))
            }

            func resolveTakeAway(for intent: ATOrderDrinkIntent, with completion: @escaping (INBooleanResolutionResult) -> Void) {
                completion(.success(with: !intent.takeAway!.boolValue))
            }

            func resolvePickUpAt(for intent: ATOrderDrinkIntent, with completion: @escaping (INDateComponentsResolutionResult) -> Void) {
                var components = intent.pickUpAt!
                components.minute = 45
                completion(.success(with: components))
            }

            func resolveWait(for intent: ATOrderDrinkIntent, with completion: @escaping (INTimeIntervalResolutionResult) -> Void) {
                completion(.success(with: intent.wait!.doubleValue + 60))
            }

            func resolveFriend(for intent: ATOrderDrinkIntent, with completion: @escaping (INPersonResolutionResult) -> Void) {
                let ada = INPerson(personHandle: INPersonHandle(value: "ada@example.com", type: .emailAddress), nameComponents: nil,
                                   displayName: "Ada", image: nil, contactIdentifier: nil, customIdentifier: "ada")
                completion(.disambiguation(with: [ada, intent.friend!]))
            }

            func resolveTemperatures(for intent: ATOrderDrinkIntent, with completion: @escaping ([ATTemperatureResolutionResult]) -> Void) {
                completion((intent.temperatures ?? []).map { .success(with: $0) })
            }

            func handle(intent: ATOrderDrinkIntent, completion: @escaping (ATOrderDrinkIntentResponse) -> Void) {
                let response = ATOrderDrinkIntentResponse.success(temperature: intent.temperature, drink: intent.drink!, ready: DateComponents(hour: 10, minute: 5))
                response.total = INCurrencyAmount(amount: NSDecimalNumber(string: "4.50"), currencyCode: "EUR")
                response.cups = [1, 2]
                completion(response)
            }
        }

        struct Received {
            var kind: Int32 = 0
            var value = ""
            var alternatives: [String] = []
            var reason: Int32 = 0
        }

        nonisolated(unsafe) static var received = Received()

        func box() throws -> UnsafeMutableRawPointer {
            let box = try #require(AllTypesIntentDefinition.makeHandlerBox(intentNamed: "OrderDrink", handler: DrinkHandler()))
            return Unmanaged.passRetained(box).toOpaque()
        }

        func method<T>(_ box: UnsafeMutableRawPointer, _ selector: String, as type: T.Type) throws -> T {
            unsafeBitCast(try #require(_HandlerBox.from(box)?.method(selector)), to: type)
        }

        /// An intent with every parameter set.
        func intent() -> CIntentStruct {
            let intent = CIntentStruct(parameterCount: 14)
            intent[0] = intent.object(identifier: "flat-white", display: "Flat white", properties: """
                {"brewTime":30,"menu":"https://example.com/menu","origin":{"displayString":"Kyoto","properties":{"latitude":35.0,"longitude":135.7}},\
                "price":3.5,"related":[{"displayString":"Latte","identifier":"latte"}],"servedFrom":"T07:00","size":2,"temperature":1,\
                "toppings":["cocoa"],"vegan":true}
                """)
            intent[1] = intent.int32(1)
            intent[2] = intent.double(0.25)
            intent[3] = intent.bool(true)
            intent[4] = UnsafeRawPointer(intent.string("2026-11-22T10:00"))
            intent[5] = intent.double(120)
            intent[6] = UnsafeRawPointer(intent.string("https://example.com/menu"))
            intent[7] = intent.object(identifier: "grace", display: "Grace", properties: #"{"handle":"+1555","handleType":"phoneNumber"}"#)
            intent[8] = intent.object(identifier: nil, display: "Kyoto", properties: #"{"latitude":35.0,"longitude":135.7}"#)
            intent[9] = intent.object(identifier: nil, display: "1 EUR", properties: #"{"amount":"1","currencyCode":"EUR"}"#)
            intent[10] = intent.object(identifier: nil, display: "receipt.txt", properties: #"{"data":"aGk="}"#)
            intent[11] = intent.list([intent.int32(1), intent.int32(2)])
            intent[12] = intent.list([UnsafeRawPointer(intent.string("no sugar"))])
            return intent
        }

        @Test func customTypePropertiesDecodeFromJSON() throws {
            let box = try box()
            defer { Unmanaged<_HandlerBox>.fromOpaque(box).release() }
            let intent = intent()
            defer { withExtendedLifetime(intent) {} }
            let record: @convention(c) (Int32, UnsafePointer<exthost_object>?, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, _ in
                AllTypesTests.received.kind = kind
                AllTypesTests.received.value = value?.pointee.properties.map { String(cString: $0) } ?? ""
            }
            Self.received = Received()
            try method(box, "resolveDrink", as: _ResolveObjectMethod.self)(box, intent.pointer, record)
            #expect(Self.received.kind == EXTHOST_RESOLUTION_SUCCESS)
            let json = try JSONSerialization.jsonObject(with: Data(Self.received.value.utf8)) as? [String: Any]
            #expect(json?["size"] as? Int == 2)
            #expect(json?["price"] as? Double == 3.5)
            #expect(json?["vegan"] as? Bool == true)
            #expect(json?["temperature"] as? String == "hot", "given as 1, written back by case name")
            #expect(json?["servedFrom"] as? String == "T07:00")
            #expect(json?["toppings"] as? [String] == ["cocoa"])
            #expect(json?["menu"] as? String == "https://example.com/menu")
            #expect((json?["origin"] as? [String: Any])?["displayString"] as? String == "Kyoto")
            #expect(((json?["related"] as? [[String: Any]])?.first)?["identifier"] as? String == "latte")
        }

        @Test func enumerationsCarryRawValuesAndReasons() throws {
            let box = try box()
            defer { Unmanaged<_HandlerBox>.fromOpaque(box).release() }
            let intent = intent()
            defer { withExtendedLifetime(intent) {} }
            let record: @convention(c) (Int32, Int32, UnsafePointer<exthost_list>?, Int32) -> Void = { kind, value, _, reason in
                AllTypesTests.received = Received(kind: kind, value: "\(value)", reason: reason)
            }
            let resolve = try method(box, "resolveTemperature", as: _ResolveEnumerationMethod.self)
            resolve(box, intent.pointer, record)
            #expect(Self.received.kind == EXTHOST_RESOLUTION_SUCCESS && Self.received.value == "1")
            intent[1] = intent.int32(2)
            resolve(box, intent.pointer, record)
            #expect(Self.received.kind == EXTHOST_RESOLUTION_UNSUPPORTED && Self.received.reason == 1)
        }

        @Test func scalarsCarryTheirValues() throws {
            let box = try box()
            defer { Unmanaged<_HandlerBox>.fromOpaque(box).release() }
            let intent = intent()
            defer { withExtendedLifetime(intent) {} }
            try method(box, "resolveSweetness", as: _ResolveDecimalMethod.self)(box, intent.pointer) { kind, value, _, _ in
                AllTypesTests.received = Received(kind: kind, value: "\(value)")
            }
            #expect(Self.received.kind == EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED && Self.received.value == "0.5")
            try method(box, "resolveTakeAway", as: _ResolveBooleanMethod.self)(box, intent.pointer) { kind, value, _, _ in
                AllTypesTests.received = Received(kind: kind, value: "\(value)")
            }
            #expect(Self.received.value == "false")
            try method(box, "resolvePickUpAt", as: _ResolveStringMethod.self)(box, intent.pointer) { kind, value, _, _ in
                AllTypesTests.received = Received(kind: kind, value: value.map { String(cString: $0) } ?? "NULL")
            }
            #expect(Self.received.value == "2026-11-22T10:45")
            try method(box, "resolveWait", as: _ResolveDecimalMethod.self)(box, intent.pointer) { kind, value, _, _ in
                AllTypesTests.received = Received(kind: kind, value: "\(value)")
            }
            #expect(Self.received.value == "180.0")
            try method(box, "resolveMenu", as: _ResolveStringMethod.self)(box, intent.pointer) { kind, value, _, _ in
                AllTypesTests.received = Received(kind: kind, value: value.map { String(cString: $0) } ?? "NULL")
            }
            #expect(Self.received.value == "https://example.com/menu")
        }

        @Test func peopleDisambiguateAsObjects() throws {
            let box = try box()
            defer { Unmanaged<_HandlerBox>.fromOpaque(box).release() }
            let intent = intent()
            defer { withExtendedLifetime(intent) {} }
            try method(box, "resolveFriend", as: _ResolveObjectMethod.self)(box, intent.pointer) { kind, _, alternatives, _ in
                AllTypesTests.received = Received(kind: kind, alternatives: CompletionRecorder.describe(alternatives, kind: .object))
            }
            #expect(Self.received.kind == EXTHOST_RESOLUTION_DISAMBIGUATION)
            #expect(Self.received.alternatives == ["Ada", "Grace"])
        }

        @Test func multipleEnumerationsAreAListOfRawValues() throws {
            let box = try box()
            defer { Unmanaged<_HandlerBox>.fromOpaque(box).release() }
            let intent = intent()
            defer { withExtendedLifetime(intent) {} }
            try method(box, "resolveTemperatures", as: _ResolveListMethod.self)(box, intent.pointer) { kind, value, _, _ in
                AllTypesTests.received = Received(kind: kind, alternatives: CompletionRecorder.describe(value, kind: .enumeration))
            }
            #expect(Self.received.kind == EXTHOST_RESOLUTION_SUCCESS)
            #expect(Self.received.alternatives == ["1", "2"])
        }

        @Test func responseParametersFollowTheDefinitionOrder() throws {
            let box = try box()
            defer { Unmanaged<_HandlerBox>.fromOpaque(box).release() }
            let intent = intent()
            defer { withExtendedLifetime(intent) {} }
            try method(box, "handle", as: _ResponseMethod.self)(box, intent.pointer) { code, response in
                let fields = response!.assumingMemoryBound(to: UnsafeRawPointer?.self)
                let drink = fields[1]!.assumingMemoryBound(to: exthost_object.self).pointee
                let total = fields[4]!.assumingMemoryBound(to: exthost_object.self).pointee
                AllTypesTests.received = Received(kind: code, value: String(cString: drink.display_string), alternatives: [
                    String(fields[2]!.load(as: Int32.self)),
                    String(cString: fields[3]!.assumingMemoryBound(to: CChar.self)),
                    String(cString: total.properties!),
                ] + CompletionRecorder.describe(fields[5]!.assumingMemoryBound(to: exthost_list.self), kind: .integer))
            }
            #expect(Self.received.kind == EXTHOST_RESPONSE_SUCCESS)
            #expect(Self.received.value == "Flat white")
            #expect(Self.received.alternatives == ["1", "T10:05", #"{"amount":"4.5","currencyCode":"EUR"}"#, "1", "2"])
        }
    }
}
