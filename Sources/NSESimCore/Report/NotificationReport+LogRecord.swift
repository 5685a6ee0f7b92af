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
        /// The file that logged it, when the logger says (CocoaLumberjack's `DDOSLogger`).
        package var file: String?
        /// The line that logged it, with `file`.
        package var line: Int?
        /// The logger that wrote it, when not unified logging itself (`DDOSLogger`).
        package var logger: String?
    }
}
