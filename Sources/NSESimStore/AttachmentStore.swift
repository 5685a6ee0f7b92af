import AttachmentValidation
import Crypto
import Foundation
import NSESimRuntime

#if canImport(Glibc)
import Glibc
#endif

/// The attachment store of one app (docs/behaviour.md#the-attachment-store): the folder delivered attachments
/// live in, with an index of which notification owns which file.
///
/// Files from the extension's container are moved in, files from a bundle copied. A move
/// is atomic at any point of a kill: files appear by rename only; a journal written first
/// lets the next user of the store finish or drop an interrupted delivery, so the store
/// holds whole files only and its index agrees with them. Several nsesim processes may use
/// one store at once: every operation holds an exclusive lock on the app's folder.
///
/// Layout: `ROOT/BUNDLE-ID/{index.sqlite, journal.json, .lock, files/NOTIFICATION/UUID.EXT, staging/}`; the index is
/// SQLite (``StoreIndexDatabase``), the journal a file written before any file moves.
package struct AttachmentStore: Sendable {
    /// The default per-app quota: 100 MB.
    package static let defaultQuota: Int64 = 100_000_000

    /// The app's folder.
    package let folder: URL
    /// The most bytes the app's delivered attachments may take together.
    package let quota: Int64

    /// The store of `bundleIdentifier` under `root`.
    package init(root: URL, bundleIdentifier: String, quota: Int64 = AttachmentStore.defaultQuota) {
        folder = root.appendingPathComponent(PathComponent.safe(bundleIdentifier))
        self.quota = quota
    }

    /// The default root: `store` in nsesim's cache folder (`~/.cache/nsesim/store`).
    package static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        CacheFolder.url(environment: environment).appendingPathComponent("store")
    }

    /// A file to put in the store.
    package struct Placement: Sendable {
        package let identifier: String
        package let source: URL
        package let type: String
        package let size: Int64
        /// Move (from the extension's container) or copy (from a bundle).
        package let move: Bool

        package init(identifier: String, source: URL, type: String, size: Int64, move: Bool) {
            self.identifier = identifier
            self.source = source
            self.type = type
            self.size = size
            self.move = move
        }
    }

    /// Where a placed file ended up, or why it could not be stored.
    package enum PlacementResult: Sendable, Equatable {
        case stored(URL)
        /// Over the quota, or the move failed: UNError 104 attachmentMoveIntoDataStoreFailed.
        case failed(String)
    }

    // MARK: - Delivering

    /// Stores the attachments of a delivered notification (replacing one delivered with the
    /// same identifier, as iOS does) and returns, per file, where it is or why not.
    ///
    /// A file that cannot be placed (over the quota, a full disk) fails alone; the others
    /// are stored. When the index itself cannot be written, the delivery is undone (files
    /// moved back or removed) and the error thrown: the store stays as it was.
    package func deliver(notification identifier: String, files: [Placement]) throws(StoreError) -> [PlacementResult] {
        // No files for a store that was never made: nothing to place, nothing to replace. A
        // text-only push costs no folders and no index database (replay makes a store per case).
        if files.isEmpty, access(folder.path, F_OK) != 0 { return [] }
        try prepareFolders()
        return try locked(recovering: .interrupted) { _ throws(StoreError) in try deliverLocked(notification: identifier, files: files) }
    }

    private func deliverLocked(notification identifier: String, files: [Placement]) throws(StoreError) -> [PlacementResult] {
        // Only this notification's rows and the sum of the sizes: the index is not read whole.
        let replaced = try indexDatabase.notification(identifier)
        // The bytes in use only when there is something to place: a push without attachments
        // reads its own notification's rows and nothing else.
        var budget = files.isEmpty ? 0 : quota - (try indexDatabase.usedBytes()) + (replaced?.attachments.reduce(0) { $0 + $1.size } ?? 0)
        let directory = "files/" + PathComponent.safe(identifier)
        var results: [PlacementResult] = []
        var planned: [(Placement, StoreIndex.Entry)] = []
        for file in files {
            guard file.size <= budget else {
                results.append(
                    .failed(
                        "storing \(file.size) bytes would pass the app's \(quota)-byte store quota "
                            + "(\(quota - budget) bytes in use)"))
                continue
            }
            budget -= file.size
            let fileExtension = Self.safeExtension(of: file.source, type: file.type)
            let name = UUID().uuidString + (fileExtension.isEmpty ? "" : ".\(fileExtension)")
            let entry = StoreIndex.Entry(identifier: file.identifier, file: "\(directory)/\(name)", type: file.type, size: file.size)
            planned.append((file, entry))
            results.append(.stored(folder.appendingPathComponent(entry.file)))
        }
        guard !planned.isEmpty || replaced != nil else { return results }  // nothing to change

        var notification = StoreIndex.Notification(
            identifier: identifier,
            deliveredAt: ISO8601DateFormatter().string(from: Date()), attachments: [])
        let journal = StoreJournal(
            notification: StoreIndex.Notification(
                identifier: identifier, deliveredAt: notification.deliveredAt,
                attachments: planned.map(\.1)),
            replacing: replaced?.attachments.map(\.file) ?? [])
        try writeJSON(journal, to: journalURL)
        do {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(directory), withIntermediateDirectories: true)
        } catch {
            unlink(journalURL.path)
            throw .unusable(path: folder.appendingPathComponent(directory).path, reason: error.localizedDescription)
        }
        var placed: [(Placement, StoreIndex.Entry, DurableFile.Placed)] = []
        var position = 0
        for (offset, result) in results.enumerated() {
            guard case .stored = result else { continue }
            let (file, entry) = planned[position]
            position += 1
            do {
                let how = try DurableFile.place(
                    file.source, at: folder.appendingPathComponent(entry.file), move: file.move,
                    staging: folder.appendingPathComponent("staging"))
                notification.attachments.append(entry)
                placed.append((file, entry, how))
            } catch {
                results[offset] = .failed(error.description)
            }
        }
        // The store keeps notifications that have files; one delivered again without any
        // simply replaces the earlier one's files with none.
        if !placed.isEmpty || replaced != nil {
            do throws(StoreError) {
                try indexDatabase.change(removing: [identifier], indexing: notification.attachments.isEmpty ? nil : notification)
            } catch {
                // Undo: the files go back (or away) before the journal, so that a kill in
                // between leaves a journal whose files recovery either finds whole or not at all.
                for (file, entry, how) in placed {
                    let stored = folder.appendingPathComponent(entry.file).path
                    if how == .renamed, rename(stored, file.source.path) == 0 { continue }
                    unlink(stored)
                }
                removeEmptyFolder(of: identifier)
                unlink(journalURL.path)
                throw error
            }
        }
        // A move across file systems leaves its source until the index names the copy.
        for (file, _, how) in placed where how == .copiedSourceToRemove { unlink(file.source.path) }
        for file in replaced?.attachments ?? [] { unlink(folder.appendingPathComponent(file.file).path) }
        removeEmptyFolder(of: identifier)
        unlink(journalURL.path)
        return results
    }

    // MARK: - ls, rm, gc

    /// The index, after finishing any interrupted delivery.
    package func list() throws(StoreError) -> StoreIndex {
        guard FileManager.default.fileExists(atPath: folder.path) else { return StoreIndex() }
        return try locked { _ throws(StoreError) in try indexDatabase.index() }
    }

    /// Removes a delivered notification and its files (the index first, so a kill between
    /// the two leaves only unindexed files, which the next recovery deletes).
    @discardableResult
    package func remove(notification identifier: String) throws(StoreError) -> [String] {
        guard FileManager.default.fileExists(atPath: folder.path) else { throw .unknownNotification(identifier) }
        return try locked(recovering: .interrupted) { _ throws(StoreError) in
            guard let removed = try indexDatabase.notification(identifier) else {
                throw .unknownNotification(identifier)
            }
            try indexDatabase.change(removing: [identifier])
            for file in removed.attachments { unlink(folder.appendingPathComponent(file.file).path) }
            removeEmptyFolder(of: identifier)
            return removed.attachments.map { folder.appendingPathComponent($0.file).path }
        }
    }

    /// What a recovery found and fixed.
    package struct Recovery: Sendable, Equatable {
        /// Files of an interrupted delivery that were already in place, now indexed.
        package var adopted: [String] = []
        /// Files in the store that no index entry names (removed).
        package var orphansRemoved: [String] = []
        /// Partial copies left in staging (removed).
        package var partialsRemoved: [String] = []
        /// Index entries whose file was missing (dropped).
        package var missingDropped: [String] = []

        package var isClean: Bool { adopted.isEmpty && orphansRemoved.isEmpty && partialsRemoved.isEmpty && missingDropped.isEmpty }
    }

    /// Finishes or drops an interrupted delivery, removes partial and unindexed files, and
    /// drops index entries without a file: afterwards the index and the files agree.
    package func collectGarbage() throws(StoreError) -> Recovery {
        guard FileManager.default.fileExists(atPath: folder.path) else { return Recovery() }
        return try locked { recovery throws(StoreError) in
            removeEmptyFolders()
            return recovery
        }
    }

    /// How much of recovery an operation runs before its own work.
    private enum Recovering {
        /// All of it: the whole index against the files, every file against the index, the
        /// staging folder (`ls`, `gc`: what they show or clean is the store made consistent).
        case everything
        /// Only when an earlier process was killed in a delivery (its journal is there, and
        /// with it any partial copy): then all of it. Deliveries and removals (one or more a
        /// push) recover so, and cost the same however many notifications the store holds.
        /// What else an interruption can leave (a removal killed between its index change
        /// and its unlinks leaves files no entry names) takes no quota and no name a delivery
        /// uses; the next `ls` or `gc` removes it.
        case interrupted
    }

    /// Runs `body` under the exclusive lock of the app's folder, after recovering whatever an
    /// earlier process left (``Recovering``); `body` gets what recovery did.
    private func locked<Result>(
        recovering: Recovering = .everything,
        _ body: (Recovery) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let lock = try StoreLock(folder: folder)
        defer { withExtendedLifetime(lock) {} }
        if case .interrupted = recovering, access(journalURL.path, F_OK) != 0 {
            return try body(Recovery())
        }
        return try body(try recoverLocked())
    }

    // MARK: - Recovery (under the lock)

    private func recoverLocked() throws(StoreError) -> Recovery {
        var recovery = Recovery()
        var index = try indexDatabase.index()
        var journaled: StoreIndex.Notification?
        if let data = try? Data(contentsOf: journalURL) {
            if let journal = try? JSONDecoder().decode(StoreJournal.self, from: data) {
                // Roll forward: keep every planned file that is in place and whole.
                var notification = journal.notification
                notification.attachments = journal.notification.attachments.filter { entry in
                    fileSize(entry.file) == entry.size
                }
                // None in place: the delivery never happened (roll back; a notification
                // it was replacing stays). Some in place: it happened (roll forward).
                if !notification.attachments.isEmpty {
                    recovery.adopted = notification.attachments.map(\.file)
                    index.notifications.removeAll { $0.identifier == notification.identifier }
                    index.notifications.append(notification)
                    journaled = notification
                }
            }
        }
        for notification in index.notifications.indices {
            let before = index.notifications[notification].attachments
            index.notifications[notification].attachments = before.filter { fileSize($0.file) == $0.size }
            let dropped = before.filter { !index.notifications[notification].attachments.contains($0) }
            recovery.missingDropped += dropped.map(\.file)
        }
        if journaled != nil || !recovery.missingDropped.isEmpty {
            try indexDatabase.change(
                dropping: recovery.missingDropped.filter { file in !(journaled?.attachments.contains { $0.file == file } ?? false) },
                indexing: journaled)
        }
        unlink(journalURL.path)

        let indexed = Set(index.notifications.flatMap { $0.attachments.map(\.file) })
        let files = folder.appendingPathComponent("files")
        if let walker = FileManager.default.enumerator(at: files, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let relative = "files/" + url.path.dropFirst(files.path.count + 1)
                if !indexed.contains(relative) {
                    unlink(url.path)
                    recovery.orphansRemoved.append(relative)
                }
            }
        }
        let staging = folder.appendingPathComponent("staging")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? [] {
            unlink(staging.appendingPathComponent(name).path)
            recovery.partialsRemoved.append("staging/\(name)")
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".tmp") {
            unlink(folder.appendingPathComponent(name).path)  // an index write cut short before its rename
        }
        return recovery
    }

    // MARK: - Files

    private var indexDatabase: StoreIndexDatabase { StoreIndexDatabase(folder: folder) }
    private var journalURL: URL { folder.appendingPathComponent("journal.json") }

    private func prepareFolders() throws(StoreError) {
        do {
            for name in ["files", "staging"] {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            }
        } catch {
            throw .unusable(path: folder.path, reason: error.localizedDescription)
        }
    }

    private func writeJSON(_ value: some Encodable, to url: URL) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .unusable(path: url.path, reason: "cannot encode: \(error)")
        }
        try DurableFile.write(data, to: url)
    }

    private func fileSize(_ relative: String) -> Int64? {
        var info = stat()
        guard stat(folder.appendingPathComponent(relative).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Removes the folder of `notification`'s files if it is empty (one `rmdir`).
    private func removeEmptyFolder(of notification: String) {
        rmdir(folder.appendingPathComponent("files").appendingPathComponent(PathComponent.safe(notification)).path)
    }

    private func removeEmptyFolders() {
        let files = folder.appendingPathComponent("files")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: files.path)) ?? [] {
            rmdir(files.appendingPathComponent(name).path)  // fails, harmlessly, unless empty
        }
    }

    /// The stored file's extension: the source's, when it is a short plain one (letters and
    /// digits, at most 16), else the type's usual one, so that a file name is always a
    /// UUID, a dot and a few characters, far below the 255 bytes a name may have.
    static func safeExtension(of source: URL, type: String) -> String {
        let given = source.pathExtension.lowercased()
        if !given.isEmpty, given.utf8.count <= 16,
            given.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        {
            return given
        }
        return AttachmentType(identifier: type)?.fileExtensions.first ?? ""
    }
}
