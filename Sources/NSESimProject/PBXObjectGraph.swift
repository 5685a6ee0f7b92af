import Foundation

/// The objects of a `project.pbxproj`: a dictionary of objects by identifier, each with an
/// `isa` naming its class, and the root object (the `PBXProject`).
package struct PBXObjectGraph: Sendable {
    /// One object: its identifier, class and fields.
    package struct Object: Sendable {
        /// The identifier (24 hex digits in files Xcode writes).
        package let id: String
        /// The class: `PBXNativeTarget`, `PBXFileReference`, …
        package let isa: String
        /// Every field as written.
        package let fields: [String: PlistValue]

        /// A string field.
        package func string(_ key: String) -> String? { fields[key]?.string }
        /// A list of identifiers (or strings).
        package func strings(_ key: String) -> [String] { fields[key]?.array?.compactMap(\.string) ?? [] }
        /// A dictionary field of strings and lists of strings (build settings).
        package func dictionary(_ key: String) -> [String: PlistValue] { fields[key]?.dictionary ?? [:] }
    }

    /// Every object by identifier.
    package let objects: [String: Object]
    /// The `PBXProject`.
    package let root: Object

    /// The graph of the parsed `project.pbxproj` `plist`; `path` names it in errors.
    package init(_ plist: PlistValue, path: String) throws(XcodeProjectError) {
        guard let top = plist.dictionary, let entries = top["objects"]?.dictionary else {
            throw .badGraph(path: path, message: "no \"objects\" dictionary: this is not an Xcode project file")
        }
        var objects: [String: Object] = [:]
        for (id, value) in entries {
            guard let fields = value.dictionary, let isa = fields["isa"]?.string else {
                throw .badGraph(path: path, message: "object \(id) has no isa")
            }
            objects[id] = Object(id: id, isa: isa, fields: fields)
        }
        guard let rootID = top["rootObject"]?.string, let root = objects[rootID], root.isa == "PBXProject" else {
            throw .badGraph(path: path, message: "\"rootObject\" names no PBXProject object")
        }
        self.objects = objects
        self.root = root
    }

    /// The object `id` names; nil for an identifier that names none.
    package subscript(id: String) -> Object? { objects[id] }

    /// The objects `key` of `object` lists, in order (identifiers naming nothing are skipped).
    package func objects(_ key: String, of object: Object) -> [Object] {
        object.strings(key).compactMap { objects[$0] }
    }

    /// The project's targets (native, aggregate, legacy), in the project's order.
    package var targets: [Object] { objects("targets", of: root) }

    /// The parent group of each group member, by the member's identifier.
    package var parents: [String: String] {
        var parents: [String: String] = [:]
        for object in objects.values where object.fields["children"] != nil {
            for child in object.strings("children") { parents[child] = object.id }
        }
        return parents
    }
}
