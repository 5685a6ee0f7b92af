import Foundation
import NSESimCenter
import NSESimRuntime

/// Where `UNUserNotificationCenter` keeps the center: the app's store that nsesim names in
/// `NSESIM_CENTER` (shared with nsesim and later runs), or, outside nsesim (a unit test that
/// calls an extension directly), this process's memory. Every change is reported to nsesim.
final class CenterBackend: @unchecked Sendable {
    private let store: CenterStore?
    private let lock = NSLock()
    private var memory = CenterState()

    init(store: CenterStore?) {
        self.store = store
    }

    static func forThisProcess() -> CenterBackend {
        CenterBackend(store: NSESimEnvironment.center.value().map { CenterStore(database: URL(fileURLWithPath: $0)) })
    }

    /// The center now; without `delivered`, its delivered list is left empty (not read).
    func state(delivered: Bool = true) -> CenterState {
        guard let store else { return lock.withLock { memory } }
        do {
            return try delivered ? store.read() : store.readWithoutDelivered()
        } catch {
            FileHandle.standardError.write(Data("UserNotifications: the notification center cannot be read: \(error)\n".utf8))
            return CenterState()
        }
    }

    /// Applies a change, stores it and reports it; it reads only the delivered notifications
    /// `rows` names (see `CenterStore.update(reading:_:)`).
    func change(reading rows: CenterDeliveredRows = .all, _ body: (inout CenterState) -> CenterChange) {
        let change: CenterChange
        if let store {
            do {
                change = try store.update(reading: rows, body)
            } catch {
                FileHandle.standardError.write(Data("UserNotifications: the notification center cannot be changed: \(error)\n".utf8))
                return
            }
        } else {
            change = lock.withLock { body(&memory) }
        }
        NSESimReport.send(source: .center, change.jsonValue)
    }
}
