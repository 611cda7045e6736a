// The presence app: a messaging app that shows the person's contacts when
// notifications are silenced. It handles INShareFocusStatusIntent itself
// (INIntentsSupported in Presence.app.json), as iOS 15 communication apps
// do: the system sends it when the Focus turns on or off, and the app reads
// the Focus from INFocusStatusCenter. Apple's system intents need no
// definition.
import AppProcessIntents

UIApplicationMain(AppDelegate(), name: "Presence")
