import Foundation

/// Writes an extension folder made for a test: `NotificationService.swift` holding `source`
/// and the Info.plist of Plugins-Examples/Template (principal class `NotificationService`).
/// Returns `folder`.
public func writeTestExtension(at folder: URL, source: String) -> URL {
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try! FileManager.default.copyItem(
        atPath: repositoryPath("Plugins-Examples/Template/Info.plist"),
        toPath: folder.appendingPathComponent("Info.plist").path)
    try! Data(source.utf8).write(to: folder.appendingPathComponent("NotificationService.swift"))
    return folder
}
