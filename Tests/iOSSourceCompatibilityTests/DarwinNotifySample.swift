import Foundation
import notify

/// Tells the running app that new data arrived, and listens for the app's answer, with Darwin
/// notifications (the notify sample of this target, run by DarwinNotifyTests).
final class NewDataSignal {
    let name: String
    private var token: Int32 = NOTIFY_TOKEN_INVALID

    init(name: String) {
        self.name = name
    }

    @discardableResult
    func post() -> Bool {
        notify_post(name) == NOTIFY_STATUS_OK
    }

    func observe(on queue: DispatchQueue, _ handler: @escaping () -> Void) -> Bool {
        let status = notify_register_dispatch(name, &token, queue) { _ in handler() }
        return status == NOTIFY_STATUS_OK && notify_is_valid_token(token)
    }

    func stop() {
        if notify_is_valid_token(token) {
            notify_cancel(token)
        }
    }
}
