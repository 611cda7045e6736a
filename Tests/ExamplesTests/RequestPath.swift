import ExthostTestSupport
import Testing

/// How a request reaches an example's extension or app: `exthost run` in
/// its own process, with `--isolated`, or through the service.
enum RequestPath: String, CaseIterable, CustomTestStringConvertible {
    case inProcess = "in process", isolated = "--isolated", service = "through the service"
    var testDescription: String { rawValue }

    /// The environment of the example system: the service's default path for `.service`.
    var environment: [String: String] { self == .service ? CommandRunner.defaultPath : [:] }

    /// The options of `exthost run`.
    var options: [String] { self == .isolated ? ["--isolated"] : [] }
}
