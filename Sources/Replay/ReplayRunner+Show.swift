import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore

extension ReplayRunner {
    /// The case's `show`: the delivery into the case's center, then the content extension
    /// drawing it and the steps; the report is `nsesim show`'s, checked by `expect` (the
    /// delivery's parts against the service extension's run) and `expect.contentExtension`.
    func runShow(
        _ show: ReplayShow, delivery: NotificationRun, pipeline: NotificationPipeline, item: ReplayCase,
        start: ContinuousClock.Instant
    ) async -> ReplayResult {
        let bundleIdentifier = pipeline.appIdentifier(for: [delivery.payload])
        let appData = pipeline.appData(bundleIdentifier)
        let builder = pipeline.builder(appIdentifier: bundleIdentifier)
        let shown: NotificationShow
        do {
            shown = try await NotificationShow.show(
                delivery: delivery, serviceExtensionRan: delivery.extensionResult != nil,
                contentExtension: .path(show.extensionPath), builder: builder, environment: appData.environment,
                center: appData.center, categories: show.categories, steps: show.steps,
                appName: AppData.appName(of: bundleIdentifier))
        } catch {
            return ReplayResult(
                name: item.name, differences: [], error: error.description, duration: ContinuousClock.now - start,
                outcome: nil, report: nil)
        }
        let report = shown.jsonValue
        let differences =
            item.expectation.differences(from: delivery.jsonValue)
            + (item.contentExpectation?.differences(from: shown.contentExtensionJSON) ?? [])
        let outcome = shown.result?.steps.last?.option ?? (shown.matched ? "shown" : "default interface")
        return ReplayResult(
            name: item.name, differences: differences, error: nil, duration: ContinuousClock.now - start,
            outcome: outcome, report: report)
    }
}
