import Foundation
import Intents
import Testing

/// `NSStringFromClass` of an intent class gives the name iOS gives, so an
/// activity type made from it is the system's.
struct ClassNameTests {
    @Test("an intent, response or object class is named without its module, as on iOS")
    func unqualifiedNames() {
        #expect(NSStringFromClass(INSendMessageIntent.self) == "INSendMessageIntent")
        #expect(NSStringFromClass(INStartCallIntentResponse.self) == "INStartCallIntentResponse")
        let intent: INIntent = INStartCallIntent()
        #expect(NSStringFromClass(type(of: intent)) == "INStartCallIntent")
        // The activity type the system hands to the app for a system intent.
        #expect(NSUserActivity(activityType: NSStringFromClass(INStartCallIntent.self)).activityType == "INStartCallIntent")
    }

    @Test("a class known only as AnyClass keeps Foundation's answer, module and all")
    func otherClasses() {
        let any: AnyClass = INSendMessageIntent.self
        #expect(NSStringFromClass(any) == "Intents.INSendMessageIntent")
        #expect(NSStringFromClass(INPerson.self) == "INPerson")
        #expect(NSStringFromClass(INSpeakableString.self) == "INSpeakableString")
    }
}
