extension SystemIntents {
    /// The messaging domain (Apple's `INSendMessageIntent`,
    /// `INSearchForMessagesIntent` and `INSetMessageAttributeIntent`), in
    /// the JSON form.
    ///
    /// iOS 17's `INUnsendMessagesIntent` and `INEditMessageIntent` (a message
    /// sent with Siri taken back or corrected) are here too: their handling
    /// protocols resolve only the edit's `editedContent`, so the message
    /// identifiers are carried; their response codes are Apple's, 0 to 11.
    ///
    /// Names, orders and numbers are Apple's: the parameters are resolved in
    /// the order Siri asks (recipients, content, group name, message type);
    /// `INSendMessageRecipientUnsupportedReason` numbers its reasons from 1
    /// as Apple does; `conversationIdentifier`, `serviceName` and `sender`
    /// are carried, not resolved. The texts are the system's dialog (what
    /// Siri says on iOS), in exthost's own words. `formerNames` are iOS 10's
    /// Swift names (`resolveRecipients(forSendMessage:with:)`,
    /// `handle(sendMessage:completion:)`), deprecated since iOS 11: the
    /// recipients' older method answers `[INPersonResolutionResult]`, and
    /// the group name's resolved a `String` (`groupName`, `groupNames`),
    /// both converted into today's results by the generated defaults.
    /// A message whose type the person does not say is text
    /// (`outgoingMessageType`'s `defaultValue`), as Apple documents; the
    /// system sets it before the extension sees the request.
    /// `INConditionalOperator` starts at `all = 0`, a value (`zeroIsValue`),
    /// so a search's `…Operator` properties read `.all` when the request
    /// gives none, as on iOS; they are carried, not resolved, and come after
    /// Apple's other parameters so that the fields of the intent's struct
    /// before them keep their places.
    static let messagingJSON = #"""
    {
      "enums": [
        \#(recurrenceRuleEnums),
        \#(messageReactionEnums),
        {
          "name": "INOutgoingMessageType",
          "displayName": "Message Type",
          "cases": [
            { "name": "outgoingMessageText", "displayName": "Text", "value": 1 },
            { "name": "outgoingMessageAudio", "displayName": "Audio", "value": 2 }
          ]
        },
        {
          "name": "INMessageAttribute",
          "displayName": "Message Attribute",
          "cases": [
            { "name": "read", "displayName": "Read", "value": 1 },
            { "name": "unread", "displayName": "Unread", "value": 2 },
            { "name": "flagged", "displayName": "Flagged", "value": 3 },
            { "name": "unflagged", "displayName": "Unflagged", "value": 4 },
            { "name": "played", "displayName": "Played", "value": 5 }
          ]
        },
        {
          "name": "INMessageType",
          "displayName": "Message Type",
          "unknownName": "unspecified",
          "cases": [
            { "name": "text", "displayName": "Text", "value": 1 },
            { "name": "audio", "displayName": "Audio", "value": 2 },
            { "name": "digitalTouch", "displayName": "Digital touch", "value": 3 },
            { "name": "handwriting", "displayName": "Handwriting", "value": 4 },
            { "name": "sticker", "displayName": "Sticker", "value": 5 },
            { "name": "tapbackLiked", "displayName": "Tapback liked", "value": 6 },
            { "name": "tapbackDisliked", "displayName": "Tapback disliked", "value": 7 },
            { "name": "tapbackEmphasized", "displayName": "Tapback emphasized", "value": 8 },
            { "name": "tapbackLoved", "displayName": "Tapback loved", "value": 9 },
            { "name": "tapbackQuestioned", "displayName": "Tapback questioned", "value": 10 },
            { "name": "tapbackLaughed", "displayName": "Tapback laughed", "value": 11 },
            { "name": "mediaCalendar", "displayName": "Media calendar", "value": 12 },
            { "name": "mediaLocation", "displayName": "Media location", "value": 13 },
            { "name": "mediaAddressCard", "displayName": "Media address card", "value": 14 },
            { "name": "mediaImage", "displayName": "Media image", "value": 15 },
            { "name": "mediaVideo", "displayName": "Media video", "value": 16 },
            { "name": "mediaPass", "displayName": "Media pass", "value": 17 },
            { "name": "mediaAudio", "displayName": "Media audio", "value": 18 },
            { "name": "paymentSent", "displayName": "Payment sent", "value": 19 },
            { "name": "paymentRequest", "displayName": "Payment request", "value": 20 },
            { "name": "paymentNote", "displayName": "Payment note", "value": 21 },
            { "name": "animoji", "displayName": "Animoji", "value": 22 },
            { "name": "activitySnippet", "displayName": "Activity snippet", "value": 23 },
            { "name": "file", "displayName": "File", "value": 24 },
            { "name": "link", "displayName": "Link", "value": 25 },
            { "name": "reaction", "displayName": "Reaction", "value": 26 },
            { "name": "mediaAnimatedImage", "displayName": "Media animated image", "value": 27 },
            { "name": "thirdPartyAttachment", "displayName": "Third-party attachment", "value": 28 }
          ]
        },
        {
          "name": "INConditionalOperator",
          "displayName": "Condition",
          "zeroIsValue": true,
          "cases": [
            { "name": "all", "displayName": "All", "value": 0 },
            { "name": "any", "displayName": "Any", "value": 1 },
            { "name": "none", "displayName": "None", "value": 2 }
          ]
        },
        {
          "name": "INMessageAttributeOptions",
          "displayName": "Message Attributes",
          "optionSet": true,
          "cases": [
            { "name": "read", "displayName": "Read", "value": 1 },
            { "name": "unread", "displayName": "Unread", "value": 2 },
            { "name": "flagged", "displayName": "Flagged", "value": 4 },
            { "name": "unflagged", "displayName": "Unflagged", "value": 8 },
            { "name": "played", "displayName": "Played", "value": 16 }
          ]
        }
      ],
      "types": [
        { "name": "INSpeakableString", "displayName": "Speakable String", "properties": [] },
        \#(dateComponentsRangeType),
        \#(messageReactionTypes),
        {
          "name": "INMessage",
          "displayName": "Message",
          "properties": [
            { "name": "conversationIdentifier", "displayName": "Conversation", "type": "String" },
            { "name": "content", "displayName": "Content", "type": "String" },
            { "name": "dateSentComponents", "displayName": "Sent", "type": "DateComponents" },
            { "name": "sender", "displayName": "Sender", "type": "Person" },
            { "name": "recipients", "displayName": "Recipients", "type": "Person", "supportsMultipleValues": true },
            { "name": "serviceName", "displayName": "Service", "type": "String" },
            { "name": "groupName", "displayName": "Group", "type": "type:INSpeakableString" },
            { "name": "messageType", "displayName": "Type", "type": "enum:INMessageType" },
            { "name": "attachmentFiles", "displayName": "Attachments", "type": "File", "supportsMultipleValues": true },
            { "name": "audioMessageFile", "displayName": "Audio Message", "type": "File" },
            { "name": "numberOfAttachments", "displayName": "Attachments", "type": "Integer" },
            { "name": "referencedMessage", "displayName": "In Reply To", "type": "type:INMessage" },
            { "name": "sticker", "displayName": "Sticker", "type": "type:INSticker" },
            { "name": "reaction", "displayName": "Reaction", "type": "type:INMessageReaction" }
          ]
        },
        {
          "name": "INSendMessageAttachment",
          "displayName": "Attachment",
          "plainObject": true,
          "properties": [
            { "name": "audioMessageFile", "displayName": "Audio Message", "type": "File" }
          ]
        }
      ],
      "intents": [
        {
          "name": "INSendMessageIntent",
          "title": "Send Message",
          "description": "Sends a message to one or more people",
          "category": "send",
          "verb": "Send",
          "kind": "System",
          "formerNames": {
            "label": "sendMessage",
            "deprecated": true,
            "parameters": [
              {
                "name": "recipients",
                "baseResult": true,
                "deprecationMessage": "resolveRecipientsForSendMessage:withCompletion: is deprecated. Use resolveRecipientsForSendMessage:completion: instead"
              },
              "content",
              {
                "name": "speakableGroupName",
                "formerName": "groupName",
                "type": "String",
                "deprecationMessage": "resolveGroupNameForSendMessage:withCompletion: is deprecated. Use resolveSpeakableGroupNameForSendMessage:withCompletion: instead"
              }
            ]
          },
          "keyParameter": "recipients",
          "parameters": [
            {
              "name": "recipients",
              "displayName": "Recipients",
              "type": "Person",
              "supportsMultipleValues": true,
              "supportsResolution": true,
              "resultName": "Recipient",
              "prompts": [
                { "kind": "Primary", "formatString": "Who do you want to send it to?" },
                { "kind": "DisambiguationIntroduction", "formatString": "${count} people match that name." },
                { "kind": "DisambiguationSelection", "formatString": "Which one?" }
              ],
              "unsupportedReasons": [
                { "code": "noAccount", "formatString": "You need an account in the app to message ${recipients}." },
                { "code": "offline", "formatString": "The app can't reach its service right now." },
                { "code": "messagingServiceNotEnabledForRecipient", "formatString": "${recipients} can't receive messages from this service." },
                { "code": "noValidHandle", "formatString": "There is no address to send ${recipients} a message." },
                { "code": "requestedHandleInvalid", "formatString": "That address for ${recipients} isn't valid." },
                { "code": "noHandleForLabel", "formatString": "${recipients} has no address with that label." },
                { "code": "requiringInAppAuthentication", "formatString": "You need to sign in to the app first." }
              ]
            },
            {
              "name": "content",
              "displayName": "Content",
              "type": "String",
              "supportsResolution": true,
              "prompts": [
                { "kind": "Primary", "formatString": "What do you want to say?" }
              ]
            },
            {
              "name": "speakableGroupName",
              "displayName": "Group Name",
              "type": "type:INSpeakableString",
              "supportsResolution": true,
              "prompts": [
                { "kind": "Primary", "formatString": "Which group?" }
              ]
            },
            {
              "name": "outgoingMessageType",
              "displayName": "Message Type",
              "type": "enum:INOutgoingMessageType",
              "supportsResolution": true,
              "metadata": { "defaultValue": "outgoingMessageText" }
            },
            { "name": "conversationIdentifier", "displayName": "Conversation", "type": "String" },
            { "name": "serviceName", "displayName": "Service", "type": "String" },
            { "name": "sender", "displayName": "Sender", "type": "Person" },
            { "name": "attachments", "displayName": "Attachments", "type": "type:INSendMessageAttachment", "supportsMultipleValues": true }
          ],
          "response": {
            "parameters": [
              { "name": "sentMessages", "displayName": "Sent Messages", "type": "type:INMessage", "supportsMultipleValues": true }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Your message is sent.", "success": true },
              { "name": "failure", "formatString": "The message could not be sent." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to send the message." },
              { "name": "failureMessageServiceNotAvailable", "formatString": "The messaging service is not available right now." },
              { "name": "failureRequiringInAppAuthentication", "formatString": "Sign in to the app to send messages." }
            ]
          }
        },
        {
          "name": "INSearchForMessagesIntent",
          "title": "Search for Messages",
          "description": "Finds messages by sender, recipient, words, group or identifier",
          "category": "search",
          "verb": "Search",
          "kind": "System",
          "formerNames": {
            "label": "searchForMessages",
            "deprecated": true,
            "parameters": [
              "recipients",
              "senders",
              "attributes",
              "dateTimeRange",
              {
                "name": "speakableGroupNames",
                "formerName": "groupNames",
                "type": "String",
                "deprecationMessage": "resolveGroupNamesForSearchForMessages:withCompletion: is deprecated. Use resolveSpeakableGroupNamesForSearchForMessages:withCompletion: instead"
              }
            ]
          },
          "parameters": [
            {
              "name": "recipients",
              "displayName": "Recipients",
              "type": "Person",
              "supportsMultipleValues": true,
              "supportsResolution": true
            },
            {
              "name": "senders",
              "displayName": "Senders",
              "type": "Person",
              "supportsMultipleValues": true,
              "supportsResolution": true
            },
            { "name": "attributes", "displayName": "Attributes", "type": "enum:INMessageAttributeOptions", "supportsResolution": true },
            {
              "name": "speakableGroupNames",
              "displayName": "Group Names",
              "type": "type:INSpeakableString",
              "supportsMultipleValues": true,
              "supportsResolution": true
            },
            { "name": "dateTimeRange", "displayName": "When", "type": "type:INDateComponentsRange", "supportsResolution": true },
            { "name": "searchTerms", "displayName": "Search Terms", "type": "String", "supportsMultipleValues": true },
            { "name": "identifiers", "displayName": "Messages", "type": "String", "supportsMultipleValues": true },
            { "name": "notificationIdentifiers", "displayName": "Notifications", "type": "String", "supportsMultipleValues": true },
            { "name": "conversationIdentifiers", "displayName": "Conversations", "type": "String", "supportsMultipleValues": true },
            { "name": "recipientsOperator", "displayName": "Recipients Condition", "type": "enum:INConditionalOperator" },
            { "name": "sendersOperator", "displayName": "Senders Condition", "type": "enum:INConditionalOperator" },
            { "name": "searchTermsOperator", "displayName": "Search Terms Condition", "type": "enum:INConditionalOperator" },
            { "name": "identifiersOperator", "displayName": "Messages Condition", "type": "enum:INConditionalOperator" },
            { "name": "notificationIdentifiersOperator", "displayName": "Notifications Condition", "type": "enum:INConditionalOperator" },
            { "name": "speakableGroupNamesOperator", "displayName": "Group Names Condition", "type": "enum:INConditionalOperator" },
            { "name": "conversationIdentifiersOperator", "displayName": "Conversations Condition", "type": "enum:INConditionalOperator" }
          ],
          "response": {
            "parameters": [
              { "name": "messages", "displayName": "Messages", "type": "type:INMessage", "supportsMultipleValues": true }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "Found: ${messages}", "success": true },
              { "name": "failure", "formatString": "The messages could not be searched." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to search the messages." },
              { "name": "failureMessageServiceNotAvailable", "formatString": "The messages can't be searched: the messaging service is not available." },
              { "name": "failureMessageTooManyResults", "formatString": "Too many messages match; say more about the one you want." },
              { "name": "failureRequiringInAppAuthentication" }
            ]
          }
        },
        {
          "name": "INSetMessageAttributeIntent",
          "title": "Set Message Attribute",
          "description": "Marks messages as read, unread, flagged, unflagged or played",
          "category": "update",
          "verb": "Mark",
          "kind": "System",
          "keyParameter": "attribute",
          "parameters": [
            {
              "name": "attribute",
              "displayName": "Attribute",
              "type": "enum:INMessageAttribute",
              "supportsResolution": true,
              "prompts": [
                { "kind": "Primary", "formatString": "Mark it as what?" }
              ]
            },
            { "name": "identifiers", "displayName": "Messages", "type": "String", "supportsMultipleValues": true }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "The messages are marked.", "success": true },
              { "name": "failure", "formatString": "The messages could not be changed." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to change the messages." },
              { "name": "failureMessageNotFound", "formatString": "That message was not found." },
              { "name": "failureMessageAttributeNotSet", "formatString": "The message could not be marked that way." }
            ]
          }
        },
        {
          "name": "INUnsendMessagesIntent",
          "title": "Unsend Messages",
          "description": "Takes back messages already sent",
          "category": "generic",
          "verb": "Unsend",
          "kind": "System",
          "parameters": [
            { "name": "messageIdentifiers", "displayName": "Messages", "type": "String", "supportsMultipleValues": true }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "The message is unsent.", "success": true },
              { "name": "failure", "formatString": "The message could not be unsent." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to unsend the message." },
              { "name": "failureMessageNotFound", "formatString": "That message was not found." },
              { "name": "failurePastUnsendTimeLimit", "formatString": "It's too late to unsend that message." },
              { "name": "failureMessageTypeUnsupported", "formatString": "That kind of message can't be unsent." },
              { "name": "failureUnsupportedOnService", "formatString": "This service doesn't let you unsend messages." },
              { "name": "failureMessageServiceNotAvailable", "formatString": "The messaging service is not available right now." },
              { "name": "failureRequiringInAppAuthentication", "formatString": "Sign in to the app to unsend messages." }
            ]
          }
        },
        {
          "name": "INEditMessageIntent",
          "title": "Edit Message",
          "description": "Changes the text of a message already sent",
          "category": "update",
          "verb": "Edit",
          "kind": "System",
          "parameters": [
            { "name": "messageIdentifier", "displayName": "Message", "type": "String" },
            {
              "name": "editedContent",
              "displayName": "New Text",
              "type": "String",
              "supportsResolution": true,
              "prompts": [
                { "kind": "Primary", "formatString": "What should the message say instead?" }
              ]
            }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress" },
              { "name": "success", "formatString": "The message is edited.", "success": true },
              { "name": "failure", "formatString": "The message could not be edited." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to edit the message." },
              { "name": "failureMessageNotFound", "formatString": "That message was not found." },
              { "name": "failurePastEditTimeLimit", "formatString": "It's too late to edit that message." },
              { "name": "failureMessageTypeUnsupported", "formatString": "That kind of message can't be edited." },
              { "name": "failureUnsupportedOnService", "formatString": "This service doesn't let you edit messages." },
              { "name": "failureMessageServiceNotAvailable", "formatString": "The messaging service is not available right now." },
              { "name": "failureRequiringInAppAuthentication", "formatString": "Sign in to the app to edit messages." }
            ]
          }
        }
      ]
    }
    """#
}
