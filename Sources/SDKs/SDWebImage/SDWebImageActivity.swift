import Foundation
import NSESimRuntime
import NSESimSDKSupport

/// SDWebImage's records in the report's `sdk` section: each download, cache hit, store and removal.
enum SDWebImageActivity {
    static func record(_ api: String, _ summary: String, _ fields: [String: JSONValue] = [:]) {
        SDKActivity.record(sdk: "SDWebImage", api: api, summary, fields)
    }

    /// Calls `body` on the main queue, as SDWebImage calls its completions (at once when already
    /// on it: its `dispatch_main_async_safe`).
    static func onMain(_ body: @escaping @Sendable () -> Void) {
        if Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil {
            body()
        } else {
            DispatchQueue.main.async(execute: body)
        }
    }

    /// Marks the main queue, so that a block running on it is told from one on another queue
    /// (on Linux a process that called `dispatchMain()` runs main-queue blocks on another thread).
    static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}

/// A closure handed across queues; SDWebImage's blocks are not `@Sendable` in its Swift interface.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
