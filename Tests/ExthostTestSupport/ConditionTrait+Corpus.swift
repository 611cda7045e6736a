import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the shared corpus folder exists; elsewhere it
    /// is skipped, and the skip says why.
    public static var needsCorpus: Self {
        .enabled(if: CorpusFolder.isPresent, Comment(rawValue: CorpusFolder.absence))
    }

    /// Runs the test only where the shared corpus holds every file named;
    /// elsewhere it is skipped, and the skip names what is missing.
    ///
    /// - Parameter names: The files the test reads, e.g. `soupchef.intentdefinition`.
    /// - Returns: The condition.
    public static func needsCorpusFiles(_ names: String...) -> Self {
        .enabled(if: names.allSatisfy(CorpusFolder.files.contains), Comment(rawValue: CorpusFolder.absence(of: names)))
    }
}
