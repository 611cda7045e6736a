// What the journal tells the system besides its intents, with the APIs iOS
// apps call from the app (not the extension) when they launch: the media
// user context and upcoming media of its audio entries, the person's Focus,
// and a shared entry donated with its group's image.
import AppProcessIntents
import Intents

/// One recorded (audio) entry of the journal.
struct AudioEntry {
    let identifier: String
    let title: String
    let heard: Bool

    var mediaItem: INMediaItem {
        INMediaItem(identifier: identifier, title: title, type: .podcastEpisode, artwork: nil, artist: "Journal")
    }
}

extension AppDelegate {
    static let audioEntries = [
        AudioEntry(identifier: "audio-1", title: "Morning pages, 1 May", heard: true),
        AudioEntry(identifier: "audio-2", title: "Evening review, 1 May", heard: false),
        AudioEntry(identifier: "audio-3", title: "Morning pages, 2 May", heard: false),
    ]

    /// As a podcast app does when its library changes: the person's
    /// subscription and library size, and the entries not heard yet as
    /// upcoming media, newest first, the only ones Siri should predict.
    func updateMediaContext() {
        let context = INMediaUserContext()
        context.subscriptionStatus = .subscribed
        context.numberOfLibraryItems = Self.audioEntries.count
        context.becomeCurrent()

        let container = INMediaItem(identifier: "audio", title: "Audio Journal", type: .podcastShow, artwork: nil)
        var upcoming = Self.audioEntries.filter { !$0.heard }.map { entry -> INPlayMediaIntent in
            INPlayMediaIntent(mediaItems: [entry.mediaItem], mediaContainer: container, playShuffled: false,
                              playbackRepeatMode: .none, resumePlayback: false)
        }
        upcoming.reverse()
        INUpcomingMediaManager.shared.setSuggestedMediaIntents(NSOrderedSet(array: upcoming))
        INUpcomingMediaManager.shared.setPredictionMode(.onlyPredictSuggestedIntents, for: .podcastEpisode)
    }

    /// Reminders to write are held back while the person is focused; the
    /// app asks once for leave to read the Focus.
    func checkFocus(_ application: UIApplication) {
        INFocusStatusCenter.default.requestAuthorization { status in
            DispatchQueue.main.async {
                guard status == .authorized else {
                    application.show("focus \(status): reminders stay on")
                    return
                }
                let focused = INFocusStatusCenter.default.focusStatus.isFocused
                let asked = INFocusStatusCenter.default.authorizationStatus
                application.show("focus \(asked), focused \(focused.map { "\($0)" } ?? "unknown"): reminders \(focused == true ? "held" : "on")")
            }
        }
    }

    /// The person shared an entry with a group: the app donates the
    /// message with the group's picture, so Siri and the share sheet can
    /// suggest the group, and reads back what an interface would show.
    func donateSharedEntry(_ application: UIApplication) {
        let group = INSpeakableString(spokenPhrase: "Book Club")
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Morning pages",
                                         speakableGroupName: group, conversationIdentifier: "book-club",
                                         serviceName: nil, sender: nil, attachments: nil)
        let picture = INImage(imageData: Data([0x89, 0x50, 0x4E, 0x47]))
        intent.setImage(picture, forParameterNamed: \.speakableGroupName)

        let interaction = INInteraction(intent: intent, response: nil)
        let groupParameter = INParameter(for: INSendMessageIntent.self, keyPath: "speakableGroupName")
        let sameParameter = INParameter(keyPath: \INSendMessageIntent.speakableGroupName)
        let shownName = (interaction.parameterValue(for: groupParameter) as? INSpeakableString)?.spokenPhrase ?? "nobody"
        let keyImage = intent.keyImage() == picture ? "the group's picture" : "none"
        // The call the group would start: Apple's group of a call, by name and identifier.
        let call = INCallGroup(groupName: group.spokenPhrase, groupId: intent.conversationIdentifier)
        let sameCall = call == INCallGroup(groupName: "Book Club", groupId: "book-club")

        interaction.donate { error in
            DispatchQueue.main.async {
                if let error {
                    application.show("share not donated: \(error)")
                    return
                }
                let parameters = sameParameter.map { $0.isEqual(to: groupParameter) } == true ? "same parameter" : "different parameters"
                application.show("shared with \(shownName): key image \(keyImage), \(parameters), call group \(call.groupName ?? "none") (\(call.groupId ?? "no id"), \(sameCall ? "equal" : "unequal"))")
            }
        }
    }
}
