import ExthostABI
import ExthostLogging
import ExthostPosix
import ExtensionLoading
import IntentConversation
import IntentDefinition

/// An extension run in processes of its own: the supervisor's side of one
/// plugin. Requests go to its current extension process; a process that
/// crashed, exited, ran out of memory or was killed at a deadline is
/// replaced by a new one at the next request.
///
/// One request at a time: a conversation holds the process from `connect`
/// until its connection is released.
public final class IsolatedExtension {
    /// The plugin's `.so` file.
    public let pluginPath: String
    /// What the plugin's descriptor says.
    public let manifest: ExtensionManifest
    /// Its whole embedded definition, for tools; a request reads only its
    /// intent's part (``endpoint(forIntent:)``).
    public var definition: IntentDefinition { embedded.whole }
    /// The definition the process sent in `ready`: the plugin's tables,
    /// opened in place (read one intent at a time), or its text, parsed.
    private let embedded: EmbeddedDefinition
    let configuration: ExtensionProcessConfiguration
    /// The definition in the languages requests were spoken in, kept for
    /// the life of the supervisor (its processes come and go).
    private let spokenDefinitions = SpokenDefinitions()
    /// The conversation plans of its intents, made by the first request of
    /// each and kept, as an extension loaded in process keeps them: a
    /// request no longer works its intent's plan out again.
    private let plans: ConversationPlans
    private let sharedContainer: String?
    private var process: ExtensionProcess?
    private var timings: LoadTimings
    /// The version of the `.so` the current process was started from (nil
    /// when it could not be read): a pool keeps a process warm only while
    /// the file is still that version.
    package private(set) var startedFrom: Posix.FileIdentity.Version?

    /// Starts the extension's first process and waits until the plugin is
    /// loaded.
    ///
    /// - Parameters:
    ///   - path: The plugin.
    ///   - sharedContainer: The app group's container its `init` receives.
    ///   - configuration: The executable, memory limit and logger.
    ///   - deadline: Monotonic nanoseconds by which it must be loaded (the
    ///     request's first stage deadline: launching counts against it);
    ///     nil for the configuration's launch budget from now.
    /// - Throws: `IntentsError`: 5000 when the launch passes the deadline,
    ///   5001 when the plugin does not load or the process dies launching.
    public convenience init(path: String, sharedContainer: String? = nil, configuration: ExtensionProcessConfiguration, deadline: UInt64? = nil) throws(IntentsError) {
        let file = (try? Posix.fileIdentity(path))?.version
        let process = try ExtensionProcess(
            pluginPath: path, sharedContainer: sharedContainer, configuration: configuration,
            deadline: deadline ?? Posix.deadline(after: configuration.launchBudget))
        try self.init(process: process, path: path, sharedContainer: sharedContainer, configuration: configuration, startedFrom: file)
    }

    /// Loads the plugin into a spare (``ExtensionProcess/spare(configuration:deadline:)``)
    /// instead of starting a process for it: the same extension, without
    /// the process start.
    ///
    /// - Throws: As ``init(path:sharedContainer:configuration:deadline:)``;
    ///   the spare is used up either way.
    convenience init(path: String, sharedContainer: String?, configuration: ExtensionProcessConfiguration, spare: ExtensionProcess, deadline: UInt64) throws(IntentsError) {
        let file = (try? Posix.fileIdentity(path))?.version
        try spare.load(pluginPath: path, sharedContainer: sharedContainer, deadline: deadline)
        try self.init(process: spare, path: path, sharedContainer: sharedContainer, configuration: configuration, startedFrom: file)
    }

    private init(process: ExtensionProcess, path: String, sharedContainer: String?, configuration: ExtensionProcessConfiguration,
                 startedFrom file: Posix.FileIdentity.Version?) throws(IntentsError) {
        guard let manifest = process.manifest else {
            throw IntentsError(.extensionBringUpFailed, "the extension process for \(path) sent no manifest")
        }
        do {
            embedded = switch process.definition {
            case .tables(let bytes): try EmbeddedDefinition(receivedTables: bytes, manifest: manifest, path: path)
            case .text(let text): try EmbeddedDefinition(text: text, manifest: manifest, path: path)
            }
        } catch {
            throw IntentsError(error.code, error.description)
        }
        plans = ConversationPlans { [embedded] name in try? embedded.definition(forIntent: name).0 }
        self.pluginPath = path
        self.manifest = manifest
        self.sharedContainer = sharedContainer
        self.configuration = configuration
        self.process = process
        self.timings = process.timings
        self.startedFrom = file
    }

    deinit {
        process?.shutDown()
    }

    /// The current process's id, nil when none runs (it ended; the next
    /// request starts one).
    public var processID: Int32? {
        guard let process, process.isRunning else { return nil }
        return process.processID
    }

    /// How many round trips the supervisor has made to the current (or
    /// last) process: a frame sent that has a reply is one, however many
    /// replies it has.
    package var roundTrips: Int {
        process?.roundTrips ?? 0
    }

    /// Why the last process ended before it was done with, when it did: a
    /// crash, an exit, the memory limit, a stage past its deadline or a
    /// broken protocol. Nil while it runs or after an ordinary shut-down.
    public var failureOfLastProcess: IntentsError? {
        process?.failure
    }

    /// How the last process ended, when it ended before it was done with.
    public var endingOfLastProcess: ExtensionProcessEvent? {
        process?.ending
    }

    /// Ends the current process, if any (an idle extension); the next
    /// request starts a new one.
    public func shutDown() {
        process?.shutDown()
    }

    /// The endpoint the conversation engine talks to, with the whole
    /// definition.
    public var endpoint: IntentHandlerEndpoint {
        endpoint(definition: definition)
    }

    /// The endpoint for a request for `intent`: with that intent's part of
    /// the definition alone when the plugin carries tables, read the first
    /// time and kept, as an extension loaded in process is.
    ///
    /// - Throws: `IntentsError` 5001 when the intent's part cannot be read.
    public func endpoint(forIntent intent: String) throws(IntentsError) -> IntentHandlerEndpoint {
        do {
            return endpoint(definition: try embedded.definition(forIntent: intent).0)
        } catch {
            throw IntentsError(error.code, error.description)
        }
    }

    private func endpoint(definition: IntentDefinition) -> IntentHandlerEndpoint {
        var endpoint = IntentHandlerEndpoint(
            definition: definition,
            label: "extension \(manifest.identifier)",
            identifier: manifest.identifier,
            appIdentifier: manifest.app,
            loadTimings: { [self] in timings },
            plans: plans,
            connect: { [self] (intent, identifier, values) throws(IntentsError) in try connect(intent, identifier: identifier, values: values) }
        )
        endpoint.spokenDefinitions = spokenDefinitions
        return endpoint
    }

    /// Opens a request on the current process, starting a new one when the
    /// last has ended; `values` (definition order) reach `handler(for:)`.
    ///
    /// The `open` goes out with the request's first stage, in one write,
    /// and its answer is read with that stage's (version 8): the
    /// connection reports a refused or failed `handler(for:)`
    /// (``ExtensionProcessConnection/openFailure()``). With
    /// `EXTHOST_OPEN_WITH_FIRST_STAGE=0` it is a round trip of its own
    /// here, as in version 7, and a failure is thrown.
    func connect(_ intent: Intent, identifier: String, values: [IntentValue?]) throws(IntentsError) -> ExtensionProcessConnection {
        let deadline = Posix.deadline(after: configuration.launchBudget)
        let running: ExtensionProcess
        if let process, process.isRunning {
            running = process
        } else {
            let file = (try? Posix.fileIdentity(pluginPath))?.version
            running = try ExtensionProcess(pluginPath: pluginPath, sharedContainer: sharedContainer, configuration: configuration, deadline: deadline)
            process = running
            timings = running.timings
            startedFrom = file
        }
        // The lines it prints until `close` carry what is bound here (the conversation).
        running.output.opening(identifier, metadata: LogContext.metadata)
        var message = FrameWriter(.open)
        message.append(identifier)
        message.append(intent.name)
        // Version 6: the values handler(for:) sees.
        message.append(UInt32(values.count))
        for value in values { message.append(value) }
        let connection = ExtensionProcessConnection(
            process: running, intent: intent, open: message, until: deadline, launchBudget: configuration.launchBudget
        ) { [weak self] firstHandlerFor in
            if let self, self.timings.firstHandlerFor == 0 { self.timings.firstHandlerFor = firstHandlerFor }
        }
        if !ExtensionProcessConnection.opensWithFirstStage, let failure = connection.openFailure() { throw failure }
        return connection
    }
}
