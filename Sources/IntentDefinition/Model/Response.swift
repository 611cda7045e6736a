import ExthostABI

/// `INIntentResponse`.
public struct Response: Codable, Equatable, Sendable {
    /// `INIntentResponseParameters`, in display order.
    public var parameters: [ResponseParameter]
    /// `INIntentResponseCodes`, in file order.
    public var codes: [ResponseCode]
    /// `INIntentResponseOutput`: the response parameter Shortcuts receives as output.
    public var outputParameter: String?

    /// Creates a response.
    public init(parameters: [ResponseParameter] = [], codes: [ResponseCode] = [], outputParameter: String? = nil) {
        self.parameters = parameters
        self.codes = codes
        self.outputParameter = outputParameter
    }

    /// The codes Xcode generates beyond the system ones, in file order: their
    /// raw values are 100, 101, …
    public var customCodes: [ResponseCode] {
        codes.filter { !ResponseCode.systemNames.contains($0.name) }
    }

    /// The handling status (`INIntentHandlingStatus`, by name) of an
    /// interaction whose response has `code`: a system code's own, a custom
    /// code's by its `success` flag; nil for a code the definition lacks.
    public func handlingStatus(ofCode code: Int32) -> String? {
        switch SystemResponseCode(rawValue: code) {
        case .unspecified: return "unspecified"
        case .ready: return "ready"
        case .inProgress: return "inProgress"
        case .success: return "success"
        case .failure: return "failure"
        case .continueInApp, .failureRequiringAppLaunch: return "deferredToApplication"
        case nil:
            guard let index = SystemResponseCode.customIndex(of: code), index < customCodes.count else { return nil }
            return customCodes[index].success ? "success" : "failure"
        }
    }
}
