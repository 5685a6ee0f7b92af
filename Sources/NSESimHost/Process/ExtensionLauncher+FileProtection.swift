import Foundation
import NSESimBuild
import NSESimRuntime
import NSESimStore

extension ExtensionContainer {
    /// Where the extension process's interposer writes the file accesses the lock state refused
    /// (or would refuse): beside the container, so the extension never sees it; removed with it.
    package var fileProtectionLog: URL { URL(fileURLWithPath: fileProtectionLogPath) }

    /// ``fileProtectionLog``'s path.
    package var fileProtectionLogPath: String { rootPath + ".file-protection.jsonl" }

    /// Done with the container and its file-protection log, at every run's end: the log is
    /// removed, the container recycled (kept for a later notification if it is as made).
    func recycleWithLog() {
        unlink(fileProtectionLogPath)
        recycle()
    }
}

extension ExtensionLauncher {
    /// The environment that applies iOS's file protection in the extension process: the
    /// interposer preloaded (before any `LD_PRELOAD` nsesim itself was given) and its log.
    /// Nothing when nsesim's products lack the library (a partial build): files are then not
    /// protected.
    func fileProtectionEnvironment(container: ExtensionContainer) -> [String: String] {
        guard let preload = fileProtectionPreload else { return [:] }
        return [
            "LD_PRELOAD": preload,
            NSESimEnvironment.fileProtectionLog.name: container.fileProtectionLogPath,
        ]
    }

    /// `LD_PRELOAD` with the interposer first; nil without the library.
    var fileProtectionPreload: String? {
        let library = toolchain.fileProtectionLibrary.path
        guard FileManager.default.fileExists(atPath: library) else { return nil }
        let inherited = environment["LD_PRELOAD"] ?? InheritedEnvironment.variables["LD_PRELOAD"]
        return [library, inherited].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What the interposer recorded in `container`'s log, in order, as records of
    /// `Foundation.fileProtection`; the log is emptied.
    package static func fileProtectionRecords(of container: ExtensionContainer) -> [ExtensionRecord] {
        guard let data = try? Data(contentsOf: container.fileProtectionLog), !data.isEmpty else { return [] }
        try? FileManager.default.removeItem(at: container.fileProtectionLog)
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            (try? JSONValue.parse(Data(line))).map { ExtensionRecord(source: NSESimReportSource.fileProtection.rawValue, record: $0) }
        }
    }
}
