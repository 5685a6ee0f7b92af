import Foundation
import NSESimRuntime

/// The scheduler of background tasks, as an app extension sees it. iOS launches only apps for
/// background tasks, never their extensions: `submit(_:)` throws
/// `BGTaskScheduler.Error.Code.unavailable` ("the extension type isn't able to schedule
/// background tasks", BGTaskScheduler.h), no launch handler is kept (`register` returns false:
/// iOS would never call it in an extension), nothing is pending. Each call is in the report
/// (`backgroundTasks`).
public final class BGTaskScheduler: NSObject, Sendable {
    /// The shared scheduler.
    public static let shared = BGTaskScheduler()

    override private init() {
        super.init()
    }

    /// Registers a launch handler for `identifier`: false in an extension, which iOS never
    /// launches for a background task (the handler is never called).
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        BackgroundTaskRecord.send(
            api: "register(forTaskWithIdentifier:using:launchHandler:)", identifier: identifier,
            summary: "not registered: iOS launches apps, never their extensions, for background tasks (returns false)")
        return false
    }

    /// Submits a request: throws `BGTaskScheduler.Error.Code.unavailable`, as iOS does in an app extension.
    public func submit(_ taskRequest: BGTaskRequest) throws {
        let error = Error(.unavailable)
        BackgroundTaskRecord.send(
            api: "submit(_:)", identifier: taskRequest.identifier, request: taskRequest,
            summary: "refused: \(error.message)", error: error)
        throw error
    }

    /// Cancels the pending request of `identifier` (there is none in an extension).
    public func cancel(taskRequestWithIdentifier identifier: String) {
        BackgroundTaskRecord.send(
            api: "cancel(taskRequestWithIdentifier:)", identifier: identifier, summary: "nothing pending to cancel")
    }

    /// Cancels every pending request (there is none in an extension).
    public func cancelAllTaskRequests() {
        BackgroundTaskRecord.send(api: "cancelAllTaskRequests()", identifier: nil, summary: "nothing pending to cancel")
    }

    /// Calls `completionHandler` with the pending requests: none in an extension.
    public func getPendingTaskRequests(completionHandler: @escaping ([BGTaskRequest]) -> Void) {
        BackgroundTaskRecord.send(api: "getPendingTaskRequests(completionHandler:)", identifier: nil, summary: "none pending")
        completionHandler([])
    }

    /// The pending requests: none in an extension.
    public func pendingTaskRequests() async -> [BGTaskRequest] {
        BackgroundTaskRecord.send(api: "pendingTaskRequests()", identifier: nil, summary: "none pending")
        return []
    }
}

/// The domain of `BGTaskScheduler.Error`.
public let BGTaskSchedulerErrorDomain = "BGTaskSchedulerErrorDomain"

extension BGTaskScheduler {
    /// The scheduler's errors (domain `BGTaskSchedulerErrorDomain`), with Apple's codes.
    public struct Error: CustomNSError, LocalizedError, Hashable, Sendable {
        /// Apple's codes.
        public enum Code: Int, Sendable, Hashable {
            /// The app or extension can't schedule background work.
            case unavailable = 1
            /// Too many pending requests of this type.
            case tooManyPendingTaskRequests = 2
            /// The app isn't permitted to schedule the task (Info.plist's background modes or
            /// `BGTaskSchedulerPermittedIdentifiers`).
            case notPermitted = 3
            /// The task can't run immediately.
            case immediateRunIneligible = 4

            /// What the code means, and its name.
            var summary: String {
                switch self {
                case .unavailable:
                    "BGTaskScheduler.Error.Code.unavailable (1): an app extension can't schedule background work (iOS launches only apps for background tasks)"
                case .tooManyPendingTaskRequests: "BGTaskScheduler.Error.Code.tooManyPendingTaskRequests (2)"
                case .notPermitted: "BGTaskScheduler.Error.Code.notPermitted (3)"
                case .immediateRunIneligible: "BGTaskScheduler.Error.Code.immediateRunIneligible (4)"
                }
            }
        }

        /// The code of this error.
        public let code: Code

        /// An error of `code`, as Apple's bridged errors are created.
        public init(_ code: Code, userInfo: [String: Any] = [:]) {
            self.code = code
        }

        /// The domain.
        public static var errorDomain: String { BGTaskSchedulerErrorDomain }
        /// The code's raw value.
        public var errorCode: Int { code.rawValue }
        /// The message under `NSLocalizedDescriptionKey`.
        public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
        /// The message.
        public var errorDescription: String? { message }
        /// What the code means.
        public var message: String { code.summary }

        /// `BGTaskScheduler.Error.Code.unavailable`.
        public static var unavailable: Code { .unavailable }
        /// `BGTaskScheduler.Error.Code.tooManyPendingTaskRequests`.
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        /// `BGTaskScheduler.Error.Code.notPermitted`.
        public static var notPermitted: Code { .notPermitted }
        /// `BGTaskScheduler.Error.Code.immediateRunIneligible`.
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}

extension BGTaskScheduler.Error.Code {
    /// Lets `catch BGTaskScheduler.Error.unavailable` match, as with Apple's bridged errors.
    public static func ~= (code: BGTaskScheduler.Error.Code, error: any Swift.Error) -> Bool {
        (error as? BGTaskScheduler.Error)?.code == code
    }
}
