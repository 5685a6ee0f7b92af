import Foundation
import NSESimHost
import NSESimRuntime

extension NotificationRun {
    /// The warning `fails-when-locked` of a run on an unlocked phone: one per file in an app
    /// group or the container that the extension opened (or wrote with a class) and that a locked
    /// phone refuses (`complete`, and an existing `completeUnlessOpen` file), naming its class and
    /// the fix.
    static func fileProtectionWarnings(_ result: ExtensionRunResult?) -> [RunWarning] {
        guard let result, result.lockState == .unlocked else { return [] }
        var seen = Set<String>()
        var warnings: [RunWarning] = []
        for record in result.records(from: .fileProtection).map(\.record)
        where record["failsWhen"]?.stringValue == LockState.locked.rawValue && record["refused"]?.boolValue != true {
            let file = Self.fileName(record)
            guard seen.insert(file).inserted else { continue }
            let protection = record["protection"]?.stringValue.flatMap(FileProtectionClass.init(rawValue:)) ?? .complete
            let what =
                protection == .completeUnlessOpen
                ? "can be created while locked but not opened again"
                : "can be neither read nor written while the phone is locked"
            warnings.append(
                RunWarning(
                    .failsWhenLocked,
                    "the file \(file) is \(protection.rawValue) (FileProtectionType): it "
                        + "\(what); on a locked phone, where most pushes arrive, opening it fails with EPERM "
                        + "(NSFileReadNoPermissionError / NSFileWriteNoPermissionError, SQLite's \"unable to open database file\"); "
                        + "write it with .completeFileProtectionUntilFirstUserAuthentication (iOS's default) or .noFileProtection "
                        + "(in the app and the extension), and try --lock-state locked"))
        }
        return warnings
    }

    /// A recorded file as the report names it: `app group group.x: Library/db.sqlite`, `container: tmp/a`.
    static func fileName(_ record: JSONValue) -> String {
        let path = record["path"]?.stringValue ?? "?"
        guard record["area"]?.stringValue == "appGroup" else { return "container/\(path)".printable }
        return "\(path) (app group)".printable
    }

    /// The report's text lines for the file accesses the lock state refused (or would refuse).
    static func fileProtectionLines(_ result: ExtensionRunResult) -> [String] {
        let files = result.records(from: .fileProtection)
        guard !files.isEmpty else { return [] }
        return ["Files (\(files.count))"]
            + files.map { file in
                let record = file.record
                let refused = record["refused"]?.boolValue == true
                return String(format: "  %9.1f ms  ", file.tMs) + "\(record["operation"]?.stringValue ?? "?") \(fileName(record)) "
                    + "[\(record["protection"]?.stringValue ?? "?")] "
                    + (refused
                        ? "refused (EPERM): the phone is \(record["lockState"]?.stringValue ?? result.lockState.rawValue)"
                        : "fails when \(record["failsWhen"]?.stringValue ?? "locked")")
            }
    }
}
