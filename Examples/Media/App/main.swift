// The media app: it handles INPlayMediaIntent itself (INIntentsSupported in
// Media.app.json), with no extension; the system describes the intent.
// Written as an iOS app is: Apple's system intents need no definition.
import AppProcessIntents

UIApplicationMain(AppDelegate(), name: "Media")
