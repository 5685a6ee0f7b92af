import Foundation
import NSESimDataModel

/// An extension's Core Data models (`Name.xcdatamodeld` folders, or a lone `.xcdatamodel`):
/// found among its files, put into the bundle as `Name.momd` (where `NSPersistentContainer(name:)`
/// looks), and, for entities whose codegen is Xcode's default "Class Definition" (or
/// "Category/Extension"), the classes (or their properties) Xcode would generate.
package enum CoreDataModels {
    /// The name of the generated source the build adds to the module.
    static let classesFileName = "__NSESimCoreDataClasses.swift"

    /// Splits `files` into the models they lie in and the other files.
    static func split(_ files: [URL]) -> (models: [URL], others: [URL]) {
        var models: [URL] = []
        var others: [URL] = []
        for file in files {
            if let model = modelFolder(containing: file) {
                if !models.contains(model) { models.append(model) }
            } else {
                others.append(file)
            }
        }
        return (models, others)
    }

    /// The `.xcdatamodeld` (or lone `.xcdatamodel`) `file` lies in or is.
    static func modelFolder(containing file: URL) -> URL? {
        let components = file.standardizedFileURL.pathComponents
        if let index = components.firstIndex(where: { $0.hasSuffix(".xcdatamodeld") })
            ?? components.firstIndex(where: { $0.hasSuffix(".xcdatamodel") })
        {
            return URL(fileURLWithPath: NSString.path(withComponents: Array(components[...index])))
        }
        return nil
    }

    /// What the cache key takes of a model: its current version's XML and the version's name.
    static func identity(of model: URL) -> Data {
        let file = try? DataModelLocation.contentsFile(of: model)
        return Data((file?.path ?? model.path).utf8) + (file.flatMap { FileManager.default.contents(atPath: $0.path) } ?? Data())
    }

    /// Writes each model into `bundle` as `Name.momd`; a model that cannot be read is the error's text.
    static func compile(_ models: [URL], into bundle: URL, relativeTo folder: ExtensionFolder) throws(ExtensionError) {
        for model in models {
            do {
                try DataModelLocation.writeCompiled(model, into: bundle)
            } catch {
                throw .buildFailed(folder: folder.url.path, diagnostics: ["\(folder.relativePath(of: model)): error: \(error)"])
            }
        }
    }

    /// The Swift source of the classes and properties Xcode's codegen makes for `models`; nil
    /// when no entity asks for them.
    static func generatedSource(for models: [URL]) throws(ExtensionError) -> String? {
        var lines: [String] = []
        var seen = Set<String>()
        for url in models {
            let model: DataModel
            do { model = try DataModel.load(from: url) } catch { throw .buildFailed(folder: url.path, diagnostics: ["\(error)"]) }
            for entity in model.entities where entity.codeGeneration != .manual {
                guard let name = entity.swiftClassName, seen.insert(name).inserted else { continue }
                if entity.codeGeneration == .classDefinition {
                    let parent = entity.parent.flatMap { model.entity(named: $0)?.swiftClassName } ?? "NSManagedObject"
                    lines.append("public class \(name): \(parent) {}")
                }
                lines.append("extension \(name) {")
                lines.append(
                    "    @nonobjc public class func fetchRequest() -> NSFetchRequest<\(name)> { NSFetchRequest<\(name)>(entityName: \"\(entity.name)\") }"
                )
                for attribute in entity.attributes {
                    lines.append(
                        "    public var \(attribute.name): \(attribute.swiftType) { get { _nsesimManagedValue(forKey: \"\(attribute.name)\") } "
                            + "set { _nsesimSetManagedValue(newValue, forKey: \"\(attribute.name)\") } }")
                }
                for relationship in entity.relationships {
                    let destination = model.entity(named: relationship.destination)?.swiftClassName ?? "NSManagedObject"
                    let type = relationship.isToMany ? "NSSet?" : "\(destination)?"
                    lines.append(
                        "    public var \(relationship.name): \(type) { get { _nsesimManagedValue(forKey: \"\(relationship.name)\") } "
                            + "set { _nsesimSetManagedValue(newValue, forKey: \"\(relationship.name)\") } }")
                    guard relationship.isToMany else { continue }
                    let suffix = relationship.name.prefix(1).uppercased() + relationship.name.dropFirst()
                    for (verb, parameter, type) in [
                        ("addTo", "value", destination), ("removeFrom", "value", destination),
                        ("addTo", "values", "NSSet"), ("removeFrom", "values", "NSSet"),
                    ] {
                        lines.append(
                            "    public func \(verb)\(suffix)(_ \(parameter): \(type)) { "
                                + "_nsesimRelationshipAccessor(\"\(verb)\(suffix)\", \(parameter)) }")
                    }
                }
                lines.append("}")
                lines.append("extension \(name): Identifiable {}")
            }
        }
        guard !lines.isEmpty else { return nil }
        return "// Generated by nsesim from the Core Data model, as Xcode's codegen generates it.\nimport CoreData\n\n"
            + lines.joined(separator: "\n") + "\n"
    }
}
