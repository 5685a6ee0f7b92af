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
        /// `true` when the process was started before the push came (a warm process):
        /// spawned and loaded while an earlier notification ran, so `startMs` happened
        /// before the push and is no part of this notification's time (its timeline still
        /// starts at the push). Absent for a process started by its push.
        package var warm: Bool?
        /// How the process was started: `forked` (from the extension's zygote: a fresh process
        /// forked from one that had only the host's libraries loaded, nsesim's child) or
        /// `spawned` (an exec of the host). Absent when no process ran.
        package var start: String?
    }
}
