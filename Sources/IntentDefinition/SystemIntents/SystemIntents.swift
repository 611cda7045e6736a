import Foundation

/// The intents the system defines instead of an app: SiriKit's domains
/// (messaging, …), each described as an intent definition in the JSON form.
///
/// The one description of each system intent. The host merges the ones an
/// extension lists in its supported intents into that extension's
/// definition (``IntentDefinition/addingSystemIntents(_:)``), so they are
/// resolved, confirmed and handled like an app's own; `intentgen
/// --system-intents` renders them as the SDK's classes, under Apple's
/// names (the SDK's build runs it, so the two cannot drift apart).
///
/// A system intent is named by Apple's class name (`INSendMessageIntent`),
/// as an app's `IntentsSupported` and an intent file name it; its `kind` is
/// `"System"`, and generated names drop the trailing `Intent` before adding
/// their own suffix (`INSendMessageIntentHandling`).
public enum SystemIntents {
    /// The `kind` (`INIntentType`) of a system intent.
    public static let kind = "System"

    /// Each domain's name and its definition's JSON form, in the order the
    /// README lists them.
    public static let domains: [(name: String, json: String)] = [
        ("Messaging", messagingJSON),
        ("Calling", callingJSON),
        ("Lists and notes", listsAndNotesJSON),
        ("Workouts", workoutsJSON),
        ("Media", mediaJSON),
        ("Focus status", focusStatusJSON),
    ]

    /// `INDateComponentsRange`, a custom type of several domains (a task's
    /// reminder, a media search's release date): each domain's JSON
    /// declares it with this text, and the merged definition keeps one.
    /// Like Apple's, it is a plain object, and so is its recurrence rule
    /// (`INRecurrenceRule`, iOS 11; its weekly days iOS 14), declared with
    /// it; the rule's enums are ``recurrenceRuleEnums``, in the same domains.
    /// A rule's frequency must be given: a rule without one says nothing.
    static let dateComponentsRangeType = #"""
        {
          "name": "INDateComponentsRange",
          "displayName": "Date Range",
          "plainObject": true,
          "properties": [
            { "name": "startDateComponents", "displayName": "Start", "type": "DateComponents" },
            { "name": "endDateComponents", "displayName": "End", "type": "DateComponents" },
            { "name": "recurrenceRule", "displayName": "Repeats", "type": "type:INRecurrenceRule" }
          ]
        },
        {
          "name": "INRecurrenceRule",
          "displayName": "Recurrence",
          "plainObject": true,
          "properties": [
            { "name": "interval", "displayName": "Every", "type": "Integer", "nonnull": true },
            { "name": "frequency", "displayName": "Frequency", "type": "enum:INRecurrenceFrequency", "nonnull": true },
            { "name": "weeklyRecurrenceDays", "displayName": "Days", "type": "enum:INDayOfWeekOptions" }
          ]
        }
    """#

    /// The enums of ``dateComponentsRangeType``'s recurrence rule, with
    /// Apple's raw values and bits.
    static let recurrenceRuleEnums = #"""
        {
          "name": "INRecurrenceFrequency",
          "displayName": "Frequency",
          "cases": [
            { "name": "minute", "displayName": "Every Minute", "value": 1 },
            { "name": "hourly", "displayName": "Hourly", "value": 2 },
            { "name": "daily", "displayName": "Daily", "value": 3 },
            { "name": "weekly", "displayName": "Weekly", "value": 4 },
            { "name": "monthly", "displayName": "Monthly", "value": 5 },
            { "name": "yearly", "displayName": "Yearly", "value": 6 }
          ]
        },
        {
          "name": "INDayOfWeekOptions",
          "displayName": "Days of the Week",
          "optionSet": true,
          "cases": [
            { "name": "monday", "displayName": "Monday", "value": 1 },
            { "name": "tuesday", "displayName": "Tuesday", "value": 2 },
            { "name": "wednesday", "displayName": "Wednesday", "value": 4 },
            { "name": "thursday", "displayName": "Thursday", "value": 8 },
            { "name": "friday", "displayName": "Friday", "value": 16 },
            { "name": "saturday", "displayName": "Saturday", "value": 32 },
            { "name": "sunday", "displayName": "Sunday", "value": 64 }
          ]
        }
    """#

    /// Each domain's name and its definition, parsed once: for tools (the
    /// SDK's generation, ``definition``) and for the tables' generation.
    /// The host reads ``tables`` instead.
    ///
    /// A domain that does not parse is a bug in exthost itself, caught by
    /// the tests; it stops the process with the reader's message.
    package static let parsedDomains: [(name: String, definition: IntentDefinition)] = domains.map { domain in
        do {
            return (domain.name, try IntentDefinitionFile.parseJSON(Data(domain.json.utf8), file: "system domain \(domain.name)"))
        } catch {
            fatalError("exthost's \(domain.name) domain does not parse: \(error)")
        }
    }

    /// Every system intent, enum and custom type in one definition, parsed
    /// from the domains' JSON: for tools (the SDK's generation, `list`).
    /// What the host needs for a request is read from ``tables``.
    public static let definition: IntentDefinition = {
        var merged = IntentDefinition()
        for (_, part) in parsedDomains {
            merged.intents += part.intents
            merged.enums += part.enums.filter { merged.enumType(named: $0.name) == nil }
            merged.types += part.types.filter { merged.customType(named: $0.name) == nil }
        }
        return merged
    }()

    /// The system intents the system does not run while the device is
    /// locked, whatever the extension lists in `IntentsRestrictedWhileLocked`
    /// (which adds to these). Apple's reference page of each intent gives
    /// "Always requires unlocked device"; the list holds the intents it
    /// answers yes for: searching messages (yes unless the person lets
    /// notifications show previews while locked, which Linux has no setting
    /// for), the call history and notebook items, and the five workout
    /// intents. Marking messages, deleting tasks, sending, calling, notes,
    /// tasks and media are no. Unsending and editing a message have no such
    /// attribute on their pages: they stay refused by exthost's own rule
    /// (changing what the person already sent needs the person), as answering
    /// and hanging up a call and sharing the Focus status stay allowed.
    /// docs/plan-system-domains.md records the attribute and its source for
    /// each of the 29 intents.
    public static let restrictedWhileLocked: Set<String> = [
        "INSearchForMessagesIntent", "INSearchCallHistoryIntent", "INSearchForNotebookItemsIntent",
        "INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent",
        "INUnsendMessagesIntent", "INEditMessageIntent",
    ]

    /// Which of an app's vocabulary (`INVocabularyStringType`, by Apple's
    /// number) the system matches a system intent's parameter against,
    /// before the extension sees the value: intent name, then parameter
    /// name. Names of people are contact names (1), group names contact
    /// group names (2), workout names workout activity names (200), note
    /// titles notebook item titles (500) and note groups notebook item
    /// group names (501).
    public static let vocabularyTypes: [String: [String: Int]] = {
        var types: [String: [String: Int]] = [
            "INSendMessageIntent": ["recipients": 1, "speakableGroupName": 2],
            "INSearchForMessagesIntent": ["recipients": 1, "senders": 1, "speakableGroupNames": 2],
            "INStartCallIntent": ["contacts": 1],
            "INStartAudioCallIntent": ["contacts": 1],
            "INStartVideoCallIntent": ["contacts": 1],
            "INSearchCallHistoryIntent": ["recipient": 1],
            "INCreateNoteIntent": ["title": 500, "groupName": 501],
            "INSearchForNotebookItemsIntent": ["title": 500],
        ]
        for workout in ["INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent"] {
            types[workout] = ["workoutName": 200]
        }
        return types
    }()

    /// The names of `INVocabularyStringType`'s cases, by raw value (what
    /// `exthost siri vocabulary` shows).
    public static let vocabularyTypeNames: [Int: String] = [
        1: "contactName", 2: "contactGroupName", 100: "photoTag", 101: "photoAlbumName", 200: "workoutActivityName",
        300: "carProfileName", 301: "carName", 400: "paymentsOrganizationName", 401: "paymentsAccountNickname",
        500: "notebookItemTitle", 501: "notebookItemGroupName", 700: "mediaPlaylistTitle", 701: "mediaMusicArtistName",
        702: "mediaAudiobookTitle", 703: "mediaAudiobookAuthorName", 704: "mediaShowTitle",
    ]

    /// Which of an app's vocabulary the system matches a system custom
    /// type's text property against, wherever a parameter of that type
    /// appears: type name, then property name, then the vocabulary types
    /// in the order they are tried. A media search's name is a playlist
    /// (700), audiobook (702) or show (704) title, its artist a music
    /// artist (701) or an audiobook's author (703).
    public static let vocabularyProperties: [String: [String: [Int]]] = [
        "INMediaSearch": ["mediaName": [700, 702, 704], "artistName": [701, 703]],
    ]

    /// The name of the domain (as ``domains`` names it: `Messaging`, …)
    /// of the system intent named `intent`; nil for any other intent.
    public static func domain(of intent: String) -> String? {
        domainIntentNames.first { $0.intents.contains(intent) }?.domain
    }

    /// The domain among ``domains`` named `name`, ignoring case.
    public static func domain(named name: String) -> String? {
        domains.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.name
    }

    /// The system intent named `name` (Apple's class name), if any: its
    /// part of ``tables``, read the first time it is asked for and kept.
    public static func intent(named name: String) -> Intent? {
        guard tables.intentNames.contains(name) else { return nil }
        readIntentsLock.lock()
        defer { readIntentsLock.unlock() }
        if let known = readIntents[name] { return known }
        let intent = opened { () throws(DefinitionTablesError) in try tables.intent(named: name) }
        readIntents[name] = intent
        return intent
    }

    /// The system intents compiled into exthost as definition tables
    /// (``tablesLiteral``, generated from the domains' JSON and held to
    /// ``definition`` by the tests), opened once, header and index only:
    /// what the host reads when an extension claims a system intent, one
    /// intent at a time, instead of parsing every domain's JSON (~11 M
    /// instructions, about 1 ms, in each process that needed one).
    package static let tables: DefinitionTables = opened { () throws(DefinitionTablesError) in try DefinitionTables(bytes: tablesBytes) }

    /// ``tables``' bytes, where the literal lies (static, never freed).
    package static var tablesBytes: UnsafeRawBufferPointer {
        let literal = tablesLiteral
        return UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// The system's enums and custom types: ``tables``'s shared part, read once.
    package static let sharedTypes: IntentDefinition = opened { () throws(DefinitionTablesError) in try tables.sharedDefinition() }

    private static let readIntentsLock = NSLock()
    nonisolated(unsafe) private static var readIntents: [String: Intent] = [:]

    /// What `read` gives; tables that do not read are a bug in exthost
    /// itself (the tests read them all), which stops the process.
    private static func opened<T>(_ read: () throws(DefinitionTablesError) -> T) -> T {
        do {
            return try read()
        } catch {
            fatalError("exthost's system intents' tables do not read (\(error)): regenerate them with `swift run intentgen --system-intents-tables -o Sources/IntentDefinition/SystemIntents`")
        }
    }
}

extension SystemIntents {
    /// The system intents' sentences (prompts, unsupported reasons,
    /// response templates) in other languages, by language, then by the
    /// string ID ``withSentenceIDs(_:)`` gives each sentence: what the
    /// system says for its domains, as a definition's `<lang>.lproj`
    /// table says an app's. A sentence a table lacks is said in English.
    public static let localizations: [String: [String: String]] = ["ja": japaneseSentences]

    /// `intent` with a string ID on each sentence that has none, named
    /// after where it is: `INSendMessageIntent.recipients.prompt.Primary`,
    /// `….unsupported.noAccount`, `….confirmation.listShouldBeCreated`,
    /// `INSendMessageIntent.response.success`
    /// (and `.concise`), so ``localizations`` can key them.
    public static func withSentenceIDs(_ intent: Intent) -> Intent {
        var result = intent
        for p in result.parameters.indices {
            let name = "\(intent.name).\(result.parameters[p].name)"
            for k in result.parameters[p].prompts.indices where result.parameters[p].prompts[k].formatStringID == nil {
                result.parameters[p].prompts[k].formatStringID = "\(name).prompt.\(result.parameters[p].prompts[k].kind.rawValue)"
            }
            for k in result.parameters[p].unsupportedReasons.indices where result.parameters[p].unsupportedReasons[k].formatStringID == nil {
                result.parameters[p].unsupportedReasons[k].formatStringID = "\(name).unsupported.\(result.parameters[p].unsupportedReasons[k].code)"
            }
            for k in result.parameters[p].confirmationReasons.indices where result.parameters[p].confirmationReasons[k].formatStringID == nil {
                result.parameters[p].confirmationReasons[k].formatStringID = "\(name).confirmation.\(result.parameters[p].confirmationReasons[k].code)"
            }
        }
        for c in result.response.codes.indices {
            let name = "\(intent.name).response.\(result.response.codes[c].name)"
            if result.response.codes[c].formatStringID == nil { result.response.codes[c].formatStringID = name }
            if result.response.codes[c].conciseFormatStringID == nil { result.response.codes[c].conciseFormatStringID = name + ".concise" }
        }
        return result
    }
}

extension IntentDefinition {
    /// This definition with each system intent's sentences given string
    /// IDs (``SystemIntents/withSentenceIDs(_:)``) and the system's tables
    /// (``SystemIntents/localizations``) added to its own, so a request in
    /// Japanese hears the domains' sentences in Japanese, picked as the
    /// app's own texts are. The definition's own entries win.
    public func withSystemSentences() -> IntentDefinition {
        guard intents.contains(where: { $0.kind == SystemIntents.kind }) else { return self }
        var result = self
        for i in result.intents.indices where result.intents[i].kind == SystemIntents.kind {
            result.intents[i] = SystemIntents.withSentenceIDs(result.intents[i])
        }
        var tables = localizations ?? [:]
        for (language, table) in SystemIntents.localizations {
            tables[language] = (tables[language] ?? [:]).merging(table) { own, _ in own }
        }
        result.localizations = tables
        return result
    }

    /// This definition with the system intents among `names` that it does
    /// not define itself, and the system's enums and custom types: all of
    /// them, since a type's own properties name more (`INTaskList` holds
    /// `INTask`s, which have an `INTaskStatus`), and only the ones this
    /// definition does not define itself.
    ///
    /// - Parameter names: Intent names, e.g. an extension's supported intents.
    /// - Returns: The merged definition; unchanged when no name is a system intent.
    public func addingSystemIntents(_ names: [String]) -> IntentDefinition {
        var merged = self
        for name in names where merged.intent(named: name) == nil {
            guard let intent = SystemIntents.intent(named: name) else { continue }
            merged.intents.append(intent)
        }
        guard merged.intents.count > intents.count else { return self }
        merged.enums += SystemIntents.sharedTypes.enums.filter { enumType(named: $0.name) == nil }
        merged.types += SystemIntents.sharedTypes.types.filter { customType(named: $0.name) == nil }
        return merged
    }
}
