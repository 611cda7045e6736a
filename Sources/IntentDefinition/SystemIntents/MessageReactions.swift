extension SystemIntents {
    /// iOS 18's sticker and reaction of an `INMessage`, custom types of the
    /// messaging domain: plain objects, as Apple's `INSticker` and
    /// `INMessageReaction` are (`NSObject`s with no identifier), their
    /// initialisers hand-written in the SDK. An emoji is a `String` in
    /// Apple's SDK, which has no class of its own for it.
    static let messageReactionTypes = #"""
        {
          "name": "INSticker",
          "displayName": "Sticker",
          "plainObject": true,
          "properties": [
            { "name": "type", "displayName": "Type", "type": "enum:INStickerType", "nonnull": true },
            { "name": "emoji", "displayName": "Emoji", "type": "String" }
          ]
        },
        {
          "name": "INMessageReaction",
          "displayName": "Reaction",
          "plainObject": true,
          "properties": [
            { "name": "reactionType", "displayName": "Type", "type": "enum:INMessageReactionType", "nonnull": true },
            { "name": "reactionDescription", "displayName": "Description", "type": "String" },
            { "name": "emoji", "displayName": "Emoji", "type": "String" }
          ]
        }
    """#

    /// The enums of ``messageReactionTypes``, with Apple's raw values
    /// (`unknown` is 0).
    static let messageReactionEnums = #"""
        {
          "name": "INStickerType",
          "displayName": "Sticker Type",
          "cases": [
            { "name": "emoji", "displayName": "Emoji", "value": 1 },
            { "name": "generic", "displayName": "Generic", "value": 2 }
          ]
        },
        {
          "name": "INMessageReactionType",
          "displayName": "Reaction Type",
          "cases": [
            { "name": "emoji", "displayName": "Emoji", "value": 1 },
            { "name": "generic", "displayName": "Generic", "value": 2 }
          ]
        }
    """#
}
