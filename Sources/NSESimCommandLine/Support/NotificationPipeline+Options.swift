import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore

extension NotificationPipeline {
    /// The pipeline the command line describes: the extension (`ExtensionOptions`), the app
    /// and its store (`AppOptions`), the limits (`LifecycleOptions`, iOS's when not given) and
    /// what else a delivery needs (`DeliveryOptions`); `coverage` builds it instrumented (`CoverageOptions`). Every command that takes pushes makes
    /// its pipeline here.
    package static func make(
        extension options: ExtensionOptions, app: AppOptions, lifecycle: LifecycleOptions? = nil,
        delivery: DeliveryOptions? = nil, reuseProcess: Bool = false,
        warm: WarmProcessPool? = nil, coverage: Bool = false
    ) throws -> NotificationPipeline {
        var configuration = PipelineConfiguration(extensionInput: options.input)
        options.fill(&configuration)
        configuration.bundleIdentifier = app.bundleId
        configuration.storeRoot = app.storeRoot
        if let lifecycle { configuration.limits = lifecycle.configuration(environment: [:]) }
        if let delivery {
            configuration.appBundle = delivery.bundle.map { URL(fileURLWithPath: $0) }
            configuration.storeQuota = delivery.storeQuota?.bytes ?? AttachmentStore.defaultQuota
            configuration.stringsFile = delivery.strings.map { URL(fileURLWithPath: $0) }
            configuration.keychainSeed = try delivery.keychainSeed()
            configuration.appGroupFiles = try delivery.appGroupFileSeeds()
        }
        configuration.reuseProcess = reuseProcess
        configuration.warmProcesses = reuseProcess ? nil : warm
        configuration.coverage = coverage
        return NotificationPipeline(configuration, toolchain: try ExtensionOptions.toolchain())
    }
}

extension ExtensionError {
    /// The command's failure for this error (its message on stderr, its exit status).
    package var exitCode: ExitCode { failure(description, status: exitStatus) }
}
