import Foundation

extension XcodeProject {
    /// The project an XcodeGen spec describes, as the targets it resolves refer to it: the
    /// spec file in place of the `.xcodeproj`, its folder as the source root, no objects.
    package init(spec: XcodeGenSpec) {
        url = spec.file
        sourceRoot = spec.folder
        graph = PBXObjectGraph(emptyProject: ())
    }
}

extension PBXObjectGraph {
    /// A graph of one empty `PBXProject`.
    package init(emptyProject: Void) {
        let root = Object(id: "ROOT", isa: "PBXProject", fields: ["isa": .string("PBXProject")])
        objects = ["ROOT": root]
        self.root = root
    }
}
