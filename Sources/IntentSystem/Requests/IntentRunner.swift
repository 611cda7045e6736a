import DonationStore
import ExthostABI
import IntentConversation
import ExtensionLoading
import ExtensionProcesses
import ExthostPosix
import AppHandoff
import AppWire
import Foundation
import IntentDefinition
import RequestWire
import SharedContainer

/// Runs one request the way the system does: find who handles the intent
/// (an app that lists it in-app wins over an extension, as on iOS 14), load
/// the extension (timed, counting against the first stage), hold the
/// conversation, and continue in the app when the response asks for it.
///
/// The extension is loaded into this process, or, with ``isolation``, into
/// an extension process of its own that this process supervises (deadlines,
/// crashes, the memory limit).
public struct IntentRunner {
    /// Which extensions exist: a scan of the plugin folders, or the
    /// registry the service keeps.
    public var extensions: RegistrySource
    public var loader: ExtensionLoader
    /// How apps are reached; nil when the system has no apps.
    public var apps: AppHandoff?
    public var stageDeadline: Double
    public var watchdog: StageWatchdog?
    /// Runs the extension in a process of its own, configured so; nil loads
    /// it into this process.
    public var isolation: ExtensionProcessConfiguration?
    /// Runs the extension in a warm process of this pool (the service's),
    /// given back when the conversation ends; takes precedence over
    /// ``isolation``.
    public var processes: ExtensionProcessPool?
    /// Whether the device is locked (the service's lock state): intents an
    /// extension lists in `IntentsRestrictedWhileLocked` are then refused.
    public var deviceLocked = false

    /// Asked before each stage with its selector; an error ends the
    /// conversation there (``ConversationEngine/Options/stopBeforeStage``).
    public var stopBeforeStage: (@Sendable (_ selector: String) -> IntentsError?)?
    /// Interrupted when ``stopBeforeStage`` starts stopping the
    /// conversation (``ConversationEngine/Options/interruption``).
    public var interruption: RunInterruption?

    public init(extensions: RegistrySource, loader: ExtensionLoader, apps: AppHandoff? = nil, stageDeadline: Double = 10,
                watchdog: StageWatchdog? = nil, isolation: ExtensionProcessConfiguration? = nil) {
        self.extensions = extensions
        self.loader = loader
        self.apps = apps
        self.stageDeadline = stageDeadline
        self.watchdog = watchdog
        self.isolation = isolation
    }

    /// What a run can fail with before the conversation starts.
    public enum Failure: Error, CustomStringConvertible {
        /// The request is wrong (bad values, unknown parameter): fix the input.
        case request(IntentRequestError)
        /// The system could not serve it (no extension, load failed, …).
        case system(IntentsError)
        /// The device is locked and the extension restricts the intent
        /// while locked: unlock it and ask again (as Siri asks).
        case deviceLocked(String)

        public var description: String {
            switch self {
            case .request(let error): error.description
            case .system(let error): error.description
            case .deviceLocked(let message): message
            }
        }
    }

    /// Runs `request`, asking `prompter` whatever the conversation asks.
    ///
    /// - Parameter requestStart: When the request started (monotonic ns);
    ///   defaults to now.
    public func run(_ request: IntentRequest, prompter: ConversationPrompter, requestStart: UInt64? = nil) throws(Failure) -> ConversationResult {
        var start = requestStart ?? Posix.monotonicNanoseconds()
        if let apps { SystemDonations.use(apps: apps.catalog) }
        if deviceLocked, SystemIntents.restrictedWhileLocked.contains(request.intent) {
            throw .deviceLocked(Self.lockedMessage(request.intent, restrictedBy: "the system"))
        }
        if request.extensionIdentifier == nil, let apps, let (app, wireName) = inAppHandler(for: request, in: apps) {
            try checkSiriAuthorization(request.intent, app: app.identifier)
            return try runInApp(request, app: app, wireName: wireName, apps: apps, prompter: prompter, start: start)
        }
        let record: PluginRecord
        let scanTime: UInt64
        do {
            (record, scanTime) = try extensionRecord(for: request)
        } catch {
            guard case .system(let failure) = error, failure.code == .intentSupportedByMultipleExtensions,
                  let choice = try whichApp(for: request, prompter: prompter) else { throw error }
            switch choice {
            case .chosen(let app):
                var narrowed = request
                narrowed.app = app
                return try run(narrowed, prompter: prompter, requestStart: requestStart)
            case .unanswered(let result):
                return result
            }
        }
        if let app = record.manifest?.app { try checkSiriAuthorization(request.intent, app: app) }
        // Probing new plugins (each under its own deadline) is charged to
        // the plugins probed, not to the extension this request loads.
        start += scanTime
        let (started, pooled) = try startExtension(record, intent: request.intent, start: start)
        var endpoint = started
        defer { if let pooled { processes?.checkIn(pooled) } }
        if let apps {
            endpoint.connectToApp = IntentHandlerEndpoint.handOver(to: endpoint.appIdentifier, definition: endpoint.definition, handoff: apps)
        }
        var result = try converse(request, endpoint: endpoint, start: start, prompter: prompter)
        if result.outcome == .continueInApp {
            result.handoff = continueInApp(result, app: endpoint.appIdentifier, definition: endpoint.definition)
        }
        return result
    }

    /// Who would handle `request` — an app's in-app handler, else the
    /// extension, started as ``run(_:prompter:requestStart:)`` starts it (in
    /// this process, in a process of its own, or from the service's pool) —
    /// for `body` to talk to without holding a conversation: setting up a
    /// shortcut reads the definition and asks for a parameter's options.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: ``Failure`` when nothing handles the request (the
    ///   registry's error) or its extension cannot be started.
    public func withHandler<T>(for request: IntentRequest, _ body: (IntentHandlerEndpoint) -> T) throws(Failure) -> T {
        if request.extensionIdentifier == nil, let apps, let (app, wireName) = inAppHandler(for: request, in: apps) {
            return body(try inAppEndpoint(app, wireName: wireName, apps: apps).endpoint)
        }
        let (record, _) = try extensionRecord(for: request)
        let (endpoint, pooled) = try startExtension(record, intent: request.intent, start: Posix.monotonicNanoseconds())
        defer { if let pooled { processes?.checkIn(pooled) } }
        return body(endpoint)
    }

    /// The answer to "which app?".
    private enum AppChoice {
        case chosen(String)
        case unanswered(ConversationResult)
    }

    /// A system intent (`INSendMessageIntent`) that extensions of several
    /// apps handle, in a request that names none: iOS asks which app, as
    /// this does (the question `app`, its choices the apps by name), and
    /// remembers the app picked for the intent's domain (in the store), so
    /// the domain's next request goes to it unasked while it still handles
    /// the intent and Siri may talk to it (`exthost siri forget-app`
    /// forgets it). For media intents the apps are offered in the order of
    /// their `INMediaUserContext`s, as Siri prefers on iOS: subscribed
    /// first, then the larger library. Nil when the conflict is not between apps (two
    /// extensions of one app), or the intent is an app's own, for which it
    /// stays error 2001.
    ///
    /// - Throws: ``Failure/request(_:)`` for an answer that is none of the apps.
    private func whichApp(for request: IntentRequest, prompter: ConversationPrompter) throws(Failure) -> AppChoice? {
        guard request.app == nil, request.extensionIdentifier == nil, let domain = SystemIntents.domain(of: request.intent) else { return nil }
        var identifiers = Set(extensions.current().candidates(for: request.intent).compactMap(\.manifest?.app)).sorted()
        guard identifiers.count > 1 else { return nil }
        if domain == "Media" {
            identifiers = SystemDonations.byMediaUserContext(identifiers)
        }
        if let picked = SystemDonations.pickedApp(domain: domain), identifiers.contains(picked),
           SystemDonations.siriAuthorization(app: picked).allowsSystemIntents {
            return .chosen(picked)
        }
        let choices = identifiers.map { identifier in
            Question.Choice(title: apps?.catalog.app(identifier: identifier)?.name ?? identifier, subtitle: identifier, identifier: identifier)
        }
        let question = Question(kind: .choice, parameter: "app", prompt: HostPhrases.speaking(request.locale).whichApp, choices: choices)
        let unanswered = ConversationResult.unanswered(question, intent: request.intent, budgetSeconds: stageDeadline)
        guard let answer = prompter.answer(question) ?? (prompter as? SuspendingPrompter)?.suspend(question, pending: unanswered) else {
            return .unanswered(unanswered)
        }
        if let index = choices.index(answeredBy: answer) {
            SystemDonations.rememberPickedApp(identifiers[index], domain: domain)
            return .chosen(identifiers[index])
        }
        throw .request(IntentRequestError(
            source: request.source,
            message: "\"\(answer)\" is none of the apps that handle \(request.intent): \(choices.map { "\($0.title) (\($0.identifier ?? ""))" }.joined(separator: ", "))"))
    }

    /// The registry's extension for `request`, refused while the device is
    /// locked when it restricts the intent, and how long finding it took
    /// (probing new plugins).
    private func extensionRecord(for request: IntentRequest) throws(Failure) -> (PluginRecord, UInt64) {
        let record: PluginRecord
        let scanStart = Posix.monotonicNanoseconds()
        do {
            record = try extensions.plugin(for: request.intent, extensionIdentifier: request.extensionIdentifier, app: request.app)
        } catch {
            throw .system(error)
        }
        let scanTime = Posix.monotonicNanoseconds() - scanStart
        // After the registry's checks: an extension that restricts an intent
        // it does not support is error 2002, locked or not.
        if deviceLocked, let manifest = record.manifest, manifest.intentsRestrictedWhileLocked.contains(request.intent) {
            throw .deviceLocked(Self.lockedMessage(request.intent, restrictedBy: "extension \(manifest.identifier) (IntentsRestrictedWhileLocked)"))
        }
        return (record, scanTime)
    }

    /// Refuses a system intent for an app the person denied Siri (or a
    /// policy restricts), before its extension or the app is reached, as
    /// Siri does not talk to such an app. An app's own intents need no
    /// authorization (on iOS, shortcuts of custom intents run without it).
    ///
    /// `INShareFocusStatusIntent` is gated by the Focus permission instead
    /// (INFocusStatusCenter), as iOS sends it to apps the person let read
    /// the Focus, whatever Siri may do for them.
    private func checkSiriAuthorization(_ intent: String, app: String) throws(Failure) {
        guard SystemIntents.intent(named: intent) != nil else { return }
        if intent == Self.focusIntent {
            let status = SystemDonations.focusAuthorization(app: app)
            guard !status.allowsSystemIntents else { return }
            throw .system(IntentsError(
                .focusNotAuthorized,
                "\(app) may not read the Focus (\(status.name)), so the system does not hand it \(intent): allow it with exthost focus authorize \(app) (on iOS, in Settings)"
            ))
        }
        let status = SystemDonations.siriAuthorization(app: app)
        guard !status.allowsSystemIntents else { return }
        throw .system(IntentsError(
            .siriNotAuthorized,
            "Siri is \(status.name) for \(app), so the system does not hand it \(intent): allow it with exthost siri authorize \(app) (on iOS, in Settings)"
        ))
    }

    /// The intent the system sends when the Focus changes.
    package static let focusIntent = "INShareFocusStatusIntent"

    /// Why a request is refused while the device is locked, and what to do.
    static func lockedMessage(_ intent: String, restrictedBy who: String) -> String {
        "the device is locked, and \(who) does not run \(intent) while it is: unlock the device (exthost unlock) and ask again"
    }

    /// Starts the extension of `record`: from the pool (checked out: give
    /// it back), else as ``extensionEndpoint(_:intent:start:)`` does.
    private func startExtension(_ record: PluginRecord, intent: String, start: UInt64) throws(Failure) -> (IntentHandlerEndpoint, IsolatedExtension?) {
        guard let processes else { return (try extensionEndpoint(record, intent: intent, start: start), nil) }
        let isolated: IsolatedExtension
        do {
            isolated = try processes.checkOut(path: record.path, sharedContainer: sharedContainer(ofApp: record.manifest?.app),
                                              deadline: Posix.deadline(after: stageDeadline, from: start))
        } catch {
            throw .system(error)
        }
        do {
            return (try isolated.endpoint(forIntent: intent), isolated)
        } catch {
            processes.checkIn(isolated)
            throw .system(error)
        }
    }

    /// The extension in `record`, loaded into this process or launched in its
    /// own, in time for the first stage's deadline, with the definition
    /// `intent` needs (in this process, its part alone when the plugin
    /// carries definition tables).
    private func extensionEndpoint(_ record: PluginRecord, intent: String, start: UInt64) throws(Failure) -> IntentHandlerEndpoint {
        let container = sharedContainer(ofApp: record.manifest?.app)
        if let isolation {
            do {
                return try IsolatedExtension(path: record.path, sharedContainer: container, configuration: isolation,
                                             deadline: Posix.deadline(after: stageDeadline, from: start)).endpoint(forIntent: intent)
            } catch {
                throw .system(error)
            }
        }
        let loaded: LoadedExtension
        do {
            loaded = try loader.load(path: record.path, sharedContainer: container)
        } catch {
            throw .system(IntentsError(error.code, error.description))
        }
        let loadedAt = Posix.monotonicNanoseconds()
        if Double(loadedAt - start) / 1e9 > stageDeadline {
            throw .system(IntentsError(
                .extensionLaunchingTimeout,
                "extension \(loaded.manifest.identifier) took \(String(format: "%.1f", Double(loadedAt - start) / 1e6)) ms to launch, past the \(String(format: "%g", stageDeadline)) s budget"
            ))
        }
        do {
            return try .plugin(loaded, forIntent: intent)
        } catch {
            throw .system(error)
        }
    }

    // MARK: - Extensions and apps

    private func converse(_ request: IntentRequest, endpoint base: IntentHandlerEndpoint, start: UInt64, prompter: ConversationPrompter) throws(Failure) -> ConversationResult {
        // Prompts and responses in the request's language, else the base texts.
        // Only a language the definition has texts for changes it: setting
        // it drops the handler's kept conversation plans, so a request in a
        // language the base texts serve (LANG=en_US.UTF-8, say) keeps them.
        var endpoint = base
        // The system intents' sentences have IDs and tables of their own,
        // added only for a language some table is in: a request in the base
        // language (the usual LANG=en_US.UTF-8) skips that work; the others
        // do it once per intent and language for an extension (kept).
        if let locale = request.locale { endpoint.speak(locale, forIntent: request.intent) }
        guard let intent = endpoint.definition.intent(named: request.intent) else {
            throw .system(IntentsError(.invalidIntentName, "\(endpoint.label) claims \(request.intent) but its definition does not define it"))
        }
        var values: [String: IntentValue]
        do {
            values = try request.values(for: intent, in: endpoint.definition)
        } catch {
            throw .request(error)
        }
        // What was said, matched against the app's INVocabulary, as Siri does.
        values = SystemVocabulary.match(values, intent: intent, app: endpoint.appIdentifier,
                                        strings: SystemVocabulary.storeStrings(app: endpoint.appIdentifier))
        // What the person did not say, where Apple documents what Siri takes.
        values = SystemDefaults.filling(values, intent: intent, definition: endpoint.definition)
        let engine: ConversationEngine
        var options = ConversationEngine.Options(stageDeadline: stageDeadline, requestStart: start, stopBeforeStage: stopBeforeStage,
                                                 concise: request.concise)
        options.language = request.locale
        options.interruption = interruption
        do {
            engine = try ConversationEngine(
                endpoint: endpoint,
                intent: request.intent,
                values: values,
                prompter: prompter,
                options: options,
                watchdog: watchdog
            )
        } catch {
            throw .system(error)
        }
        let identifier = request.identifier ?? UUID.systemRandom().uuidString
        let runStart = Date()
        SystemDonations.began(RequestInProgress(app: endpoint.appIdentifier, intent: request.intent, identifier: identifier, runStart: runStart,
                                                definition: endpoint.definition, values: { engine.valuesSoFar }))
        var result = engine.run(identifier: identifier)
        SystemDonations.ended()
        // As on iOS, a request handled through the system is donated by the
        // system: one record after the conversation, none during it.
        if let warning = SystemDonations.record(result, app: endpoint.appIdentifier, identifier: identifier, since: runStart,
                                                definition: endpoint.definition) {
            result.warnings.append(warning)
        }
        return result
    }

    /// The app that handles the request's intent in-app, and the intent's
    /// name as the app lists it.
    private func inAppHandler(for request: IntentRequest, in apps: AppHandoff) -> (AppManifest, String)? {
        for app in apps.catalog.apps.values.sorted(by: { $0.identifier < $1.identifier }) where request.app == nil || request.app == app.identifier {
            if let name = app.listedName(ofIntent: request.intent) { return (app, name) }
        }
        return nil
    }

    private func runInApp(_ request: IntentRequest, app: AppManifest, wireName: String, apps: AppHandoff,
                          prompter: ConversationPrompter, start: UInt64) throws(Failure) -> ConversationResult {
        let (endpoint, log) = try inAppEndpoint(app, wireName: wireName, apps: apps)
        var result = try converse(request, endpoint: endpoint, start: start, prompter: prompter)
        if result.outcome == .continueInApp {
            var report = HandoffReport(app: app.identifier)
            if let connection = log.last, let response = connection.lastResponse, let sent = connection.lastRequest {
                do {
                    if let outcome = try apps.continueInApp(after: response, of: sent, appIdentifier: app.identifier,
                                                            deadline: .nanoseconds(Int64(stageDeadline * 1e9))) {
                        report = HandoffReport(app: app.identifier, activityType: outcome.activityType, continued: outcome.continued, shown: outcome.shown)
                    }
                } catch {
                    report.error = IntentsError(error.code ?? .extensionBringUpFailed, error.description)
                }
            }
            result.handoff = report
        }
        return result
    }

    /// The in-app handler of `app` for the intent it lists as `wireName`,
    /// and the log of its connections (for the hand-off after a response).
    private func inAppEndpoint(_ app: AppManifest, wireName: String,
                               apps: AppHandoff) throws(Failure) -> (endpoint: IntentHandlerEndpoint, log: IntentHandlerEndpoint.ConnectionLog) {
        let definition: IntentDefinition
        if app.intentDefinitionPath == nil, SystemIntents.intent(named: wireName) != nil {
            // A system intent the app handles in-app (INPlayMediaIntent) is
            // described by the system, as for an extension that lists it.
            definition = IntentDefinition().addingSystemIntents([wireName])
        } else {
            definition = try appDefinition(app, wireName: wireName)
        }
        let log = IntentHandlerEndpoint.ConnectionLog()
        return (IntentHandlerEndpoint.app(app, definition: definition, wireName: wireName, handoff: apps, connections: log), log)
    }

    /// The intent definition an app's manifest names.
    private func appDefinition(_ app: AppManifest, wireName: String) throws(Failure) -> IntentDefinition {
        guard let path = app.intentDefinitionPath else {
            throw .system(IntentsError(
                .noHandlerProvidedForIntent,
                "app \(app.identifier) lists \(wireName) in INIntentsSupported but its manifest names no \"intentDefinition\" (\(app.manifestPath ?? "manifest")): the system cannot know the intent's parameters"
            ))
        }
        do {
            // With Xcode's `<lang>.lproj/<Name>.strings` beside it, as an extension's travel embedded.
            return try IntentDefinitionFile.loadWithTranslations(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .system(IntentsError(.noHandlerProvidedForIntent, "app \(app.identifier): \(error)"))
        }
    }

    /// Continues an extension's response in its containing app: the
    /// response's activity, or one the system makes from the interaction.
    private func continueInApp(_ result: ConversationResult, app appIdentifier: String, definition: IntentDefinition) -> HandoffReport {
        var report = HandoffReport(app: appIdentifier)
        guard let apps else {
            report.error = IntentsError(.noAppAvailable, "no app is available to continue \(result.intent): the system has no apps (give --apps DIR)")
            return report
        }
        let intent = definition.intent(named: result.intent)
        let interaction = InteractionPayload(
            intentName: intent?.className ?? result.intent + "Intent",
            parameters: intent.map { WireValues.parameters(result.values, of: $0, in: definition) } ?? [:],
            responseCode: Int(result.codeValue ?? 0),
            responseCodeName: result.code ?? "unspecified",
            responseProperties: intent.map { WireValues.properties(result.responseProperties, of: $0, in: definition) } ?? [:]
        )
        do {
            let outcome = try apps.continueInApp(
                activity: result.userActivity.map(WireValues.payload),
                interaction: interaction,
                appIdentifier: appIdentifier,
                deadline: .nanoseconds(Int64(stageDeadline * 1e9))
            )
            report.activityType = outcome.activityType
            report.continued = outcome.continued
            report.shown = outcome.shown
        } catch {
            report.error = IntentsError(error.code ?? .extensionBringUpFailed, error.description)
        }
        return report
    }

    /// The shared container of an app's group, when the app declares one.
    private func sharedContainer(ofApp identifier: String?) -> String? {
        guard let identifier, let apps else { return nil }
        return SharedContainer.path(appGroup: apps.catalog.app(identifier: identifier)?.appGroup, baseDirectory: apps.configuration.sharedContainersPath)
    }
}

extension UUID {
    /// A random (version 4) UUID from the system's generator (`getrandom`):
    /// `UUID()` opens, reads and closes `/dev/urandom` each time, three
    /// system calls for every request the service answers.
    package static func systemRandom() -> UUID {
        var generator = SystemRandomNumberGenerator()
        let (high, low): (UInt64, UInt64) = (generator.next(), generator.next())
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
        }
        uuid.6 = uuid.6 & 0x0F | 0x40 // version 4
        uuid.8 = uuid.8 & 0x3F | 0x80 // the RFC 4122 variant
        return UUID(uuid: uuid)
    }
}
