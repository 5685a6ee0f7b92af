import Foundation

/// The store's index: which notification owns which file. Written whole to a temporary
/// file, synced and renamed over the old one, so it is never half-written.
package struct StoreIndex: Codable, Sendable, Equatable {
    /// One delivered notification and its files.
    package struct Notification: Codable, Sendable, Equatable {
        /// The request identifier (collapse id or generated UUID).
        package var identifier: String
        /// When it was delivered, ISO 8601.
        package var deliveredAt: String
        package var attachments: [Entry]
    }

    /// One stored file.
    package struct Entry: Codable, Sendable, Equatable {
        /// The attachment's identifier, as the extension gave it.
        package var identifier: String
        /// The file, relative to the app's store folder.
        package var file: String
        /// The UTI.
        package var type: String
        /// The size in bytes.
        package var size: Int64
    }

    package var version = 1
    package var notifications: [Notification] = []

    /// Bytes used by every stored file.
    package var usedBytes: Int64 { notifications.reduce(0) { $0 + $1.attachments.reduce(0) { $0 + $1.size } } }
}

/// What a store transaction means to do, written before any file is placed, so that
/// recovery after a kill can finish it (a file already placed is kept and indexed) or
/// drop it (a file never placed): nothing moved into the store is lost.
struct StoreJournal: Codable, Equatable {
    var notification: StoreIndex.Notification
    /// Files this transaction replaces (a notification with the same identifier).
    var replacing: [String]
}
