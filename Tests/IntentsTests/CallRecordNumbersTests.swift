import Foundation
import Intents
import Testing

/// `INCallRecord`'s numbers as Apple's Swift overlay types them: `Double?`,
/// `Bool?`, `Int?`, not `NSNumber?`.
struct CallRecordNumbersTests {
    let ana = INPerson(identifier: "ana", display: "Ana Lima")

    @Test("callDuration, unseen, numberOfCalls and isCallerIdBlocked read as Double?, Bool?, Int?, Bool?, as iOS code reads them")
    func swiftTypes() {
        let record = INCallRecord(identifier: "call-1", dateCreated: nil, callRecordType: .missed, callCapability: .audioCall,
                                  callDuration: 42.5, unseen: true, participants: [ana], numberOfCalls: 3, isCallerIdBlocked: false)
        let duration: Double? = record.callDuration
        let unseen: Bool? = record.unseen
        let calls: Int? = record.numberOfCalls
        let blocked: Bool? = record.isCallerIdBlocked
        #expect(duration == 42.5 && unseen == true && calls == 3 && blocked == false)
        // Arithmetic and conditions with no NSNumber in between.
        #expect((record.callDuration ?? 0) / 60 > 0.7)
        #expect((record.unseen == true ? "new" : "seen") == "new")
    }

    @Test("nothing given reads nil, and is left out of the properties")
    func absent() {
        let record = INCallRecord(identifier: "call-2", dateCreated: nil, callRecordType: .received, callCapability: .videoCall,
                                  callDuration: nil, unseen: nil)
        #expect(record.callDuration == nil && record.unseen == nil && record.numberOfCalls == nil && record.isCallerIdBlocked == nil)
        let properties = record._exthostProperties()
        for key in ["callDuration", "unseen", "numberOfCalls", "isCallerIdBlocked"] {
            #expect(properties[key] == nil, "\(key)")
        }
    }

    @Test("zero and false cross the ABI's JSON as 0 and false, each as its own kind, and come back the same")
    func zeroAndFalse() throws {
        let record = INCallRecord(identifier: "call-3", dateCreated: nil, callRecordType: .outgoing, callCapability: .audioCall,
                                  callDuration: 0, unseen: false, participants: [ana], numberOfCalls: 1, isCallerIdBlocked: true)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: record._exthostProperties(), options: [.sortedKeys]), as: UTF8.self)
        #expect(text.contains(#""callDuration":0"#) && text.contains(#""unseen":false"#), "\(text)")
        #expect(text.contains(#""numberOfCalls":1"#) && text.contains(#""isCallerIdBlocked":true"#), "\(text)")
        let copy = try #require(INCallRecord._exthostObject(fromJSON: record.jsonObject))
        #expect(copy.callDuration == 0 && copy.unseen == false && copy.numberOfCalls == 1 && copy.isCallerIdBlocked == true)
    }
}
