import Foundation

/// A request to launch the app in the background (abstract: use a subclass).
open class BGTaskRequest: NSObject, NSCopying {
    /// The identifier of the task (one of the app's `BGTaskSchedulerPermittedIdentifiers`).
    public let identifier: String
    /// The earliest date the task may run (nil: no delay).
    open var earliestBeginDate: Date?

    init(taskIdentifier: String) {
        identifier = taskIdentifier
        super.init()
    }

    /// A copy of the request.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = BGTaskRequest(taskIdentifier: identifier)
        copy.earliestBeginDate = earliestBeginDate
        return copy
    }

    /// The request's class name, for the report.
    var kind: String { "BGTaskRequest" }
}

/// A request to launch the app in the background to refresh its content briefly.
open class BGAppRefreshTaskRequest: BGTaskRequest {
    /// A request for the task `identifier`.
    public init(identifier: String) {
        super.init(taskIdentifier: identifier)
    }

    /// A copy of the request.
    override open func copy(with zone: NSZone? = nil) -> Any {
        let copy = BGAppRefreshTaskRequest(identifier: identifier)
        copy.earliestBeginDate = earliestBeginDate
        return copy
    }

    override var kind: String { "BGAppRefreshTaskRequest" }
}

/// A request to launch the app in the background for deferrable processing (minutes).
open class BGProcessingTaskRequest: BGTaskRequest {
    /// Whether the task needs a network connection (default false).
    open var requiresNetworkConnectivity = false
    /// Whether the task needs the device on power (default false).
    open var requiresExternalPower = false

    /// A request for the task `identifier`.
    public init(identifier: String) {
        super.init(taskIdentifier: identifier)
    }

    /// A copy of the request.
    override open func copy(with zone: NSZone? = nil) -> Any {
        let copy = BGProcessingTaskRequest(identifier: identifier)
        copy.earliestBeginDate = earliestBeginDate
        copy.requiresNetworkConnectivity = requiresNetworkConnectivity
        copy.requiresExternalPower = requiresExternalPower
        return copy
    }

    override var kind: String { "BGProcessingTaskRequest" }
}

/// A task the system launched the app to run (abstract: iOS hands a subclass to a launch
/// handler, which an extension never gets).
open class BGTask: NSObject {
    /// The task's identifier.
    open var identifier: String { taskIdentifier }
    /// Called when the task's time is about to end.
    open var expirationHandler: (() -> Void)?
    private let taskIdentifier: String

    init(identifier: String) {
        taskIdentifier = identifier
        super.init()
    }

    /// Tells the system the task is done.
    open func setTaskCompleted(success: Bool) {}
}

/// A brief refresh task.
open class BGAppRefreshTask: BGTask {}

/// A deferrable processing task.
open class BGProcessingTask: BGTask {}
