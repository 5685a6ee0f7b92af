import Foundation

/// The entitlements of a built extension, read on nsesim's side: every `.entitlements` file in
/// its bundle folder (the extension folder's own, or a project target's expanded
/// `CODE_SIGN_ENTITLEMENTS`, which the build writes there).
package enum ExtensionEntitlements {
    /// True when a file in `bundle` grants the capability `key` (`<true/>`).
    package static func isGranted(_ key: String, bundle: URL?) -> Bool {
        guard let bundle else { return false }
        let files = ((try? FileManager.default.contentsOfDirectory(at: bundle, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "entitlements" }
        return files.contains { file in
            guard let data = FileManager.default.contents(atPath: file.path),
                let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            else { return false }
            return plist[key] as? Bool == true
        }
    }
}
