extension NotificationReport {
    /// One error: the extension's (domain `nsesim.extension`, code 1), or a dropped
    /// attachment's (domain `UNErrorDomain`, Apple's code, with `name` and `identifier`).
    package struct ReportedError: Codable, Sendable, Equatable {
        package var domain: String
        package var code: Int64
        /// The `UNError.Code` case name (dropped attachments only).
        package var name: String?
        /// The dropped attachment's identifier (dropped attachments only).
        package var identifier: String?
        package var message: String
    }
}
