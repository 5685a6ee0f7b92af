import Foundation

/// Where a model's XML lies in each of its forms, and the `.momd` folder nsesim's build puts
/// into the extension's bundle in place of Xcode's compiled model: `Name.momd/VersionInfo.plist`
/// (`NSManagedObjectModel_CurrentVersionName`, as Xcode writes it) and `Name.momd/Version.mom`,
/// the current version's XML.
public enum DataModelLocation {
    /// The `contents` file of the current version of the model at `url` (see `DataModel.load`).
    public static func contentsFile(of url: URL) throws(DataModelError) -> URL {
        switch url.pathExtension {
        case "xcdatamodeld":
            return url.appendingPathComponent(try currentVersion(of: url)).appendingPathComponent("contents")
        case "xcdatamodel":
            return url.appendingPathComponent("contents")
        case "momd":
            let info = url.appendingPathComponent("VersionInfo.plist")
            let name =
                (FileManager.default.contents(atPath: info.path)
                .flatMap { try? PropertyListSerialization.propertyList(from: $0, format: nil) as? [String: Any] })?[
                    "NSManagedObjectModel_CurrentVersionName"] as? String
            if let name { return url.appendingPathComponent("\(name).mom") }
            let moms = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".mom") }.sorted()
            guard let last = moms.last else { throw .unreadable(path: info.path) }
            return url.appendingPathComponent(last)
        default:
            return url
        }
    }

    /// The current version's folder name in a `.xcdatamodeld` (`Model 2.xcdatamodel`): the
    /// `.xccurrentversion` plist's `_XCCurrentVersionName`, else the only (or last) version.
    public static func currentVersion(of modeld: URL) throws(DataModelError) -> String {
        let marker = modeld.appendingPathComponent(".xccurrentversion")
        if let data = FileManager.default.contents(atPath: marker.path),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
            let name = plist["_XCCurrentVersionName"] as? String
        {
            return name
        }
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: modeld.path)) ?? [])
            .filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        guard let last = versions.last else { throw .unreadable(path: modeld.path) }
        return last
    }

    /// Writes the model `modeld` (a `.xcdatamodeld` or `.xcdatamodel`) into `bundle` as
    /// `Name.momd`, where `NSPersistentContainer(name:)` looks for it; returns that folder.
    @discardableResult
    public static func writeCompiled(_ modeld: URL, into bundle: URL) throws(DataModelError) -> URL {
        let name = modeld.deletingPathExtension().lastPathComponent
        let contents = try contentsFile(of: modeld)
        guard let xml = FileManager.default.contents(atPath: contents.path) else { throw .unreadable(path: contents.path) }
        _ = try DataModel(xml: String(decoding: xml, as: UTF8.self), path: contents.path)  // fails the build, not the run
        let version =
            modeld.pathExtension == "xcdatamodeld"
            ? (try currentVersion(of: modeld) as NSString).deletingPathExtension : name
        let folder = bundle.appendingPathComponent("\(name).momd")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try xml.write(to: folder.appendingPathComponent("\(version).mom"))
            let info = try PropertyListSerialization.data(
                fromPropertyList: ["NSManagedObjectModel_CurrentVersionName": version],
                format: .xml, options: 0)
            try info.write(to: folder.appendingPathComponent("VersionInfo.plist"))
        } catch {
            throw .unreadable(path: folder.path)
        }
        return folder
    }
}
