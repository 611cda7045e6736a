import ArgumentParser

/// `exthost run`'s usual command lines read into the ``RunCommand`` the
/// argument parser gives for them, without the parser.
///
/// The parser knows a command's arguments by reflection: a `Mirror` over
/// the command and each of its option groups, rebuilt for each question it
/// asks while parsing. For `exthost run FILE --json` that was most of the
/// parse, on every one-shot `run` and on every front `run` the service
/// takes (`docs/plan-fast-path.md`, "`run`'s command line read without
/// the parser"). This reader takes a command line only when it can read
/// all of it:
/// - each element is the intent file, `--`, or one of ``Name``'s options,
///   a value given as `--name VALUE` or `--name=VALUE` (a value that starts
///   with `-` is the parser's to judge);
/// - values are converted by `ExpressibleByArgument`, as the parser does;
/// - the value passes the checks the parser makes: each option group's
///   `validate()`, then the command's.
///
/// Anything else — `--help`, an option it does not know, a second file, a
/// value it cannot convert, a check that fails — is declined whole (nil)
/// and left to the parser, which gives its own message, default and exit
/// status.
///
/// `RunCommandReaderTests` keeps it in step with `RunCommand`'s
/// declarations: its options are the parser's own list of `run`'s (names,
/// flags, repeatable options), and for a generated set of command lines
/// it gives the value `RunCommand.parse` gives, field by field, or
/// declines what the parser refuses.
enum RunCommandReader {
    /// The options read, as typed: all of `run`'s but `--help`.
    enum Name: String, CaseIterable {
        case json = "--json"
        case concise = "--concise"
        case answer = "--answer"
        case locale = "--locale"
        case deadline = "--deadline"
        case saveActivity = "--save-activity"
        case plugins = "--plugins"
        case apps = "--apps"
        case isolated = "--isolated"
        case memoryLimit = "--memory-limit"
        case service = "--service"
        case inProcess = "--in-process"
        case socket = "--socket"
        case noStart = "--no-start"

        /// Whether the option takes a value; the others are flags.
        var takesValue: Bool {
            switch self {
            case .json, .concise, .isolated, .service, .inProcess, .noStart: false
            case .answer, .locale, .deadline, .saveActivity, .plugins, .apps, .memoryLimit, .socket: true
            }
        }

        /// Whether each use adds a value; a single-valued option given
        /// twice keeps the last, as the parser does.
        var repeats: Bool {
            switch self {
            case .answer, .plugins, .apps: true
            default: false
            }
        }
    }

    /// The command `arguments` (those after `run`) give, or nil to leave
    /// them to the parser.
    ///
    /// - Parameter arguments: The command line after the command's name.
    /// - Returns: The command as `RunCommand.parse(arguments)` gives it,
    ///   checked; nil when the reader does not take the whole line.
    static func read(_ arguments: some Sequence<String>) -> RunCommand? {
        var values = Values()
        var elements = arguments.makeIterator()
        var afterTerminator = false
        while let element = elements.next() {
            if afterTerminator || element == "-" || !element.hasPrefix("-") {
                // The one positional argument: a second is a usage error.
                guard values.intentFile == nil else { return nil }
                values.intentFile = element
                continue
            }
            if element == "--" {
                afterTerminator = true
                continue
            }
            let equals = element.firstIndex(of: "=")
            guard let name = Name(rawValue: String(element[..<(equals ?? element.endIndex)])) else { return nil }
            guard name.takesValue else {
                // A flag takes no `=VALUE`.
                guard equals == nil else { return nil }
                values.set(flag: name)
                continue
            }
            let value: String
            if let equals {
                value = String(element[element.index(after: equals)...])
            } else {
                guard let next = elements.next(), !next.hasPrefix("-") else { return nil }
                value = next
            }
            guard values.set(name, to: value) else { return nil }
        }
        return values.command()
    }

    /// The values read so far, named as `RunCommand`'s properties; the
    /// defaults are the declarations'.
    private struct Values {
        var intentFile: String?
        var answers: [String] = []
        var locale: String?
        var concise = false
        var pluginDirectories: [String] = []
        var appDirectories: [String] = []
        var isolated = false
        var memoryLimit: UInt64?
        var service = false
        var inProcess = false
        var socket: String?
        var noStart = false
        var saveActivity: String?
        var deadline: Double?
        var json = false

        /// Takes a flag (an option that takes no value).
        mutating func set(flag name: Name) {
            switch name {
            case .json: json = true
            case .concise: concise = true
            case .isolated: isolated = true
            case .service: service = true
            case .inProcess: inProcess = true
            case .noStart: noStart = true
            case .answer, .plugins, .apps, .locale, .saveActivity, .socket, .deadline, .memoryLimit:
                preconditionFailure("\(name.rawValue) takes a value")
            }
        }

        /// Takes an option with its value, converted as the parser converts it.
        ///
        /// - Returns: false for a value that does not convert.
        mutating func set(_ name: Name, to value: String) -> Bool {
            switch name {
            case .answer: answers.append(value)
            case .plugins: pluginDirectories.append(value)
            case .apps: appDirectories.append(value)
            case .locale: locale = value
            case .saveActivity: saveActivity = value
            case .socket: socket = value
            case .deadline:
                guard let seconds = Double(argument: value) else { return false }
                deadline = seconds
            case .memoryLimit:
                guard let mebibytes = UInt64(argument: value) else { return false }
                memoryLimit = mebibytes
            case .json, .concise, .isolated, .service, .inProcess, .noStart:
                preconditionFailure("\(name.rawValue) is a flag")
            }
            return true
        }

        /// The command, built from the innermost option group out (a
        /// group's fields can be set, not read, before it holds a value)
        /// and checked as the parser checks it; nil without a file or when
        /// a check fails (the parser then says why).
        func command() -> RunCommand? {
            guard let intentFile else { return nil }
            var isolation = IsolationOptions()
            isolation.isolated = isolated
            isolation.memoryLimit = memoryLimit
            var serviceClient = ServiceClientOptions()
            serviceClient.socket = socket
            serviceClient.noStart = noStart
            var path = CommandPathOptions()
            path.service = service
            path.inProcess = inProcess
            path.serviceClient = serviceClient
            var options = RequestOptions()
            options.answers = answers
            options.locale = locale
            options.concise = concise
            options.pluginDirectories = pluginDirectories
            options.appDirectories = appDirectories
            options.isolation = isolation
            options.path = path
            var command = RunCommand()
            command.intentFile = intentFile
            command.options = options
            command.saveActivity = saveActivity
            command.deadline = deadline
            command.json = json
            do {
                try isolation.validate()
                try serviceClient.validate()
                try path.validate()
                try options.validate()
                try command.validate()
            } catch {
                return nil
            }
            return command
        }
    }
}
