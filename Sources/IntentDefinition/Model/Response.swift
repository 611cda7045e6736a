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

    /// The number a code crosses the plugin ABI as (`exthost_response_code`),
    /// whatever an SDK's enum numbers it: a system code's own number
    /// (`success` is 4), else 100 plus its place among ``customCodes``; nil
    /// for a name this response lacks.
    public func abiCode(named name: String) -> Int32? {
        if let system = SystemResponseCode.allCases.first(where: { $0.name == name }) { return system.rawValue }
        return customCodes.firstIndex { $0.name == name }.map(SystemResponseCode.custom(at:))
    }

    /// A system intent's codes with the raw values Apple's enum gives them:
    /// its definition lists the full set in Apple's order, each code at its
    /// position unless it names its ``ResponseCode/value``.
    public var appleNumberedCodes: [(code: ResponseCode, rawValue: Int)] {
        codes.enumerated().map { ($0.element, $0.element.value ?? $0.offset) }
    }
}
