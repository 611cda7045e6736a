extension Duration {
    /// The duration in seconds, for comparing with measured times.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
