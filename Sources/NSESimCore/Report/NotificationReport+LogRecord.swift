extension NotificationReport {
    /// One unified-logging entry (`os_log`, `Logger`).
    package struct LogRecord: Codable, Sendable, Equatable {
        /// Milliseconds from `didReceive`, to a tenth.
        package var tMs: Double
        /// `debug`, `info`, `default`, `error` or `fault`.
        @Nullable package var level: String?
        @Nullable package var subsystem: String?
        @Nullable package var category: String?
        /// The message, private values redacted unless `--log-private`.
        @Nullable package var message: String?
    }
}
