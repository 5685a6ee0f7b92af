import APNsServer
import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCommandLine
import NSESimCore
import NSESimRuntime
import NSESimStore

extension APNsUnregisterCommand {
    /// Marks the token unregistered in the app's device registry.
    func unregister() throws {
        let bundleIdentifier = AppIdentity.bundleIdentifier(
            given: bundleId,
            extensionApp: { self.extension.flatMap(ExtensionInfo.appIdentifier(inPlistOf:)) })
        let file = DeviceRegistry.unregisteredFile(appFolder: AppData(bundleIdentifier: bundleIdentifier).root)
        do {
            try DeviceRegistry.unregister(token, at: Date(), in: file)
        } catch {
            throw failure("\(file.path): cannot write (\(error))", status: ExitStatus.internalError)
        }
        print("Unregistered \(token.lowercased()) for \(bundleIdentifier): pushes to it now get 410 Unregistered")
    }
}
