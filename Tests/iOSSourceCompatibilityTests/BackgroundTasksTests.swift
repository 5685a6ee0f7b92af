import BackgroundTasks
import Foundation
import Testing

/// BackgroundTasks as iOS answers an app extension: nothing can be scheduled.
@Suite struct BackgroundTasksTests {
    @Test("submit throws BGTaskScheduler.Error.Code.unavailable (1) in BGTaskSchedulerErrorDomain; register is false; nothing pending")
    func extensionAnswers() async {
        #expect(RefreshScheduler.scheduleRefresh(after: 15 * 60) == "unavailable")
        #expect(RefreshScheduler.scheduleCleanup() == 1)
        #expect(!RefreshScheduler.registerHandlers())
        do {
            try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "x"))
            Issue.record("submit did not throw")
        } catch {
            let bridged = error as NSError
            #expect(bridged.domain == BGTaskSchedulerErrorDomain)
            #expect(bridged.code == 1)
            #expect(bridged.localizedDescription.contains("extension"))
        }
        BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: RefreshScheduler.identifier)
        BGTaskScheduler.shared.cancelAllTaskRequests()
        #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
        let request = BGProcessingTaskRequest(identifier: "copy")
        request.requiresExternalPower = true
        #expect((request.copy() as? BGProcessingTaskRequest)?.requiresExternalPower == true)
    }
}
