/*
 * exthost.h — the plugin ABI of exthost, version 3.
 *
 * This header is the only contract between the host (`exthost`) and an
 * extension plugin (a shared object in `Plugins/`, one per app extension).
 * Only the C types declared here cross the boundary: a plugin written in
 * Swift keeps its Swift objects on its own side and hands the host opaque
 * pointers.
 *
 * Conventions used below
 * ----------------------
 * [main-thread]  the host calls it from its main thread only.
 * [any-thread]   the caller may call it from any thread, concurrently.
 * [once]         must be called exactly once.
 * "owned by the plugin, static": the memory stays valid until the process
 *                ends (a plugin is never unloaded; see "Unloading").
 * "borrowed until X": valid only until X happens; copy what you keep.
 *
 * Loading
 * -------
 * The host opens a plugin with dlopen(RTLD_NOW | RTLD_LOCAL), looks up the
 * single exported symbol EXTHOST_ENTRY_SYMBOL and calls it. It then checks
 * `magic`, `abi_version`, `size` and `toolchain` *before* calling any other
 * plugin function, and only then calls `init`.
 *
 * Versions
 * --------
 * The host loads plugins of version 1, 2 and 3. Version 2 appends
 * `definition_tables` and `definition_tables_size` to the descriptor; a
 * version 1 plugin (built against the earlier header, whose descriptor ends
 * at `release`) keeps working, its definition read from `definition`.
 * Version 3 appends `handler_for_intent_values`; a version 1 or 2 plugin
 * keeps working, its `handler_for_intent` called as before.
 * A plugin that must also load in hosts that know only an earlier version
 * defines EXTHOST_TARGET_ABI as 1 or 2 before including this header: the
 * header is then that version's (EXTHOST_ABI_VERSION 1 without tables, 2
 * without `handler_for_intent_values`).
 * Rationale (version 2): reading the JSON text was most of a plugin's cold
 * load (the parse and the first use of the Swift runtime's generic
 * machinery it needs); tables the host reads in place, one intent's part
 * per request, make that read a few lookups, and the appended fields leave
 * every version 1 plugin as it was.
 * Rationale (version 3): on iOS, `INExtension.handler(for:)` receives the
 * intent with its parameters set, and extensions branch on them (a
 * messaging app's handler chosen by `serviceName`, a calling app's by
 * `callCapability`); `handler_for_intent` passes a name alone, so such an
 * extension chose its handler from an empty intent. A function of its own,
 * appended, leaves every earlier plugin as it was.
 *
 * Unloading
 * ---------
 * There is no way to unload a plugin: the host never calls dlclose (closing
 * a Swift image crashes the Swift runtime at its next conformance lookup).
 * Unloading means ending the process that holds it.
 *
 * Values
 * ------
 * Each intent parameter has one *value representation*, decided by its type
 * in the intent definition (see exthost_value_kind):
 *
 *   kind            intent field (NULL = no value)   completion argument
 *   STRING          const char *                     const char *
 *   INTEGER         const int64_t *                  int64_t
 *   DECIMAL         const double *                   double
 *   BOOLEAN         const bool *                     bool
 *   ENUMERATION     const int32_t *                  int32_t (0 = unknown)
 *   OBJECT          const exthost_object *           const exthost_object *
 *   (multiple)      const exthost_list *             const exthost_list *
 *
 * An enum whose definition says "zeroIsValue" (the system's
 * INConditionalOperator, whose `all` is 0, as Apple numbers it) has no
 * unknown case: 0 is that case, a value like the others, and a parameter
 * given no value is a NULL field, as for every kind.
 *
 * String, URL and DateComponents parameters are STRING (a URL as text,
 * date components as ISO 8601: "2026-11-21", "2026-11-21T09:30",
 * "T09:30", and a year or a month alone, "1990", "1990-07"; a time goes
 * with a whole date or none). Duration is DECIMAL (seconds). Custom types,
 * Object, Placemark, CurrencyAmount, Person and File are OBJECT.
 * Rationale (version 1, from this revision): a media search's release
 * date is often a year ("songs from 1990"); the year and year-month forms
 * were added without a version change because a reader that predates them
 * drops the value, as it dropped the year before, when it could not be
 * written at all.
 *
 * Generated intent structs
 * ------------------------
 * For every intent `<Name>` of a definition, code generation emits
 *
 *   typedef struct <Name>Intent {
 *       const char *identifier;      // the request's identifier
 *       <field> <parameter 1>;       // in definition order
 *       ...
 *   } <Name>Intent;
 *
 * and for its response
 *
 *   typedef struct <Name>IntentResponse {
 *       const exthost_user_activity *user_activity;   // NULL = none
 *       <field> <response parameter 1>;               // in definition order
 *       ...
 *   } <Name>IntentResponse;
 *
 * Every field is one pointer, so both structs are arrays of pointers: the
 * host builds them from the definition alone.
 *
 * Methods
 * -------
 * `exthost_extension.method(handler, selector)` returns a handler's method
 * by name (NULL = not implemented: the host applies the default behaviour).
 * Every method returns void, is called [any-thread] (the host calls it on
 * the thread running the conversation; a watchdog observes the deadline)
 * and receives a *completion*: a function the host made for
 * this one call. The completion is [once], [any-thread], and may be called
 * before or after the method returns. A completion called a second time is
 * reported and ignored. A completion not called before the stage's deadline
 * ends the request with error 3001; the completion stays callable (the call
 * is then ignored).
 *
 *   selector "resolve<Param>":
 *     void (void *handler, const <Name>Intent *intent,
 *           void (*completion)(exthost_resolution kind, T value,
 *                              const exthost_list *alternatives,
 *                              int32_t unsupported_reason));
 *     T is the parameter's completion argument type (above). `value` is read
 *     for SUCCESS and CONFIRMATION_REQUIRED; `alternatives` (items in the
 *     parameter's element representation) for DISAMBIGUATION;
 *     `unsupported_reason` for UNSUPPORTED: 1-based index into the
 *     parameter's unsupported reasons in the definition, 0 = no reason.
 *     For a parameter with several values, DISAMBIGUATION and
 *     CONFIRMATION_REQUIRED are about one of them: `unsupported_reason` is
 *     then its 1-based position in the intent's list, and the answer
 *     replaces that value alone; 0 = not said, the answer replaces the list.
 *     Rationale (version 1, with the system intents): a message to two
 *     people, one of whose names matches two contacts, keeps the other
 *     recipient once the user has picked; the field was unused for these
 *     kinds, and 0 keeps the earlier behaviour.
 *     For CONFIRMATION_REQUIRED, that position is the low 16 bits and the
 *     bits from 16 hold the 1-based index into the parameter's
 *     confirmation reasons (0 = no reason): the question asked is then the
 *     reason's (`INAddTasksTargetTaskListConfirmationReason.listShouldBeCreated`:
 *     "There's no list called …. Create it?").
 *     Rationale (system intents' confirmation reasons): a reason and a
 *     position fit one field, and a completion that says neither (0) asks
 *     as before, so no completion type changed.
 *
 *   selector "provide<Param>OptionsCollection":
 *     void (void *handler, const <Name>Intent *intent, const char *search_term,
 *           void (*completion)(const exthost_list *options, const char *error));
 *     `search_term` is NULL when the user has typed nothing. `error` NULL
 *     means success.
 *
 *   selector "provide<Param>OptionsSections":
 *     void (void *handler, const <Name>Intent *intent, const char *search_term,
 *           void (*completion)(const exthost_list *sections, const char *error));
 *     The options in titled sections (INObjectCollection(sections:)):
 *     each item of `sections` is a `const exthost_section *`, in order.
 *     The host asks for this selector first and, when the plugin has none,
 *     for "provide<Param>OptionsCollection", whose options are one section
 *     without a title. A plugin may have both (the Swift SDK does, for
 *     hosts that predate sections); the host then calls only this one.
 *     Rationale (version 1, from this revision): a section's title is what
 *     a person reads above its items ("Recent", "Nearby"); the flat
 *     completion has no room for it, and a second completion signature
 *     behind a selector of its own keeps every earlier plugin working
 *     unchanged, with the same call interface (two pointers).
 *
 *   selector "confirm" and "handle":
 *     void (void *handler, const <Name>Intent *intent,
 *           void (*completion)(int32_t code, const <Name>IntentResponse *response));
 *     `code` is an exthost_response_code or a custom code (100 + index of
 *     the custom code among the definition's response codes). `response`
 *     may be NULL.
 *
 * Ownership of values: everything the host passes to a method (intent,
 * search term) is borrowed until the method's completion has been called.
 * Everything a plugin passes to a completion is borrowed until the
 * completion returns: the host copies what it keeps.
 *
 * Rationale (version 1): completions carry typed values, not serialised
 * text, so that a C plugin is plain typed functions and dispatch is a call,
 * not a parse. The host learns each signature from the definition that the
 * plugin embeds, and builds calls and completions with libffi.
 */
#ifndef EXTHOST_H
#define EXTHOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** 'EXTH': the first field of every extension descriptor. */
#define EXTHOST_MAGIC 0x45585448u
/** The ABI version a plugin is built for: 3 unless it defines 1 or 2 (above). */
#ifndef EXTHOST_TARGET_ABI
#define EXTHOST_TARGET_ABI 3
#endif
/** The ABI version this header describes. */
#if EXTHOST_TARGET_ABI == 1
#define EXTHOST_ABI_VERSION 1u
#elif EXTHOST_TARGET_ABI == 2
#define EXTHOST_ABI_VERSION 2u
#else
#define EXTHOST_ABI_VERSION 3u
#endif
/** The name of the one symbol a plugin exports. */
#define EXTHOST_ENTRY_SYMBOL "exthost_extension_entry"
/** The toolchain string of a plugin written in C (or any C-ABI language). */
#define EXTHOST_TOOLCHAIN_C "c"

#if defined(__GNUC__) || defined(__clang__)
#define EXTHOST_EXPORT __attribute__((visibility("default")))
#define EXTHOST_MAYBE_UNUSED __attribute__((unused))
#else
#define EXTHOST_EXPORT
#define EXTHOST_MAYBE_UNUSED
#endif

/** How a parameter was resolved. */
typedef int32_t exthost_resolution;
enum {
    EXTHOST_RESOLUTION_SUCCESS = 1,
    EXTHOST_RESOLUTION_DISAMBIGUATION = 2,
    EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED = 3,
    EXTHOST_RESOLUTION_NEEDS_VALUE = 4,
    EXTHOST_RESOLUTION_NOT_REQUIRED = 5,
    EXTHOST_RESOLUTION_UNSUPPORTED = 6,
};

/** The system response codes, numbered as the Intents framework numbers them.
 *  Custom codes of a definition start at EXTHOST_RESPONSE_CUSTOM_BASE. */
typedef int32_t exthost_response_code;
enum {
    EXTHOST_RESPONSE_UNSPECIFIED = 0,
    EXTHOST_RESPONSE_READY = 1,
    EXTHOST_RESPONSE_CONTINUE_IN_APP = 2,
    EXTHOST_RESPONSE_IN_PROGRESS = 3,
    EXTHOST_RESPONSE_SUCCESS = 4,
    EXTHOST_RESPONSE_FAILURE = 5,
    EXTHOST_RESPONSE_FAILURE_REQUIRING_APP_LAUNCH = 6,
    EXTHOST_RESPONSE_CUSTOM_BASE = 100,
};

/** A value's representation across the boundary (see "Values" above). */
typedef int32_t exthost_value_kind;
enum {
    EXTHOST_VALUE_STRING = 1,
    EXTHOST_VALUE_INTEGER = 2,
    EXTHOST_VALUE_DECIMAL = 3,
    EXTHOST_VALUE_BOOLEAN = 4,
    EXTHOST_VALUE_ENUMERATION = 5,
    EXTHOST_VALUE_OBJECT = 6,
};

/** Error numbers, as the Intents framework numbers them (INIntentErrorCode),
 *  so that a failure here reads like the same failure on iOS. What
 *  exthost_host_api.donations returns, and what the host reports. Numbers
 *  1910 and up in the 19xx range are exthost's own (iOS has none). */
typedef int32_t exthost_error_code;
enum {
    EXTHOST_ERROR_DONATING_INTERACTION = 1901,
    EXTHOST_ERROR_DELETING_ALL_INTERACTIONS = 1902,
    EXTHOST_ERROR_DELETING_INTERACTION_WITH_IDENTIFIERS = 1903,
    EXTHOST_ERROR_DELETING_INTERACTION_WITH_GROUP_IDENTIFIER = 1904,
    /** A voice shortcut's phrase clashes with another one. */
    EXTHOST_ERROR_PHRASE_CONFLICT = 1910,
    /** No such voice shortcut or donation. */
    EXTHOST_ERROR_NOT_FOUND = 1911,
    /** The donation store cannot be opened or is not a store. */
    EXTHOST_ERROR_STORE_UNAVAILABLE = 1912,
    /** Siri is denied for the app that handles a system intent
     *  (INPreferences; `exthost siri deny`). */
    EXTHOST_ERROR_SIRI_NOT_AUTHORIZED = 1913,
    /** The app may not read the Focus, so it is not handed
     *  INShareFocusStatusIntent (INFocusStatusCenter; `exthost focus deny`). */
    EXTHOST_ERROR_FOCUS_NOT_AUTHORIZED = 1914,
    EXTHOST_ERROR_INTENT_SUPPORTED_BY_MULTIPLE_EXTENSIONS = 2001,
    EXTHOST_ERROR_RESTRICTED_INTENTS_NOT_SUPPORTED_BY_EXTENSION = 2002,
    EXTHOST_ERROR_NO_HANDLER_PROVIDED_FOR_INTENT = 2003,
    EXTHOST_ERROR_INVALID_INTENT_NAME = 2004,
    EXTHOST_ERROR_NO_APP_AVAILABLE = 2005,
    EXTHOST_ERROR_REQUEST_TIMED_OUT = 3001,
    EXTHOST_ERROR_EXTENSION_LAUNCHING_TIMEOUT = 5000,
    EXTHOST_ERROR_EXTENSION_BRING_UP_FAILED = 5001,
};

/** An object value: a custom type, INObject, Placemark, Person, … */
typedef struct exthost_object {
    const char *identifier;      /**< NULL = none */
    const char *display_string;  /**< never NULL */
    const char *subtitle;        /**< NULL = none */
    const char *image;           /**< image name or URL; NULL = none */
    const char *properties;      /**< JSON object of the type's own properties, an enum
                                      *   property by its case name and an option set as the
                                      *   list of its options' names; NULL = none */
} exthost_object;

/** A list of values. `items[i]` points at one value in the element
 *  representation (a `const char *` string itself, a `const int64_t *`,
 *  a `const exthost_object *`, …). */
typedef struct exthost_list {
    size_t count;
    const void *const *items;
} exthost_list;

/** One titled section of a handler's options (INObjectSection), an item
 *  of the list a "provide<Param>OptionsSections" completion takes. */
typedef struct exthost_section {
    const char *title;          /**< NULL = none */
    const exthost_list *items;  /**< in the parameter's element representation; NULL = none */
} exthost_section;

/** A user activity (NSUserActivity) handed to the app. */
typedef struct exthost_user_activity {
    const char *activity_type;          /**< never NULL */
    const char *title;                  /**< NULL = none */
    const char *user_info;              /**< JSON object; NULL = empty */
    const char *persistent_identifier;  /**< NULL = none */
} exthost_user_activity;

/** Log levels for exthost_host_api.log. */
enum {
    EXTHOST_LOG_DEBUG = 0,
    EXTHOST_LOG_INFO = 1,
    EXTHOST_LOG_ERROR = 2,
};

/** What the host offers a plugin. Owned by the host, static. */
typedef struct exthost_host_api {
    uint32_t size;         /**< sizeof(exthost_host_api) of the host */
    uint32_t abi_version;  /**< EXTHOST_ABI_VERSION of the host */
    /** Writes a line to the host's log. [any-thread]. `message` is borrowed
     *  until the call returns. */
    void (*log)(int32_t level, const char *message);
    /** The shared container of the extension's app group (a directory that
     *  the app and its extensions can both write), or NULL when the
     *  extension's app declares none. Owned by the host, static. */
    const char *shared_container;
    /** The system's donation store: INInteraction.donate and its deletes,
     *  NSUserActivity.becomeCurrent and deleteSavedUserActivities, shortcut
     *  suggestions. [any-thread]; blocks until the store has committed (or
     *  refused) the request, normally well under a millisecond, at most the
     *  store's 10 s busy wait.
     *
     *  `operation` is an EXTHOST_DONATION_* value; `request` is a JSON
     *  object, borrowed until the call returns, whose "app" is the
     *  extension's containing app (the descriptor's `app`). `message` is a
     *  buffer of `message_capacity` bytes owned by the caller (may be NULL):
     *  on failure the host writes a NUL-terminated message into it, cut to
     *  fit. Returns 0, or the INIntentErrorCode of the failure: 1901
     *  donating, 1902 deleting all, 1903 deleting by identifiers, 1904
     *  deleting by group.
     *
     *  Each extension's table has a function of its own, bound to the
     *  extension: a request whose "app" is not the extension's own app is
     *  refused with the operation's code and changes nothing, and an
     *  interaction whose intent or parameter values do not fit the
     *  extension's definition is refused with 1901. The host logs each
     *  refusal. Rationale (version 1, enforced from this revision): apps
     *  are isolated from each other in the store, as on iOS, where an app
     *  can only donate and delete its own interactions.
     *
     *  Added after `shared_container` in version 1: a plugin must check that
     *  `size` reaches past this field (offsetof + sizeof) before reading it.
     *  Rationale (version 1): the store belongs to the system, so a plugin
     *  links neither it nor SQLite (plugins link only what they need, and a
     *  store opened by every extension would be opened in every request);
     *  requests are JSON because they are rare and their shapes grow, unlike
     *  the typed, per-stage calls of the conversation. */
    int32_t (*donations)(int32_t operation, const char *request, char *message, size_t message_capacity);
} exthost_host_api;

/** The `operation` of exthost_host_api.donations and the keys of its
 *  `request` (every request also has "app"). Dates are seconds since 1970
 *  or ISO 8601 text, from the year 1 to 9999; a date outside them, or one
 *  that is not a date, is refused with the operation's code. */
enum {
    /** {"intent", "parameters": {name: value as in intent.json},
     *  "identifier", "groupIdentifier", "intentHandlingStatus",
     *  "startDate", "endDate", "title", "suggestedInvocationPhrase"} */
    EXTHOST_DONATION_DONATE_INTERACTION = 1,
    /** {"identifiers": [...]} */
    EXTHOST_DONATION_DELETE_INTERACTIONS = 2,
    /** {"groupIdentifier"} */
    EXTHOST_DONATION_DELETE_INTERACTION_GROUP = 3,
    /** {} */
    EXTHOST_DONATION_DELETE_ALL_INTERACTIONS = 4,
    /** {"activityType", "title", "userInfo": {...}, "requiredUserInfoKeys":
     *  [...], "persistentIdentifier", "suggestedInvocationPhrase"}; refused
     *  (1901) when the app's manifest does not declare the type in
     *  NSUserActivityTypes or userInfo lacks a required key. */
    EXTHOST_DONATION_DONATE_ACTIVITY = 5,
    /** {"persistentIdentifiers": [...]} */
    EXTHOST_DONATION_DELETE_ACTIVITIES = 6,
    /** {} */
    EXTHOST_DONATION_DELETE_ALL_ACTIVITIES = 7,
    /** {"shortcuts": [{"intent", "parameters"} or {"activityType", ...}]} */
    EXTHOST_DONATION_SET_SHORTCUT_SUGGESTIONS = 8,
    /** {"shortcuts": [... with "startDate", "endDate" of their date relevance]} */
    EXTHOST_DONATION_SET_RELEVANT_SHORTCUTS = 9,
    /** {"identifier", "title", "subtitle", "body", "threadIdentifier"}:
     *  UNUserNotificationCenter.add, delivered at once (no trigger) into
     *  the system's notification log (`exthost notifications`). A
     *  notification with the identifier of one the app posted before
     *  replaces it. Refused (1901) with neither title nor body.
     *  Rationale (version 1, from this revision): an extension's work often
     *  ends after the person has left it (a sync finished in `handle`), and
     *  Linux has no notification centre a plugin could post to; the
     *  system's store is where the system keeps what it tells the person. */
    EXTHOST_DONATION_POST_NOTIFICATION = 10,
    /** {"request": true or false}: INPreferences. Answers with 0 and writes
     *  the app's INSiriAuthorizationStatus as a decimal number into
     *  `message` (0 not determined, 1 restricted, 2 denied, 3 authorized).
     *  With "request": true and the status not determined, the status
     *  becomes authorized first (requestSiriAuthorization: Linux has no
     *  prompt to show; the person decides with `exthost siri`).
     *  Rationale (version 1, from this revision): the authorization is the
     *  system's record of the person's choice, kept per app beside the
     *  donations; it is the one operation that answers, so the answer
     *  uses the buffer that otherwise carries a failure's message. A host
     *  that predates it refuses the operation (1901, "unknown donation
     *  operation"). */
    EXTHOST_DONATION_SIRI_AUTHORIZATION = 11,
    /** {"type": INVocabularyStringType's number, "strings": [...]}:
     *  INVocabulary.setVocabularyStrings, replacing the app's strings of
     *  that type, most important first; strings over 1024 bytes in UTF-16
     *  are dropped, as on iOS. Without "type": removeAllVocabularyStrings,
     *  every type. The system matches what is said for a system intent's
     *  parameter against them before the extension sees it (README,
     *  "System intents"). Rationale (version 1, from this revision): the
     *  vocabulary is the person's, kept by the system per app beside the
     *  donations; a host that predates it refuses the operation (1901).
     *
     *  With "entries" (from this revision; INVocabulary.setVocabulary, iOS
     *  11's INSpeakable objects): a list of objects, one per phrase, each
     *  {"spokenPhrase": text, "vocabularyIdentifier": text,
     *  "pronunciationHint": text, "alternativeSpeakableMatches": [text]},
     *  all but the phrase optional. When given, "entries" replaces
     *  "strings"; the SDK sends "strings" too, the same phrases, so that a
     *  host that predates entries keeps the phrases. When what is said
     *  matches a phrase, one of its alternatives or its hint, an object
     *  parameter (an INSpeakableString, an INPerson) receives the phrase
     *  as its display string and the vocabularyIdentifier as its
     *  identifier. Rationale: the identifier is how the app knows the
     *  phrase; a request of "strings" alone, as plugins built before this
     *  revision send, is read as before (phrases without identifiers). */
    EXTHOST_DONATION_SET_VOCABULARY = 12,
    /** {"contextType": "INMediaUserContext", "subscriptionStatus": 0
     *  unknown, 1 notSubscribed or 2 subscribed, "numberOfLibraryItems":
     *  a count or absent}: INUserContext.becomeCurrent, replacing the
     *  app's earlier context of that type (`exthost siri media` shows it).
     *  Refused (1901) for another type, a status outside 0–2 or a
     *  negative count. Rationale (version 1, from this revision): on iOS
     *  the context tells Siri which media app to prefer when a request
     *  names none; the system keeps it per app beside the vocabulary. */
    EXTHOST_DONATION_SET_USER_CONTEXT = 13,
    /** {"shortcuts": [{"intent", "parameters", "title"}]}, most important
     *  first: INUpcomingMediaManager.setSuggestedMediaIntents, replacing
     *  the app's earlier list (an empty list removes it). Each must be a
     *  media intent (INPlayMediaIntent, INAddMediaIntent,
     *  INSearchForMediaIntent, INUpdateMediaAffinityIntent), else the
     *  request is refused (1901) and nothing changes. They are suggested
     *  (`exthost suggest`) and can be given a phrase and run. */
    EXTHOST_DONATION_SET_SUGGESTED_MEDIA_INTENTS = 14,
    /** {"predictionMode": 0 default or 1 onlyPredictSuggestedIntents,
     *  "mediaType": INMediaItemType's number}:
     *  INUpcomingMediaManager.setPredictionMode(_:for:). With
     *  onlyPredictSuggestedIntents, the app's donated media intents of
     *  that type are not suggested; its suggested ones still are. */
    EXTHOST_DONATION_SET_MEDIA_PREDICTION_MODE = 15,
    /** {"request": true or false}: INFocusStatusCenter. Answers with 0 and
     *  writes a JSON object into `message`: {"authorizationStatus": the
     *  app's INFocusStatusAuthorizationStatus as a number (0 not
     *  determined, 1 restricted, 2 denied, 3 authorized)}, with
     *  "isFocused": true or false beside it when the app is authorized and
     *  the system has a Focus status (`exthost focus on|off`); without it
     *  the status is unknown (INFocusStatus's isFocused nil, as iOS gives
     *  an app that may not read it). With "request": true and the status
     *  not determined, it becomes authorized first (requestAuthorization:
     *  Linux has no prompt to show; the person decides with
     *  `exthost focus deny`). Rationale (version 1, from this revision):
     *  the Focus permission is the system's record of the person's
     *  choice, kept per app beside Siri's; one question answers both the
     *  permission and the status, so an app never reads a Focus it may not
     *  read. A host that predates it refuses the operation (1901). */
    EXTHOST_DONATION_FOCUS_STATUS = 16,
};

/** A handler method, as returned by `method`: cast it to the signature that
 *  its selector has (see "Methods" above) before calling it. */
typedef void (*exthost_method)(void);

/** The extension descriptor: what EXTHOST_ENTRY_SYMBOL returns.
 *  Owned by the plugin, static. Fields may be appended in later versions
 *  (the host reads `size` before any field past it). */
typedef struct exthost_extension {
    uint32_t magic;        /**< EXTHOST_MAGIC */
    uint32_t size;         /**< sizeof(exthost_extension) of the plugin */
    uint32_t abi_version;  /**< EXTHOST_ABI_VERSION of the plugin */
    uint32_t reserved;     /**< 0 */
    /** What built the plugin: for a Swift plugin, the exact compiler as
     *  `swiftc --version` names it, e.g. "swift-6.3.1-RELEASE" (Swift has no
     *  stable ABI on Linux: the host refuses any other compiler than its
     *  own); EXTHOST_TOOLCHAIN_C for a C plugin. */
    const char *toolchain;
    const char *identifier;  /**< the extension's bundle identifier */
    const char *app;         /**< the containing app's identifier */
    /** NULL-terminated intent names (as in the definition, e.g. "OrderSoup"). */
    const char *const *intents_supported;
    /** NULL-terminated; each must also be in intents_supported. */
    const char *const *intents_restricted_while_locked;
    /** The intent definition in exthost's JSON form (see `exthost convert`);
     *  for an extension with several definitions (Xcode allows a widget's
     *  beside the extension's own), a JSON array of their forms, which the
     *  host merges: intents, enums and types one after the other, each
     *  language's translations together, the first definition's model
     *  version and class prefix. */
    const char *definition;

    /** Starts the extension. [main-thread], [once], before any other
     *  function below. `host` is owned by the host, static. On success it
     *  stores the extension's context in `*extension` and returns 0; any
     *  other value means it failed to start (error 5001). */
    int32_t (*init)(const exthost_host_api *host, void **extension);
    /** INExtension.handler(for:): the handler object for an intent, or NULL
     *  when the extension has none (error 2003). [any-thread]. The result
     *  is owned by the caller, who gives it back with `release`. */
    void *(*handler_for_intent)(void *extension, const char *intent);
    /** A handler's method by selector, or NULL when it does not implement
     *  it. [any-thread]. The function is owned by the plugin, static. */
    exthost_method (*method)(void *handler, const char *selector);
    /** Gives back an object returned by handler_for_intent. [any-thread]. */
    void (*release)(void *object);

#if EXTHOST_TARGET_ABI >= 2
    /* Version 2 ------------------------------------------------------------ */

    /** The same definition as `definition`, as tables the host reads in
     *  place without parsing text (exthost's `DefinitionTables` form, which
     *  starts with "EXDT" and its own version), or NULL: the host then
     *  parses `definition`. Owned by the plugin, static: code generation
     *  emits them as a literal in read-only data (a `StaticString` in
     *  Swift, `<Prefix><Stem>IntentDefinitionTables` in C, given with
     *  EXTHOST_DEFINITION_TABLES). The host reads the index when it loads
     *  the plugin and one intent's part when a request names the intent;
     *  tables it cannot read (a newer form, damaged) fail the load with
     *  error 5001, as a malformed `definition` does. `definition` stays the
     *  text tools read (`exthost probe`, `exthost list --json`).
     *  Several definitions' tables are joined into one set: "EXDS", the
     *  set's version, the member count and each member's length (numbers
     *  as the tables write them), then each definition's tables as they
     *  are; the SDK builds it once, owned by the plugin, static.
     *  Added in version 2: the host reads it only when `abi_version` is 2
     *  or more. */
    const void *definition_tables;
    /** The tables' length in bytes. */
    size_t definition_tables_size;
#endif

#if EXTHOST_TARGET_ABI >= 3
    /* Version 3 ------------------------------------------------------------ */

    /** INExtension.handler(for:) with the intent's values: `intent` is the
     *  intent's name and `values` its `<Name>Intent` struct (see "Generated
     *  intent structs"), the values the request gives, as the first method
     *  will receive them; borrowed until the call returns. The host keeps
     *  the struct's pointers for the request's methods and never changes a
     *  value in place: a value that changes (a resolution) gets a new
     *  pointer, so a plugin may tell by the pointers alone that a method
     *  receives the values `handler_for_intent_values` did (the Swift SDK
     *  then hands that method the intent it made here). Otherwise as
     *  `handler_for_intent`: the handler object or NULL, owned by the
     *  caller, given back with `release`. [any-thread].
     *  NULL = the plugin has none: the host calls `handler_for_intent`.
     *  Added in version 3: the host reads it only when `abi_version` is 3
     *  or more, and then calls it instead of `handler_for_intent`, which a
     *  plugin still fills for hosts of versions 1 and 2. */
    void *(*handler_for_intent_values)(void *extension, const char *intent, const void *values);
#endif
} exthost_extension;

#if EXTHOST_TARGET_ABI >= 2
/** The descriptor's size in version 1: a version 1 plugin's `size`. */
#define EXTHOST_EXTENSION_SIZE_V1 offsetof(exthost_extension, definition_tables)
#endif
#if EXTHOST_TARGET_ABI >= 3
/** The descriptor's size in version 2: a version 2 plugin's `size`. */
#define EXTHOST_EXTENSION_SIZE_V2 offsetof(exthost_extension, handler_for_intent_values)
#endif
#if EXTHOST_TARGET_ABI >= 2

/** Designated initialisers for a descriptor's tables, from the array code
 *  generation emits: `EXTHOST_DEFINITION_TABLES(LightsIntentDefinitionTables)`
 *  (its length without the literal's closing NUL). */
#define EXTHOST_DEFINITION_TABLES(tables) \
    .definition_tables = (tables), .definition_tables_size = sizeof(tables) - 1
#endif

/** The plugin's one export. [main-thread]. The result is owned by the
 *  plugin, static; calling it must have no other effect. */
typedef const exthost_extension *(*exthost_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* EXTHOST_H */
