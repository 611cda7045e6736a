extension SystemIntents {
    /// The focus status domain (Apple's `INShareFocusStatusIntent`, iOS 15),
    /// in the JSON form.
    ///
    /// On iOS the system sends the intent to a communication app's
    /// extension whenever the user's Focus turns on or off, once the app
    /// has the user's leave to read it (`INFocusStatusCenter`), so the app
    /// can tell the user's contacts that notifications are silenced. The
    /// intent carries one `INFocusStatus`, a plain `NSObject` as Apple's is,
    /// whose `isFocused` is a `Bool?` (Apple's Swift overlay; `nil` when the
    /// system does not say). Its handling protocol has no resolve method,
    /// so the status is carried; the response codes are Apple's, 0 to 5.
    /// The texts are exthost's own words.
    static let focusStatusJSON = #"""
    {
      "types": [
        {
          "name": "INFocusStatus",
          "displayName": "Focus Status",
          "plainObject": true,
          "properties": [
            { "name": "isFocused", "displayName": "Focused", "type": "Boolean" }
          ]
        }
      ],
      "intents": [
        {
          "name": "INShareFocusStatusIntent",
          "title": "Share Focus Status",
          "description": "Tells the app whether the user's Focus is on, to share with their contacts",
          "category": "update",
          "verb": "Share",
          "kind": "System",
          "parameters": [
            { "name": "focusStatus", "displayName": "Focus Status", "type": "type:INFocusStatus" }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress", "formatString": "Sharing your Focus status." },
              { "name": "success", "formatString": "Your Focus status is shared.", "success": true },
              { "name": "failure", "formatString": "Your Focus status could not be shared." },
              { "name": "failureRequiringAppLaunch", "formatString": "Open the app to share your Focus status." }
            ]
          }
        }
      ]
    }
    """#
}
