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
}
