import Foundation
import NSESimProject
import NSESimTestSupport
import Testing

/// The modules nsesim provides that the fixtures' projects link as package products or pods
/// (the build gives the resolver every module of its framework table).
let providedModules: Set<String> = [
    "UserNotifications", "FirebaseMessaging", "OneSignalExtension", "OneSignal",
    "BrazeNotificationService", "AppboyKit", "AirshipNotificationServiceExtension",
    "BatchExtension", "PushwooshFramework", "CioMessagingPushAPN", "CioInternalCommon",
]

/// The resolver `nsesim run --project` makes, with `--setting` and `--package`.
func projectResolver(settings: [String: String] = [:], packages: [URL] = []) -> ProjectResolver {
    ProjectResolver(appIdentifier: "com.example.app", settings: settings, packages: packages, providedModules: providedModules)
}

/// Resolves a target as `nsesim run --project` does.
func resolveTarget(
    _ path: String, target: String? = nil, configuration: String? = nil,
    settings: [String: String] = [:], packages: [URL] = []
) throws(XcodeProjectError) -> ProjectTarget {
    try projectResolver(settings: settings, packages: packages)
        .resolve(ProjectSelection(path: path, target: target, configuration: configuration))
}

/// The error resolving throws.
func resolveError(_ path: String, target: String? = nil, configuration: String? = nil) -> XcodeProjectError? {
    do {
        _ = try resolveTarget(path, target: target, configuration: configuration)
        return nil
    } catch {
        return error
    }
}

/// Replaces `text` with `replacement` in the file at `path` below `folder`.
func edit(_ path: String, in folder: URL, replacing text: String, with replacement: String) throws {
    let file = folder.appendingPathComponent(path)
    let contents = try String(contentsOf: file, encoding: .utf8)
    #expect(contents.contains(text), "\(path) does not contain \(text)")
    try contents.replacingOccurrences(of: text, with: replacement).write(to: file, atomically: true, encoding: .utf8)
}
