extension SystemIntents {
    /// The media domain's `INPlayMediaIntent`, `INAddMediaIntent`,
    /// `INSearchForMediaIntent` and `INUpdateMediaAffinityIntent`, in the
    /// JSON form.
    ///
    /// `INMediaItemType`, `INPlaybackRepeatMode`, `INPlaybackQueueLocation`,
    /// `INMediaSortOrder` and `INMediaReference` keep Apple's raw values (0 is
    /// `.unknown`), and `INPlayMediaMediaItemUnsupportedReason` numbers from 1
    /// in Apple's order. The items are resolved first (usually from the
    /// `mediaSearch`, which is not resolved itself), then shuffle, repeat,
    /// resuming, where in the queue, and the speed. The texts are the
    /// system's dialog, in exthost's own words. `INPlayMediaIntentResponse`'s
    /// `nowPlayingInfo` (`[String: Any]`) is a String property marked
    /// `jsonObject`: the ABI carries the object's text, the SDK and
    /// `exthost run --json` give the object.
    static let mediaJSON = #"""
    {
      "enums": [
        \#(recurrenceRuleEnums),
        {
          "name": "INMediaItemType",
          "displayName": "Media Type",
          "cases": [
            { "name": "song", "displayName": "Song", "value": 1 },
            { "name": "album", "displayName": "Album", "value": 2 },
            { "name": "artist", "displayName": "Artist", "value": 3 },
            { "name": "genre", "displayName": "Genre", "value": 4 },
            { "name": "playlist", "displayName": "Playlist", "value": 5 },
            { "name": "podcastShow", "displayName": "Podcast", "value": 6 },
            { "name": "podcastEpisode", "displayName": "Podcast Episode", "value": 7 },
            { "name": "podcastPlaylist", "displayName": "Podcast Playlist", "value": 8 },
            { "name": "musicStation", "displayName": "Music Station", "value": 9 },
            { "name": "audioBook", "displayName": "Audiobook", "value": 10 },
            { "name": "movie", "displayName": "Movie", "value": 11 },
            { "name": "tvShow", "displayName": "TV Show", "value": 12 },
            { "name": "tvShowEpisode", "displayName": "TV Show Episode", "value": 13 },
            { "name": "musicVideo", "displayName": "Music Video", "value": 14 },
            { "name": "podcastStation", "displayName": "Podcast Station", "value": 15 },
            { "name": "radioStation", "displayName": "Radio Station", "value": 16 },
            { "name": "station", "displayName": "Station", "value": 17 },
            { "name": "music", "displayName": "Music", "value": 18 },
            { "name": "algorithmicRadioStation", "displayName": "Algorithmic Radio Station", "value": 19 },
            { "name": "news", "displayName": "News", "value": 20 }
          ]
        },
        {
          "name": "INPlaybackRepeatMode",
          "displayName": "Repeat Mode",
          "cases": [
            { "name": "none", "displayName": "None", "value": 1 },
            { "name": "all", "displayName": "All", "value": 2 },
            { "name": "one", "displayName": "One", "value": 3 }
          ]
        },
        {
          "name": "INPlaybackQueueLocation",
          "displayName": "Queue Location",
          "cases": [
            { "name": "now", "displayName": "Now", "value": 1 },
            { "name": "next", "displayName": "Next", "value": 2 },
            { "name": "later", "displayName": "Later", "value": 3 }
          ]
        },
        {
          "name": "INMediaSortOrder",
          "displayName": "Sort Order",
          "cases": [
            { "name": "newest", "displayName": "Newest", "value": 1 },
            { "name": "oldest", "displayName": "Oldest", "value": 2 },
            { "name": "best", "displayName": "Best", "value": 3 },
            { "name": "worst", "displayName": "Worst", "value": 4 },
            { "name": "popular", "displayName": "Popular", "value": 5 },
            { "name": "unpopular", "displayName": "Unpopular", "value": 6 },
            { "name": "trending", "displayName": "Trending", "value": 7 },
            { "name": "recommended", "displayName": "Recommended", "value": 8 }
          ]
        },
        {
          "name": "INMediaDestinationType",
          "displayName": "Destination Type",
          "cases": [
            { "name": "library", "displayName": "Library", "value": 1 },
            { "name": "playlist", "displayName": "Playlist", "value": 2 }
          ]
        },
        {
          "name": "INMediaAffinityType",
          "displayName": "Affinity",
          "cases": [
            { "name": "like", "displayName": "Like", "value": 1 },
            { "name": "dislike", "displayName": "Dislike", "value": 2 }
          ]
        },
        {
          "name": "INMediaReference",
          "displayName": "Media Reference",
          "cases": [
            { "name": "currentlyPlaying", "displayName": "Currently Playing", "value": 1 },
            { "name": "my", "displayName": "My", "value": 2 }
          ]
        }
      ],
      "types": [
        {
          "name": "INMediaItem",
          "displayName": "Media Item",
          "properties": [
            { "name": "title", "displayName": "Title", "type": "String" },
            { "name": "type", "displayName": "Type", "type": "enum:INMediaItemType" },
            { "name": "artist", "displayName": "Artist", "type": "String" }
          ]
        },
        {
          "name": "INMediaDestinationReference",
          "displayName": "Destination",
          "plainObject": true,
          "swiftValueType": "INMediaDestination",
          "properties": [
            { "name": "mediaDestinationType", "displayName": "Type", "type": "enum:INMediaDestinationType" },
            { "name": "playlistName", "displayName": "Playlist", "type": "String" }
          ]
        },
        {
          "name": "INMediaSearch",
          "displayName": "Media Search",
          "properties": [
            { "name": "mediaType", "displayName": "Media Type", "type": "enum:INMediaItemType" },
            { "name": "sortOrder", "displayName": "Sort Order", "type": "enum:INMediaSortOrder" },
            { "name": "mediaName", "displayName": "Name", "type": "String" },
            { "name": "artistName", "displayName": "Artist", "type": "String" },
            { "name": "albumName", "displayName": "Album", "type": "String" },
            { "name": "genreNames", "displayName": "Genres", "type": "String", "supportsMultipleValues": true },
            { "name": "moodNames", "displayName": "Moods", "type": "String", "supportsMultipleValues": true },
            { "name": "releaseDate", "displayName": "Released", "type": "type:INDateComponentsRange" },
            { "name": "reference", "displayName": "Reference", "type": "enum:INMediaReference" },
            { "name": "mediaIdentifier", "displayName": "Identifier", "type": "String" }
          ]
        },
        \#(dateComponentsRangeType)
      ],
      "intents": [
        {
          "name": "INPlayMediaIntent",
          "title": "Play Media",
          "description": "Plays songs, albums, playlists, podcasts or audiobooks",
          "category": "play",
          "verb": "Play",
          "kind": "System",
          "keyParameter": "mediaItems",
          "parameters": [
            {
              "name": "mediaItems", "displayName": "Media", "type": "type:INMediaItem", "supportsMultipleValues": true,
              "supportsResolution": true, "resultName": "MediaItem",
              "prompts": [
                { "kind": "Primary", "formatString": "What do you want to play?" },
                { "kind": "DisambiguationIntroduction", "formatString": "There are ${count} matches." },
                { "kind": "DisambiguationSelection", "formatString": "Which one do you want to play?" }
              ],
              "unsupportedReasons": [
                { "code": "loginRequired", "formatString": "Sign in to the app to play that." },
                { "code": "subscriptionRequired", "formatString": "Playing that needs a subscription." },
                { "code": "unsupportedMediaType", "formatString": "The app can't play that kind of media." },
                { "code": "explicitContentSettings", "formatString": "That is explicit, and explicit content is off." },
                { "code": "cellularDataSettings", "formatString": "Streaming over cellular data is off." },
                { "code": "restrictedContent", "formatString": "That is restricted." },
                { "code": "serviceUnavailable", "formatString": "The app's service is not available right now." },
                { "code": "regionRestriction", "formatString": "That is not available in this region." }
              ]
            },
            { "name": "mediaContainer", "displayName": "Container", "type": "type:INMediaItem" },
            { "name": "playShuffled", "displayName": "Shuffled", "type": "Boolean", "supportsResolution": true },
            { "name": "playbackRepeatMode", "displayName": "Repeat", "type": "enum:INPlaybackRepeatMode", "supportsResolution": true },
            { "name": "resumePlayback", "displayName": "Resume", "type": "Boolean", "supportsResolution": true },
            { "name": "playbackQueueLocation", "displayName": "Queue Location", "type": "enum:INPlaybackQueueLocation", "supportsResolution": true },
            {
              "name": "playbackSpeed", "displayName": "Speed", "type": "Decimal", "supportsResolution": true, "resultName": "PlaybackSpeed",
              "unsupportedReasons": [
                { "code": "belowMinimum", "formatString": "That speed is too slow." },
                { "code": "aboveMaximum", "formatString": "That speed is too fast." }
              ]
            },
            { "name": "mediaSearch", "displayName": "Search", "type": "type:INMediaSearch" }
          ],
          "response": {
            "parameters": [
              { "name": "nowPlayingInfo", "displayName": "Now Playing", "type": "String", "jsonObject": true }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Playing in the app." },
              { "name": "inProgress", "formatString": "Starting playback." },
              { "name": "success", "formatString": "Playing.", "success": true },
              { "name": "handleInApp", "formatString": "The app is starting playback." },
              { "name": "failure", "formatString": "That could not be played." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to play that." },
              { "name": "failureUnknownMediaType", "formatString": "The app doesn't know that kind of media." },
              { "name": "failureNoUnplayedContent", "formatString": "There is nothing unplayed." },
              { "name": "failureRestrictedContent", "formatString": "That content is restricted." },
              { "name": "failureMaxStreamLimitReached", "formatString": "Too many devices are streaming from the account." }
            ]
          }
        },
        {
          "name": "INAddMediaIntent",
          "title": "Add Media",
          "description": "Adds songs, albums or podcasts to the library or a playlist",
          "category": "create",
          "verb": "Add",
          "kind": "System",
          "keyParameter": "mediaItems",
          "parameters": [
            \#(mediaItemsParameter(asking: "What do you want to add?", choosing: "Which one do you want to add?")),
            { "name": "mediaSearch", "displayName": "Search", "type": "type:INMediaSearch" },
            {
              "name": "mediaDestination", "displayName": "Destination", "type": "type:INMediaDestinationReference", "supportsResolution": true,
              "resultName": "MediaDestination",
              "prompts": [
                { "kind": "Primary", "formatString": "Where do you want to add it?" }
              ],
              "unsupportedReasons": [
                { "code": "playlistNameNotFound", "formatString": "There is no playlist with that name." },
                { "code": "playlistNotEditable", "formatString": "That playlist can't be changed." }
              ]
            }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress", "formatString": "Adding it." },
              { "name": "success", "formatString": "Added.", "success": true },
              { "name": "handleInApp", "formatString": "The app is adding it." },
              { "name": "failure", "formatString": "That could not be added." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to add that." }
            ]
          }
        },
        {
          "name": "INSearchForMediaIntent",
          "title": "Search for Media",
          "description": "Finds songs, albums, podcasts or videos in the app",
          "category": "search",
          "verb": "Search",
          "kind": "System",
          "keyParameter": "mediaItems",
          "parameters": [
            \#(mediaItemsParameter(asking: "What do you want to find?", choosing: "Which one do you mean?")),
            { "name": "mediaSearch", "displayName": "Search", "type": "type:INMediaSearch" }
          ],
          "response": {
            "parameters": [
              { "name": "mediaItems", "displayName": "Media", "type": "type:INMediaItem", "supportsMultipleValues": true }
            ],
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Showing it in the app." },
              { "name": "inProgress", "formatString": "Searching." },
              { "name": "success", "formatString": "Found: ${mediaItems}", "success": true },
              { "name": "failure", "formatString": "The search failed." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to search." }
            ]
          }
        },
        {
          "name": "INUpdateMediaAffinityIntent",
          "title": "Update Media Affinity",
          "description": "Likes or dislikes songs, albums or podcasts",
          "category": "update",
          "verb": "Like",
          "kind": "System",
          "keyParameter": "mediaItems",
          "parameters": [
            \#(mediaItemsParameter(asking: "Which one?", choosing: "Which one do you mean?")),
            { "name": "mediaSearch", "displayName": "Search", "type": "type:INMediaSearch" },
            {
              "name": "affinityType", "displayName": "Affinity", "type": "enum:INMediaAffinityType", "supportsResolution": true,
              "prompts": [
                { "kind": "Primary", "formatString": "Do you like it or dislike it?" }
              ]
            }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "inProgress", "formatString": "Saving that." },
              { "name": "success", "formatString": "Noted.", "success": true },
              { "name": "failure", "formatString": "That could not be saved." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to do that." }
            ]
          }
        }
      ]
    }
    """#

    /// The `mediaItems` parameter of adding, searching and liking: the
    /// same shape and reasons (`INAddMediaMediaItemUnsupportedReason`, …),
    /// its own questions.
    private static func mediaItemsParameter(asking primary: String, choosing selection: String) -> String {
        #"""
        {
          "name": "mediaItems", "displayName": "Media", "type": "type:INMediaItem", "supportsMultipleValues": true,
          "supportsResolution": true, "resultName": "MediaItem",
          "prompts": [
            { "kind": "Primary", "formatString": "\#(primary)" },
            { "kind": "DisambiguationIntroduction", "formatString": "There are ${count} matches." },
            { "kind": "DisambiguationSelection", "formatString": "\#(selection)" }
          ],
          "unsupportedReasons": [
            { "code": "loginRequired", "formatString": "Sign in to the app to do that." },
            { "code": "subscriptionRequired", "formatString": "That needs a subscription." },
            { "code": "unsupportedMediaType", "formatString": "The app doesn't handle that kind of media." },
            { "code": "explicitContentSettings", "formatString": "That is explicit, and explicit content is off." },
            { "code": "cellularDataSettings", "formatString": "Using cellular data is off." },
            { "code": "restrictedContent", "formatString": "That is restricted." },
            { "code": "serviceUnavailable", "formatString": "The app's service is not available right now." },
            { "code": "regionRestriction", "formatString": "That is not available in this region." }
          ]
        }
        """#
    }
}
