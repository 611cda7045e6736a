import Foundation
import IntentConversation
import IntentDefinition
import Testing

/// A custom type's Boolean and number properties in a request are read as
/// a parameter's are: the SDK reads them as JSON's Booleans and numbers, so
/// `"unseen": "yes"` would otherwise reach the extension as no value.
struct CustomPropertyValueTests {
    func read(_ properties: [String: Any]) throws(IntentValueError) -> [String: Any] {
        let definition = SystemIntents.definition
        let intent = definition.intent(named: "INStartCallIntent")!
        let parameter = intent.parameter(named: "callRecordToCallBack")!
        let value = try IntentValueReader(definition: definition, intent: intent)
            .read(json: ["identifier": "call-1", "displayString": "Bruno Costa", "properties": properties], for: parameter)
        guard case .object(let object) = value, let text = object.properties,
              let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [:] }
        return json
    }

    @Test("yes/no and numbers in text become JSON's Boolean and number")
    func converted() throws {
        let properties = try read(["unseen": "yes", "callDuration": "312", "numberOfCalls": 2])
        #expect((properties["unseen"] as? NSNumber)?.isBoolean == true && properties["unseen"] as? Bool == true, "\(properties)")
        #expect((properties["callDuration"] as? NSNumber)?.doubleValue == 312, "\(properties)")
        #expect((properties["numberOfCalls"] as? NSNumber)?.intValue == 2, "\(properties)")
    }

    @Test("a word where a number or a Boolean goes is refused, naming the parameter, the property and its type")
    func refused() {
        #expect {
            _ = try read(["callDuration": "long"])
        } throws: { error in
            "\(error)" == #"parameter 'callRecordToCallBack' of INStartCallIntent has the property 'callDuration' (of INCallRecord), which is a Decimal: "long" is not a number"#
        }
        #expect {
            _ = try read(["unseen": "perhaps"])
        } throws: { error in
            "\(error)".hasSuffix(#"has the property 'unseen' (of INCallRecord), which is a Boolean: expected true/false or yes/no, got "perhaps""#)
        }
        #expect {
            _ = try read(["numberOfCalls": 2.5])
        } throws: { error in
            "\(error)".hasSuffix("has the property 'numberOfCalls' (of INCallRecord), which is an Integer: 2.5 is not a whole number")
        }
    }
}
