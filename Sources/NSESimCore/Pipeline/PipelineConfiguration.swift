import Foundation
import NSESimBuild
import NSESimHost
import NSESimRuntime
import NSESimStore

/// Everything a ``NotificationPipeline`` is told once, before its first push: which
/// extension and how to build it, which app the pushes belong to, where that app's store and
/// data live, the limits iOS puts on the extension, and what else the extension process sees.
/// Commands fill it from their options; replay and bench from a case or a run.
package struct PipelineConfiguration: Sendable {
    /// The service extension: a folder or library, or a project target; nil for an app that
    /// has none (every push is delivered as it came, as iOS delivers it).
    package var extensionInput: ExtensionInput?
    /// The Swift language mode of the extension's sources (a project's SWIFT_VERSION wins).
    package var swiftVersion = "5"
    /// Build settings given by hand (`--setting NAME=VALUE`).
    package var settings: [String: String] = [:]
    /// Folders of the user's modules (`--modules DIR`).
    package var moduleFolders: [URL] = []
    /// Local Swift packages (`--package PATH`).
    package var packages: [URL] = []
    /// The sanitizer the extension is built and run with (`--sanitize`); nil for none.
    package var sanitizer: Sanitizer?
    /// Whether the extension is built with coverage instrumentation (`--coverage DIR`).
    package var coverage = false

    /// The app named on the command line or in a case (``AppIdentity``'s first rule).
    package var bundleIdentifier: String?
    /// The attachment stores' root folder; nil for ``AttachmentStore/defaultRoot(environment:)``.
    package var storeRoot: URL?
    /// The most an app's delivered attachments may take together.
    package var storeQuota: Int64 = AttachmentStore.defaultQuota
    /// The app bundle folder, whose files are copied into the store (`--bundle`).
    package var appBundle: URL?
    /// Where apps' data lives (`NSESIM_DATA_DIR`); nil for ``AppData``'s default.
    package var dataDirectory: URL?
    /// Keychain items the app stored before the pushes (`--keychain`, read by the command),
    /// put into the app's keychain once.
    package var keychainSeed: KeychainSeed?
    /// Files the app wrote into its app groups before the pushes, with their protection class
    /// (`--app-group-file`), put in once per app.
    package var appGroupFiles: [AppGroupFileSeed] = []

    /// The deadline, the grace and the memory limit (its `environment` is added to the
    /// process's, after the app's).
    package var limits = RunConfiguration()
    /// A Localizable.strings for `*-loc-key` and `localizedUserNotificationString` (`--strings`).
    package var stringsFile: URL?
    /// The network profile's packet loss, for SystemConfiguration's reachability.
    package var networkLoss: String?
    /// One extension process across the pushes of one `deliver` call, as iOS may keep one.
    package var reuseProcess = false
    /// Where the next push's extension process is started while one runs (a warm
    /// process); nil: each process starts when its push comes. The command that makes the
    /// pool ends it (``WarmProcessPool/endAll()``).
    package var warmProcesses: WarmProcessPool?
    /// Whether delivered notifications enter the app's notification center (and the store
    /// follows what the center removes), as on a phone. Off for a replay case without steps,
    /// whose report is the run alone.
    package var intoCenter = true

    package init(extensionInput: ExtensionInput? = nil) {
        self.extensionInput = extensionInput
    }

    /// The environment naming the data directory, for ``AppData``.
    var dataEnvironment: [String: String] {
        guard let dataDirectory else { return InheritedEnvironment.variables }
        // All that ``AppData`` reads when the data directory is named.
        return [NSESimEnvironment.dataDirectory.name: dataDirectory.path]
    }
}
