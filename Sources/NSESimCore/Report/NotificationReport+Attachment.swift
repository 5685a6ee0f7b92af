extension NotificationReport {
    /// One delivered attachment. Each field is `null` when the extension handed something
    /// nsesim could not read back. (Replay compares an expected attachment's keys in this
    /// order.)
    package struct Attachment: Codable, Sendable, Equatable {
        /// The type iOS recognized (`public.jpeg`).
        @Nullable package var type: String?
        /// The file's size in bytes.
        @Nullable package var size: Int64?
        /// `UNNotificationAttachment.identifier`.
        @Nullable package var identifier: String?
        /// Where the file is (in the store when one was used), as a URL.
        @Nullable package var url: String?
    }
}
