extension SystemIntents {
    /// The calling domain (Apple's `INStartCallIntent` and
    /// `INSearchCallHistoryIntent`, iOS 16.2's `INAnswerCallIntent` and
    /// `INHangUpCallIntent`, and iOS 10's `INStartAudioCallIntent`
    /// and `INStartVideoCallIntent`, deprecated since iOS 13 but still
    /// adopted by VoIP apps), in the JSON form.
    ///
    /// Names and numbers are Apple's: `INCallCapability`,
    /// `INCallDestinationType`, `INCallAudioRoute` and `INCallRecordType`
    /// keep their raw values (0 is `.unknown`), the option sets
    /// `INCallRecordTypeOptions` and `INCallCapabilityOptions` their bits, and
    /// the parameters' unsupported reasons
    /// (`INStartCallContactUnsupportedReason`, …) number from 1 in Apple's
    /// order. Contacts are resolved first, then the call's
    /// capability, destination and call record, as Siri asks. The texts are
    /// the system's dialog, in exthost's own words.
    static let callingJSON = #"""
    {
      "enums": [
        \#(recurrenceRuleEnums),
        {
          "name": "INCallCapability",
          "displayName": "Call Capability",
          "cases": [
            { "name": "audioCall", "displayName": "Audio", "value": 1 },
            { "name": "videoCall", "displayName": "Video", "value": 2 }
          ]
        },
        {
          "name": "INCallDestinationType",
          "displayName": "Call Destination",
          "cases": [
            { "name": "normal", "displayName": "Normal", "value": 1 },
            { "name": "emergency", "displayName": "Emergency", "value": 2 },
            { "name": "voicemail", "displayName": "Voicemail", "value": 3 },
            { "name": "redial", "displayName": "Redial", "value": 4 },
            { "name": "callBack", "displayName": "Call Back", "value": 5 }
          ]
        },
        {
          "name": "INCallAudioRoute",
          "displayName": "Audio Route",
          "cases": [
            { "name": "speakerphoneAudioRoute", "displayName": "Speakerphone", "value": 1 },
            { "name": "bluetoothAudioRoute", "displayName": "Bluetooth", "value": 2 }
          ]
        },
        {
          "name": "INCallRecordType",
          "displayName": "Call Record Type",
          "cases": [
            { "name": "outgoing", "displayName": "Outgoing", "value": 1 },
            { "name": "missed", "displayName": "Missed", "value": 2 },
            { "name": "received", "displayName": "Received", "value": 3 },
            { "name": "latest", "displayName": "Latest", "value": 4 },
            { "name": "voicemail", "displayName": "Voicemail", "value": 5 },
            { "name": "ringing", "displayName": "Ringing", "value": 6 },
            { "name": "inProgress", "displayName": "In Progress", "value": 7 },
            { "name": "onHold", "displayName": "On Hold", "value": 8 }
          ]
        },
        {
          "name": "INCallRecordTypeOptions",
          "displayName": "Call Record Types",
          "optionSet": true,
          "cases": [
            { "name": "outgoing", "displayName": "Outgoing", "value": 1 },
            { "name": "missed", "displayName": "Missed", "value": 2 },
            { "name": "received", "displayName": "Received", "value": 4 },
            { "name": "latest", "displayName": "Latest", "value": 8 },
            { "name": "voicemail", "displayName": "Voicemail", "value": 16 },
            { "name": "ringing", "displayName": "Ringing", "value": 32 },
            { "name": "inProgress", "displayName": "In Progress", "value": 64 },
            { "name": "onHold", "displayName": "On Hold", "value": 128 }
          ]
        },
        {
          "name": "INCallCapabilityOptions",
          "displayName": "Call Capabilities",
          "optionSet": true,
          "cases": [
            { "name": "audioCall", "displayName": "Audio", "value": 1 },
            { "name": "videoCall", "displayName": "Video", "value": 2 }
          ]
        }
      ],
      "types": [
        \#(dateComponentsRangeType),
        {
          "name": "INCallRecord",
          "displayName": "Call Record",
          "properties": [
            { "name": "dateCreatedComponents", "displayName": "Created", "type": "DateComponents" },
            { "name": "caller", "displayName": "Caller", "type": "Person" },
            { "name": "callRecordType", "displayName": "Type", "type": "enum:INCallRecordType" },
            { "name": "callCapability", "displayName": "Capability", "type": "enum:INCallCapability" },
            { "name": "callDuration", "displayName": "Duration", "type": "Decimal" },
            { "name": "unseen", "displayName": "Unseen", "type": "Boolean" },
            { "name": "participants", "displayName": "Participants", "type": "Person", "supportsMultipleValues": true },
            { "name": "numberOfCalls", "displayName": "Calls", "type": "Integer" },
            { "name": "isCallerIdBlocked", "displayName": "Caller ID Blocked", "type": "Boolean" }
          ]
        },
        {
          "name": "INCallRecordFilter",
          "displayName": "Call Record Filter",
          "properties": [
            { "name": "participants", "displayName": "Participants", "type": "Person", "supportsMultipleValues": true },
            { "name": "callTypes", "displayName": "Types", "type": "enum:INCallRecordTypeOptions" },
            { "name": "callCapability", "displayName": "Capability", "type": "enum:INCallCapability" }
          ]
        }
      ],
      "intents": [
        {
          "name": "INStartCallIntent",
          "title": "Start Call",
          "description": "Starts an audio or video call with one or more people",
          "category": "start",
          "verb": "Call",
          "kind": "System",
          "keyParameter": "contacts",
          "parameters": [
            {
              "name": "contacts",
              "displayName": "Contacts",
              "type": "Person",
              "supportsMultipleValues": true,
              "supportsResolution": true,
              "resultName": "Contact",
              "prompts": [
                { "kind": "Primary", "formatString": "Who do you want to call?" },
                { "kind": "DisambiguationIntroduction", "formatString": "${count} contacts have that name." },
                { "kind": "DisambiguationSelection", "formatString": "Which one do you want to call?" }
              ],
              "unsupportedReasons": [
                { "code": "noContactFound", "formatString": "${contacts} isn't in the app's contacts." },
                { "code": "multipleContactsUnsupported", "formatString": "The app calls one person at a time." },
                { "code": "noHandleForLabel", "formatString": "${contacts} has no number with that label." },
                { "code": "invalidHandle", "formatString": "That number for ${contacts} isn't valid." },
                { "code": "unsupportedMmiUssd", "formatString": "The app can't dial service codes." },
                { "code": "noCallHistoryForRedial", "formatString": "There is no call to redial." },
                { "code": "noUsableHandleForRedial", "formatString": "The last call has no number to redial." },
                { "code": "requiringInAppAuthentication", "formatString": "Sign in to the app to call ${contacts}." }
              ]
            },
            {
              "name": "callCapability",
              "displayName": "Call Capability",
              "type": "enum:INCallCapability",
              "supportsResolution": true,
              "resultName": "CallCapability",
              "unsupportedReasons": [
                { "code": "videoCallUnsupported", "formatString": "The app makes audio calls only." },
                { "code": "microphoneNotAccessible", "formatString": "The app can't use the microphone." },
                { "code": "cameraNotAccessible", "formatString": "The app can't use the camera." }
              ]
            },
            {
              "name": "destinationType",
              "displayName": "Destination",
              "type": "enum:INCallDestinationType",
              "supportsResolution": true
            },
            {
              "name": "callRecordToCallBack",
              "displayName": "Call to Call Back",
              "type": "type:INCallRecord",
              "supportsResolution": true,
              "resultName": "CallRecordToCallBack",
              "resultSubclassOnly": true,
              "unsupportedReasons": [
                { "code": "noMatchingCall", "formatString": "There is no such call to return." }
              ]
            },
            { "name": "callRecordFilter", "displayName": "Which Call", "type": "type:INCallRecordFilter" },
            { "name": "audioRoute", "displayName": "Audio Route", "type": "enum:INCallAudioRoute" },
            {
              "name": "recordTypeForRedialing",
              "displayName": "Call to Redial",
              "type": "enum:INCallRecordType",
              "deprecated": { "message": "use callRecordToCallBack or callRecordFilter (deprecated since iOS 14)" }
            }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready", "formatString": "Ready to call." },
              { "name": "continueInApp", "formatString": "Calling in the app." },
              { "name": "userConfirmationRequired", "formatString": "Do you want to make the call?" },
              { "name": "failure", "formatString": "The call could not be made." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to make the call." },
              { "name": "failureCallingServiceNotAvailable", "formatString": "The calling service is not available right now." },
              { "name": "failureContactNotSupportedByApp", "formatString": "The app can't call that contact." },
              { "name": "failureAirplaneModeEnabled", "formatString": "Calls can't be made in airplane mode." },
              { "name": "failureUnableToHandOff", "formatString": "The call could not be handed to the app." },
              { "name": "failureAppConfigurationRequired", "formatString": "Set up the app before making calls." },
              { "name": "failureCallInProgress", "formatString": "There is a call in progress." },
              { "name": "failureRequiringInAppAuthentication", "formatString": "Sign in to the app to make calls.", "value": 13 }
            ]
          }
        },
        {
          "name": "INStartAudioCallIntent",
          "title": "Start Audio Call",
          "description": "Starts an audio call; deprecated since iOS 13, adopt INStartCallIntent",
          "category": "start",
          "verb": "Call",
          "kind": "System",
          "deprecated": true,
          "keyParameter": "contacts",
          "parameters": [
            \#(iOS10CallContacts),
            {
              "name": "destinationType",
              "displayName": "Destination",
              "type": "enum:INCallDestinationType",
              "supportsResolution": true
            }
          ],
          "response": {
            "codes": [
              \#(iOS10CallCodes),
              { "name": "failureNoValidNumber", "formatString": "That contact has no number the app can call." }
            ]
          }
        },
        {
          "name": "INStartVideoCallIntent",
          "title": "Start Video Call",
          "description": "Starts a video call; deprecated since iOS 13, adopt INStartCallIntent",
          "category": "start",
          "verb": "Call",
          "kind": "System",
          "deprecated": true,
          "keyParameter": "contacts",
          "parameters": [
            \#(iOS10CallContacts)
          ],
          "response": {
            "codes": [
              \#(iOS10CallCodes),
              { "name": "failureInvalidNumber", "formatString": "That number can't take video calls." }
            ]
          }
        },
        {
          "name": "INAnswerCallIntent",
          "title": "Answer Call",
          "description": "Answers the incoming call",
          "category": "generic",
          "verb": "Answer",
          "kind": "System",
          "parameters": [
            { "name": "audioRoute", "displayName": "Audio Route", "type": "enum:INCallAudioRoute" },
            { "name": "callIdentifier", "displayName": "Call", "type": "String" }
          ],
          "response": {
            "parameters": [
              { "name": "callRecords", "displayName": "Calls", "type": "type:INCallRecord", "supportsMultipleValues": true }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Answering in the app." },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Answered.", "success": true },
              { "name": "failure", "formatString": "The call could not be answered." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to answer the call." }
            ]
          }
        },
        {
          "name": "INHangUpCallIntent",
          "title": "Hang Up",
          "description": "Ends the call in progress",
          "category": "generic",
          "verb": "End",
          "kind": "System",
          "parameters": [
            { "name": "callIdentifier", "displayName": "Call", "type": "String" }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Hung up.", "success": true },
              { "name": "failure", "formatString": "The call could not be ended." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to end the call." },
              { "name": "failureNoCallToHangUp", "formatString": "There is no call to hang up." }
            ]
          }
        },
        {
          "name": "INSearchCallHistoryIntent",
          "title": "Search Call History",
          "description": "Finds calls by caller, type or whether they are unseen",
          "category": "search",
          "verb": "Search",
          "kind": "System",
          "deprecated": true,
          "deprecationMessage": "There is no replacement.",
          "parameters": [
            { "name": "dateCreated", "displayName": "When", "type": "type:INDateComponentsRange", "supportsResolution": true },
            {
              "name": "recipient",
              "displayName": "Recipient",
              "type": "Person",
              "supportsResolution": true,
              "prompts": [
                { "kind": "DisambiguationIntroduction", "formatString": "${count} contacts called you under that name." },
                { "kind": "DisambiguationSelection", "formatString": "Whose calls?" }
              ]
            },
            {
              "name": "callType",
              "displayName": "Call Type",
              "type": "enum:INCallRecordType",
              "supportsResolution": true,
              "deprecated": { "renamed": "callTypes", "message": "use callTypes, an option set (deprecated since iOS 11)" }
            },
            { "name": "callCapabilities", "displayName": "Call Capabilities", "type": "enum:INCallCapabilityOptions" },
            {
              "name": "callTypes",
              "displayName": "Call Types",
              "type": "enum:INCallRecordTypeOptions",
              "supportsResolution": true
            },
            {
              "name": "unseen",
              "displayName": "Unseen",
              "type": "Boolean",
              "supportsResolution": true
            }
          ],
          "response": {
            "parameters": [
              { "name": "callRecords", "displayName": "Calls", "type": "type:INCallRecord", "supportsMultipleValues": true }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Showing the calls in the app." },
              { "name": "failure", "formatString": "The call history could not be searched." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to see the calls." },
              { "name": "failureAppConfigurationRequired", "formatString": "Set up the app before searching its calls." },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Found: ${callRecords}", "success": true }
            ]
          }
        }
      ]
    }
    """#

    /// The contacts of iOS 10's audio and video calls: plain
    /// `INPersonResolutionResult`s, no unsupported reasons of their own.
    static let iOS10CallContacts = #"""
    {
      "name": "contacts",
      "displayName": "Contacts",
      "type": "Person",
      "supportsMultipleValues": true,
      "supportsResolution": true,
      "prompts": [
        { "kind": "Primary", "formatString": "Who do you want to call?" },
        { "kind": "DisambiguationIntroduction", "formatString": "${count} contacts have that name." },
        { "kind": "DisambiguationSelection", "formatString": "Which one do you want to call?" }
      ]
    }
    """#

    /// The response codes iOS 10's audio and video calls share, in Apple's
    /// order (0 to 7); each adds its own eighth.
    static let iOS10CallCodes = #"""
    { "name": "unspecified" },
    { "name": "ready", "formatString": "Ready to call." },
    { "name": "continueInApp", "formatString": "Calling in the app." },
    { "name": "failure", "formatString": "The call could not be made." },
    { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to make the call." },
    { "name": "failureAppConfigurationRequired", "formatString": "Set up the app before making calls." },
    { "name": "failureCallingServiceNotAvailable", "formatString": "The calling service is not available right now." },
    { "name": "failureContactNotSupportedByApp", "formatString": "The app can't call that contact." }
    """#
}
