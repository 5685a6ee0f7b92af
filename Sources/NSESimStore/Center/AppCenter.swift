import Foundation
import NSESimCenter
import NSESimRuntime
import NSESimSQLite

/// The thin I/O layer over an app's notification center: the state (``CenterStore``, a
/// pure ``CenterState`` underneath) and the attachment store kept in step with it. A
/// notification that leaves the center (replaced, removed, reset) takes its files out of
/// the store; a local notification that fires puts its attachments in (copied).
package struct AppCenter: Sendable {
    package let center: CenterStore
    package let store: AttachmentStore

    package init(center: CenterStore, store: AttachmentStore) {
        self.center = center
        self.store = store
    }

    /// The state now.
    package func read() throws(AppCenterError) -> CenterState {
        do { return try center.read() } catch { throw .storage(error.description) }
    }

    /// The state without its delivered notifications (pending requests, categories, badge,
    /// clock): what a push's step needs, at the same cost however many notifications the center holds.
    package func readWithoutDelivered() throws(AppCenterError) -> CenterState {
        do { return try center.readWithoutDelivered() } catch { throw .storage(error.description) }
    }

    /// The virtual clock (nil until first set), without reading the rest.
    package func clock() throws(AppCenterError) -> Double? {
        do { return try center.clock() } catch { throw .storage(error.description) }
    }

    /// Applies a change to the state, then makes the store follow its changes.
    /// `rows`: the delivered notifications the change reads (see `CenterStore.update(reading:_:)`).
    @discardableResult
    package func update(
        reading rows: CenterDeliveredRows = .all,
        _ change: (inout CenterState) -> [CenterChange]
    ) throws(AppCenterError) -> [CenterChange] {
        let changes: [CenterChange]
        do { changes = try center.update(reading: rows, change) } catch { throw .storage(error.description) }
        follow(changes)
        return changes
    }

    /// Makes the store follow changes made elsewhere (the extension's `removeDelivered…`):
    /// removed notifications' files leave it; fired local notifications' attachments enter it.
    package func follow(_ changes: [CenterChange]) {
        for change in changes {
            switch change.kind {
            case .deliveredRemoved:
                for identifier in (change.details["identifiers"]?.arrayValue ?? []).compactMap(\.stringValue) {
                    _ = try? store.remove(notification: identifier)
                }
            case .fired:
                guard let identifier = change.details["identifier"]?.stringValue,
                    let delivered = try? center.delivered(identifier)
                else { continue }
                storeAttachments(of: delivered)
            default:
                continue
            }
        }
    }

    /// Copies a local notification's attachments into the store (replacing the files of the
    /// one it replaces), as iOS does when it delivers it.
    private func storeAttachments(of delivered: CenterState.Delivered) {
        let placements = (delivered.content["attachments"]?.arrayValue ?? []).enumerated().compactMap {
            index, item -> AttachmentStore.Placement? in
            guard let text = item["url"]?.stringValue, let url = URL(string: text), url.isFileURL else { return nil }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
            return AttachmentStore.Placement(
                identifier: item["identifier"]?.stringValue ?? "attachment-\(index)", source: url,
                type: item["type"]?.stringValue ?? "public.data", size: size, move: false)
        }
        if placements.isEmpty {
            _ = try? store.remove(notification: delivered.identifier)
        } else {
            _ = try? store.deliver(notification: delivered.identifier, files: placements)
        }
    }

    /// Removes a delivered notification (and its files) or a pending request.
    package func remove(_ identifier: String) throws(AppCenterError) -> [CenterChange] {
        let changes = try update(reading: .identified([identifier])) { state in
            [state.removeDelivered([identifier]), state.removePending([identifier])]
        }
        guard changes.contains(where: { !($0.details["identifiers"]?.arrayValue ?? []).isEmpty }) else {
            throw .unknownIdentifier(
                "no delivered notification or pending request \"\(identifier)\" in \(center.file.path); "
                    + "`nsesim center ls` lists them")
        }
        return changes
    }

    /// Empties the center; the delivered notifications' files leave the store.
    package func reset() throws(AppCenterError) {
        do throws(CenterStoreError) {
            let changes = try center.update { state in [state.removeAllDelivered()] }
            follow(changes)
        } catch  where !error.isDamaged {
            throw .storage(error.description)
        } catch {
            // A damaged database: reset moves it aside; the store's files stay until `nsesim store gc`.
        }
        do { try center.reset() } catch { throw .storage(error.description) }
    }

    /// The virtual clock now: the stored one, or the real time on first use.
    package static func now(_ state: CenterState) -> Double {
        state.clock ?? Date().timeIntervalSince1970
    }
}
