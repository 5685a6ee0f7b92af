import Foundation
import NSESimRuntime

/// A file the app wrote into one of its app groups before the push arrived, with the protection
/// class it wrote it with: `nsesim run --app-group-file GROUP/PATH=SOURCE[:CLASS]`, a replay case's
/// `options.appGroupFiles` (`[{"path": "GROUP/PATH", "source": "FILE", "protection": "complete"}]`
/// or the same strings as the option). CLASS is a `FileProtectionType` name (`complete`,
/// `completeUnlessOpen`, `completeUntilFirstUserAuthentication`, `none`; also Foundation's
/// `NSFileProtectionComplete` or the write option `completeFileProtection`); without it the
/// file has iOS's default, `completeUntilFirstUserAuthentication`.
package struct AppGroupFileSeed: Sendable, Equatable {
    /// The app group (`group.com.example.app`).
    package let group: String
    /// The file's path inside the group (`Library/Caches/shared.sqlite`).
    package let path: String
    /// The file copied in.
    package let source: URL
    /// The class the app wrote it with.
    package let protection: FileProtectionClass

    /// Why a seed cannot be used: the value, what to fix; `missing` when the source file is absent.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
        package let missing: Bool
    }

    /// The form, for error messages.
    package static let form =
        "GROUP/PATH=SOURCE[:CLASS] (e.g. group.com.example.app/Library/shared.sqlite=shared.sqlite:complete), "
        + "CLASS one of \(FileProtectionClass.accepted)"

    package init(group: String, path: String, source: URL, protection: FileProtectionClass = .default) throws(Failure) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !group.isEmpty, group != ".", group != "..", !group.contains("/") else {
            throw Failure(description: "\"\(group)\" is not an app group identifier; expected \(Self.form)", missing: false)
        }
        guard !path.isEmpty, !path.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw Failure(
                description: "\"\(group)/\(path)\": the path inside the group must be relative, without . or .. "
                    + "(expected \(Self.form))", missing: false)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw Failure(description: "\(source.path): no such file (the source of the app-group file \(group)/\(path))", missing: true)
        }
        self.group = group
        self.path = path
        self.source = source
        self.protection = protection
    }

    /// Reads `GROUP/PATH=SOURCE[:CLASS]`; a relative SOURCE is taken from `folder` (the working
    /// folder, or a replay case's folder).
    package init(argument: String, relativeTo folder: URL? = nil) throws(Failure) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw Failure(description: "\"\(argument)\": expected \(Self.form)", missing: false)
        }
        let target = String(argument[..<equals])
        var source = String(argument[argument.index(after: equals)...])
        var protection = FileProtectionClass.default
        if let colon = source.lastIndex(of: ":"), !source[source.index(after: colon)...].contains("/") {
            let name = String(source[source.index(after: colon)...])
            guard let parsed = FileProtectionClass(name: name) else {
                throw Failure(
                    description: "\"\(argument)\": unknown protection class \"\(name)\"; expected one of "
                        + FileProtectionClass.accepted, missing: false)
            }
            protection = parsed
            source = String(source[..<colon])
        }
        guard let slash = target.firstIndex(of: "/"), !source.isEmpty else {
            throw Failure(description: "\"\(argument)\": expected \(Self.form)", missing: false)
        }
        let url =
            source.hasPrefix("/") || folder == nil
            ? URL(fileURLWithPath: source) : folder!.appendingPathComponent(source)
        try self.init(
            group: String(target[..<slash]), path: String(target[target.index(after: slash)...]),
            source: url.standardizedFileURL, protection: protection)
    }

    /// The file's place in `data`'s app groups.
    package func destination(in data: AppData) -> URL {
        data.appGroupsFolder.appendingPathComponent(group, isDirectory: true).appendingPathComponent(path)
    }

    /// Copies the file into the app's group (replacing what is there) and keeps its class with it.
    package func seed(into data: AppData) throws(Failure) {
        let destination = destination(in: data)
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            try? FileManager.default.removeItem(atPath: destination.path + FileProtectionClass.sidecarSuffix)
            try FileManager.default.copyItem(at: source, to: destination)
            if protection != .default { try protection.set(on: destination) }
        } catch {
            throw Failure(
                description: "cannot put \(source.path) into the app group as \(destination.path): "
                    + error.localizedDescription, missing: false)
        }
    }
}

extension AppData {
    /// The folder of the app's group containers (`NSESIM_APP_GROUPS`): one folder per group.
    package var appGroupsFolder: URL { root.appendingPathComponent("AppGroups") }
}
