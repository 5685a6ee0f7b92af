extension Duration {
    /// The duration in milliseconds, unrounded.
    public var exactMilliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }

    /// The duration in seconds, unrounded.
    public var exactSeconds: Double { exactMilliseconds / 1000 }

    /// The duration in milliseconds, to a tenth, as reports show it.
    public var milliseconds: Double { (exactMilliseconds * 10).rounded() / 10 }
}
