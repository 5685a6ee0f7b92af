import Foundation

/// The store's index: which notification owns which file. Written whole to a temporary
/// file, synced and renamed over the old one, so it is never half-written.
public struct StoreIndex: Codable, Sendable, Equatable {
    /// One delivered notification and its files.
    public struct Notification: Codable, Sendable, Equatable {
        /// The request identifier (collapse id or generated UUID).
        public var identifier: String
        /// When it was delivered, ISO 8601.
        public var deliveredAt: String
        public var attachments: [Entry]
    }

    /// One stored file.
    public struct Entry: Codable, Sendable, Equatable {
        /// The attachment's identifier, as the extension gave it.
        public var identifier: String
        /// The file, relative to the app's store folder.
        public var file: String
        /// The UTI.
        public var type: String
        /// The size in bytes.
        public var size: Int64
    }

    public var version = 1
    public var notifications: [Notification] = []

    /// Bytes used by every stored file.
    public var usedBytes: Int64 { notifications.reduce(0) { $0 + $1.attachments.reduce(0) { $0 + $1.size } } }
}

/// What a store transaction means to do, written before any file is placed, so that
/// recovery after a kill can finish it (a file already placed is kept and indexed) or
/// drop it (a file never placed): nothing moved into the store is lost.
struct StoreJournal: Codable, Equatable {
    var notification: StoreIndex.Notification
    /// Files this transaction replaces (a notification with the same identifier).
    var replacing: [String]
}
