import Testing

extension ExampleSystem {
    /// The question `exthost run --json` stops at for an intent file with
    /// this content (exit status 3); a run that ends any other way is
    /// recorded as a failure at the caller.
    ///
    /// - Parameters:
    ///   - intent: The intent file's content.
    ///   - sourceLocation: Where a failure is reported.
    /// - Returns: The `question` object.
    /// - Throws: When the run cannot start, or its output has no question.
    public func question(_ intent: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let open = try run(intent)
        #expect(open.status == 3, "\(open.both)", sourceLocation: sourceLocation)
        return try #require(try open.question(), "\(open.both)", sourceLocation: sourceLocation)
    }
}
