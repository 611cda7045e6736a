import Foundation
import Intents
import Testing

/// Apple's initialisers of `INSearchForMessagesIntent`: iOS 12's, iOS 11's
/// and iOS 10's, each under the name Swift imports from Objective-C
/// (`dateTime:`) and the overlay's (`dateTimeRange:`).
struct SearchForMessagesInitialisersTests {
    let ana = INPerson(identifier: "ana", display: "Ana Lima")
    let bruno = INPerson(identifier: "bruno", display: "Bruno Costa")
    let january = INDateComponentsRange(start: DateComponents(year: 2026, month: 1, day: 1), end: DateComponents(year: 2026, month: 1, day: 31))

    /// Everything but the groups and conversations, which differ between the versions.
    func expectCommon(_ intent: INSearchForMessagesIntent, attributes: INMessageAttributeOptions = [.unread, .flagged]) {
        #expect(intent.recipients == [ana] && intent.senders == [bruno])
        #expect(intent.searchTerms == ["lunch"] && intent.attributes == attributes)
        #expect(intent.dateTimeRange?.startDateComponents?.month == 1 && intent.dateTimeRange?.endDateComponents?.day == 31)
        #expect(intent.identifiers == ["m1"] && intent.notificationIdentifiers == ["n1"])
        #expect(intent.sendersOperator == .all && intent.searchTermsOperator == .all)
    }

    @Test("iOS 12's, with conversations, under both names")
    func iOS12() {
        let imported = INSearchForMessagesIntent(
            recipients: [ana], senders: [bruno], searchTerms: ["lunch"], attributes: [.unread, .flagged], dateTime: january,
            identifiers: ["m1"], notificationIdentifiers: ["n1"], speakableGroupNames: [INSpeakableString(spokenPhrase: "Crew")],
            conversationIdentifiers: ["c1"]
        )
        let refined = INSearchForMessagesIntent(
            recipients: [ana], senders: [bruno], searchTerms: ["lunch"], attributes: [.unread, .flagged], dateTimeRange: january,
            identifiers: ["m1"], notificationIdentifiers: ["n1"], speakableGroupNames: [INSpeakableString(spokenPhrase: "Crew")],
            conversationIdentifiers: ["c1"]
        )
        for intent in [imported, refined] {
            expectCommon(intent)
            #expect(intent.speakableGroupNames?.map(\.spokenPhrase) == ["Crew"] && intent.conversationIdentifiers == ["c1"])
        }
    }

    @Test("iOS 11's, without conversations, and attributes defaulting to none, as Apple's")
    func iOS11() {
        let imported = INSearchForMessagesIntent(
            recipients: [ana], senders: [bruno], searchTerms: ["lunch"], dateTime: january,
            identifiers: ["m1"], notificationIdentifiers: ["n1"], speakableGroupNames: [INSpeakableString(spokenPhrase: "Crew")]
        )
        let refined = INSearchForMessagesIntent(
            recipients: [ana], senders: [bruno], searchTerms: ["lunch"], attributes: [], dateTimeRange: january,
            identifiers: ["m1"], notificationIdentifiers: ["n1"], speakableGroupNames: [INSpeakableString(spokenPhrase: "Crew")]
        )
        for intent in [imported, refined] {
            expectCommon(intent, attributes: [])
            #expect(intent.speakableGroupNames?.map(\.spokenPhrase) == ["Crew"] && intent.conversationIdentifiers == nil)
        }
    }

    @Test("iOS 10's, whose plain group names become the speakable group names that replaced them")
    func iOS10() {
        let imported = INSearchForMessagesIntent(
            recipients: [ana], senders: [bruno], searchTerms: ["lunch"], attributes: [.unread, .flagged], dateTime: january,
            identifiers: ["m1"], notificationIdentifiers: ["n1"], groupNames: ["Crew", "Family"]
        )
        let refined = INSearchForMessagesIntent(
            recipients: [ana], senders: [bruno], searchTerms: ["lunch"], attributes: [.unread, .flagged], dateTimeRange: january,
            identifiers: ["m1"], notificationIdentifiers: ["n1"], groupNames: nil
        )
        expectCommon(imported)
        #expect(imported.speakableGroupNames?.map(\.spokenPhrase) == ["Crew", "Family"])
        expectCommon(refined)
        #expect(refined.speakableGroupNames == nil && refined.conversationIdentifiers == nil)
    }
}
