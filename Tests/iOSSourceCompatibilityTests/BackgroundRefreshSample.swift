import BackgroundTasks
import Foundation

/// Shared code that schedules the app's refresh, as apps compile it into their notification
/// extension too (the BackgroundTasks sample of this target, run by BackgroundTasksTests).
enum RefreshScheduler {
    static let identifier = "com.example.app.refresh"

    /// What happened, for the caller's log.
    static func scheduleRefresh(after seconds: TimeInterval) -> String {
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: seconds)
        do {
            try BGTaskScheduler.shared.submit(request)
            return "scheduled"
        } catch BGTaskScheduler.Error.unavailable {
            return "unavailable"
        } catch {
            return "failed: \(error)"
        }
    }

    static func scheduleCleanup() -> Int? {
        let request = BGProcessingTaskRequest(identifier: "com.example.app.cleanup")
        request.requiresNetworkConnectivity = true
        request.requiresExternalPower = true
        do {
            try BGTaskScheduler.shared.submit(request)
            return nil
        } catch let error as BGTaskScheduler.Error {
            return error.code.rawValue
        } catch {
            return -1
        }
    }

    static func registerHandlers() -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
            task.expirationHandler = {}
            task.setTaskCompleted(success: true)
        }
    }
}
