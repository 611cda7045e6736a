import IntentSystem
import IntentConversation
import ExtensionLoading
/// Everything `exthost bench` measured in one run: baselines, each plugin's
/// cold load by phase, warm requests, and how load time scales with linked
/// libraries and static initializers. Times are nanoseconds.
public struct StartupBenchmarkReport: Codable, Sendable {
    /// The unit of every time in the report.
    public var unit = "ns"
    /// Fresh processes per measure.
    public var runs: Int
    /// Warm requests timed in each fresh process.
    public var warmRequests: Int
    /// The extension launch budget, seconds.
    public var budgetSeconds: Double
    /// What it ran on.
    public var machine: MachineDescription
    public var baselines: Baselines
    public var plugins: [PluginFigures]
    public var scaling: Scaling?
    /// The design's targets, each with whether this run met it.
    public var targets: [TargetCheck]
    /// The chart written, if any.
    public var chart: String?

    public init(runs: Int, warmRequests: Int, budgetSeconds: Double, machine: MachineDescription, baselines: Baselines,
                plugins: [PluginFigures], scaling: Scaling?, targets: [TargetCheck], chart: String?) {
        self.runs = runs
        self.warmRequests = warmRequests
        self.budgetSeconds = budgetSeconds
        self.machine = machine
        self.baselines = baselines
        self.plugins = plugins
        self.scaling = scaling
        self.targets = targets
        self.chart = chart
    }

    /// Times every plugin is compared with, measured in the same run.
    public struct Baselines: Codable, Sendable {
        /// `dlopen` of an empty C library in a fresh exthost process: the floor.
        public var emptyLibraryDlopen: Figure?
        /// Spawning `/bin/true` and waiting for it: the cost of any process.
        public var execTrue: Figure?
        /// Spawning an exthost process that loads nothing and exits.
        public var exthostProcess: Figure?
        /// Spawning a Swift program that only loads Foundation and prints a
        /// line: the floor of any Swift command (nil when `swiftc` could not
        /// build it).
        public var foundationProcess: Figure?
        /// Failures of the baselines' processes.
        public var errors: [String]

        public init(emptyLibraryDlopen: Figure?, execTrue: Figure?, exthostProcess: Figure?, foundationProcess: Figure? = nil,
                    errors: [String] = []) {
            self.emptyLibraryDlopen = emptyLibraryDlopen
            self.execTrue = execTrue
            self.exthostProcess = exthostProcess
            self.foundationProcess = foundationProcess
            self.errors = errors
        }
    }

    /// One timed measure: the summary over fresh processes and its median's
    /// share of the budget.
    public struct Figure: Codable, Sendable {
        public var summary: SampleSummary
        /// The median as a fraction of the budget (0.001 = 0.1 %).
        public var shareOfBudget: Double
        /// The median divided by the floor's median, where that means something.
        public var timesFloor: Double?

        public init(summary: SampleSummary, budgetNanoseconds: Double, floor: Double? = nil) {
            self.summary = summary
            self.shareOfBudget = summary.median / budgetNanoseconds
            self.timesFloor = floor.map { $0 > 0 ? summary.median / $0 : 0 }
        }
    }

    /// One plugin's figures.
    public struct PluginFigures: Codable, Sendable {
        /// A short name (the file name without `.so`).
        public var name: String
        public var path: String
        /// `example`, `given` or `synthetic`.
        public var origin: String
        public var identifier: String?
        /// For synthetic plugins: extra libraries linked and initializers run.
        public var libraries: Int?
        public var initializers: Int?
        /// `DT_NEEDED` of the plugin.
        public var linkedLibraries: [String]
        /// The load phases of `LoadTimings` in pipeline order (dlopen,
        /// abiCheck, definition, init, firstHandlerFor), then coldLoad (their
        /// sum), coldLoadWithoutDefinition (the sum less the host's reading of
        /// the embedded definition: with tables, their index and the
        /// requested intent's part), firstRequest, coldLoadAndFirstRequest,
        /// definitionReadAgain (the same read a second time in the process:
        /// without first-use costs), and, from other fresh processes of the
        /// same run that parse the JSON text instead of reading tables (the
        /// version 1 read), definitionFromText and coldLoadFromText.
        public var phases: [NamedFigure]
        /// The intent of the request run, its outcome and stage count.
        public var request: RequestDescription?
        /// One warm request in the loaded plugin: per process the median of
        /// the warm requests, summarised over processes.
        public var warmRequest: Figure?
        /// The same warm request stopped before `handle` (the resolves and
        /// confirm), timed in the same processes after the whole ones; nil
        /// when the request does not end in `handle`.
        public var warmRequestWithoutHandle: Figure?
        /// `exthost run` of the request as a whole process (registry cache
        /// warm), spawn to reaped.
        public var runCommand: Figure?
        /// The same processes, spawn to the answer's last byte read from
        /// their standard output (the record of the request is committed
        /// after it).
        public var runCommandAnswer: Figure?
        /// Set when cold load is a notable share of the budget.
        public var hint: String?
        /// Failures seen (first of each kind).
        public var errors: [String]

        /// The figure of a phase by name.
        public func phase(_ name: String) -> Figure? { phases.first { $0.name == name }?.figure }
    }

    /// A figure with its name, so JSON keeps the pipeline's order.
    public struct NamedFigure: Codable, Sendable {
        public var name: String
        public var figure: Figure
    }

    /// The request a plugin was measured with.
    public struct RequestDescription: Codable, Sendable {
        public var intent: String
        public var parameters: Int
        public var outcome: String?
        public var stages: Int?
    }

    /// How cold load grows with what a plugin links and runs at load.
    public struct Scaling: Codable, Sendable {
        /// Cold load (median) against extra libraries, initializers = 0.
        public var libraries: [Point]
        /// Cold load (median) against initializers, libraries = 0.
        public var initializers: [Point]
        /// Fit of median cold load over libraries: slope = ns per library.
        public var perLibrary: LinearFit?
        /// Fit of median cold load over initializers: slope = ns per initializer.
        public var perInitializer: LinearFit?

        public init(libraries: [Point], initializers: [Point], perLibrary: LinearFit?, perInitializer: LinearFit?) {
            self.libraries = libraries
            self.initializers = initializers
            self.perLibrary = perLibrary
            self.perInitializer = perInitializer
        }

        public struct Point: Codable, Sendable {
            public var x: Int
            public var coldLoad: SampleSummary
            public var dlopen: SampleSummary

            public init(x: Int, coldLoad: SampleSummary, dlopen: SampleSummary) {
                self.x = x
                self.coldLoad = coldLoad
                self.dlopen = dlopen
            }
        }
    }

    /// A design target and whether it was met.
    public struct TargetCheck: Codable, Sendable {
        public var name: String
        public var target: String
        public var measured: String
        public var met: Bool

        public init(name: String, target: String, measured: String, met: Bool) {
            self.name = name
            self.target = target
            self.measured = measured
            self.met = met
        }
    }

    /// The machine, for the README.
    public struct MachineDescription: Codable, Sendable {
        public var processor: String
        public var cores: Int
        public var kernel: String

        public init(processor: String, cores: Int, kernel: String) {
            self.processor = processor
            self.cores = cores
            self.kernel = kernel
        }
    }
}
