import NSESimHost
import NSESimRuntime

extension NotificationRun {
    /// The warning `fails-when-locked` of a run on an unlocked phone: one per keychain item
    /// (class, service, account) the extension used whose class a locked phone refuses. Most
    /// pushes arrive on a locked phone, so the default run already tells the user.
    static func lockWarnings(_ result: ExtensionRunResult?) -> [RunWarning] {
        guard let result, result.lockState == .unlocked else { return [] }
        var seen = Set<String>()
        var warnings: [RunWarning] = []
        for record in result.records(from: .keychain).map(\.record) where record["failsWhen"]?.stringValue == LockState.locked.rawValue {
            let classes = (record["accessible"]?.arrayValue ?? []).compactMap(\.stringValue)
            let item = [("service", "service"), ("account", "account"), ("server", "server")].compactMap { key, label in
                record[key]?.stringValue.map { "\(label) \($0.printable)" }
            }.joined(separator: ", ")
            guard seen.insert(item + classes.joined()).inserted else { continue }
            let call =
                record["operation"]?.stringValue.map { "SecItem\($0.prefix(1).uppercased())\($0.dropFirst())" } ?? "the keychain call"
            warnings.append(
                RunWarning(
                    .failsWhenLocked,
                    "the keychain item (\(item.isEmpty ? "no service or account" : item)) is "
                        + "\(classes.joined(separator: ", ")): on a locked phone, where most pushes arrive, \(call) returns "
                        + "errSecInteractionNotAllowed (-25308); store it with kSecAttrAccessibleAfterFirstUnlock (the app and the "
                        + "extension), and try --lock-state locked"))
        }
        return warnings
    }
}
