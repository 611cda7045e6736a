extension InteractionPayload {
    /// The interaction of an intent handled in-app: what a system-made
    /// activity carries when `handle` answers `continueInApp` with no activity.
    public init(request: InAppIntentRequest, response: InAppIntentResponse) {
        self.init(
            intentName: request.intentName,
            parameters: request.parameters,
            responseCode: response.code.value,
            responseCodeName: response.code.name,
            responseProperties: response.properties
        )
    }
}
