import NSESimRuntime

extension NotificationReport {
    /// `extension`: the extension as built or loaded.
    package struct Extension: Codable, Sendable, Equatable {
        /// The shared library loaded.
        package var library: String
        /// Whether the build came from the cache.
        package var cacheHit: Bool
        /// How long the build (or the cache look-up) took.
        package var buildMs: Double
        /// How long the process took to start; `null` when it did not run.
        @Nullable package var startMs: Double?
        /// The compiler's warnings.
        package var buildWarnings: [String]
        /// The Xcode project the extension came from (target, configuration, files, ...),
        /// when it came from one.
        package var project: JSONValue?
    }
}
