import Foundation
import NSESimRuntime

/// Turns the initial view controller's scene into the interface description: the view
/// controller, its view tree, its outlets and the actions sent to it. Ids that outlets,
/// actions and constraints refer to must be in the scene; elements nsesim does not draw
/// become plain views, with a warning.
struct StoryboardSceneConverter {
    /// The file, as named in messages.
    let path: String
    /// The `<scene>` element.
    let scene: StoryboardXMLNode
    /// Every `id` in the scene.
    let sceneIDs: Set<String>
    /// What nsesim does not draw as iOS would.
    var warnings: [String] = []
    /// The images the views show, in order, each once.
    var imageNames: [String] = []
    /// The view controller's `<layoutGuides>` (storyboards before safe areas): added to the
    /// root view's layout guides.
    var legacyGuides: [JSONValue] = []

    init(path: String, scene: StoryboardXMLNode) {
        self.path = path
        self.scene = scene
        var ids: Set<String> = []
        if let id = scene["sceneID"] { ids.insert(id) }
        for node in scene.descendants() {
            if let id = node["id"] { ids.insert(id) }
        }
        sceneIDs = ids
    }

    /// The interface of `viewController`, an object of the scene.
    mutating func interface(viewController: StoryboardXMLNode) throws(StoryboardError) -> StoryboardInterface {
        let id = viewController["id"] ?? ""
        var controller: [String: JSONValue] = ["id": .string(id), "line": .integer(Int64(viewController.line))]
        if let customClass = viewController["customClass"] { controller["customClass"] = .string(customClass) }
        if let module = viewController["customModule"] { controller["customModule"] = .string(module) }
        if let title = viewController["title"] { controller["title"] = .string(title) }
        if let size = viewController.child(key: "preferredContentSize") ?? viewController.child(key: "contentSizeForViewInPopover") {
            controller["preferredContentSize"] = .object([
                "width": try number(size, "width", default: 0),
                "height": try number(size, "height", default: 0),
            ])
        }
        if viewController.name != "viewController" {
            warn(
                viewController,
                "<\(viewController.name)> is instantiated as a plain UIViewController; "
                    + "its own behaviour (rows, navigation, pages) is not simulated")
        }

        for guide in viewController.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            guard let guideID = guide["id"] else { continue }
            let key = guide["type"] == "bottom" ? "bottomLayoutGuide" : "topLayoutGuide"
            legacyGuides.append(.object(["id": .string(guideID), "key": .string(key)]))
        }

        guard let root = viewController.child(key: "view"), root.name != "nil" else {
            throw .noView(
                path: path, line: viewController.line, column: viewController.column,
                viewController: "\"\(id)\"\(viewController["customClass"].map { " (\($0))" } ?? "")")
        }
        var view = try self.view(root)
        if !legacyGuides.isEmpty, case .object(var members) = view {
            members["layoutGuides"] = .array((members["layoutGuides"]?.arrayValue ?? []) + legacyGuides)
            view = .object(members)
        }

        var outlets: [StoryboardInterface.Outlet] = []
        for connection in viewController.child("connections")?.children ?? [] {
            switch connection.name {
            case "outlet":
                let property = connection["property"] ?? ""
                let destination = try reference(connection, "destination", what: "outlet \"\(property)\"")
                outlets.append(.init(property: property, destination: destination, line: connection.line))
            case "outletCollection":
                let property = connection["property"] ?? ""
                _ = try reference(connection, "destination", what: "outlet collection \"\(property)\"")
                warn(connection, "the outlet collection \"\(property)\" is not connected (nsesim connects single outlets)")
            default:
                continue
            }
        }
        let actions = try self.actions()
        try otherOutlets(besides: viewController)

        let json: [String: JSONValue] = [
            "file": .string((path as NSString).lastPathComponent),
            "viewController": .object(controller),
            "view": view,
            "outlets": .array(
                outlets.map {
                    .object(["property": .string($0.property), "destination": .string($0.destination), "line": .integer(Int64($0.line))])
                }),
            "actions": .array(actions),
        ]
        return StoryboardInterface(
            json: .object(json), viewControllerClass: viewController["customClass"], customModule: viewController["customModule"],
            outlets: outlets, imageNames: imageNames, warnings: warnings)
    }

    // MARK: - Connections

    /// The `<action>`s in the scene: a control (or gesture recognizer) sending `selector`
    /// for `eventType`; the source is the element holding the `<connections>`.
    private func actions() throws(StoryboardError) -> [JSONValue] {
        var found: [JSONValue] = []
        for node in [scene] + scene.descendants() {
            for action in node.child("connections")?.children("action") ?? [] {
                let selector = action["selector"] ?? ""
                _ = try reference(action, "destination", what: "action \"\(selector)\"")
                var entry: [String: JSONValue] = ["selector": .string(selector), "line": .integer(Int64(action.line))]
                if let source = node["id"] { entry["source"] = .string(source) }
                if let event = action["eventType"] { entry["event"] = .string(event) }
                found.append(.object(entry))
            }
        }
        return found
    }

    /// Outlets of objects other than the view controller (a custom view's, a table view's
    /// `dataSource`): checked, and reported as not connected.
    private mutating func otherOutlets(besides viewController: StoryboardXMLNode) throws(StoryboardError) {
        for node in scene.descendants() where node.name != "connections" {
            guard node["id"] != viewController["id"], let connections = node.child("connections") else { continue }
            for outlet in connections.children where outlet.name == "outlet" || outlet.name == "outletCollection" {
                let property = outlet["property"] ?? ""
                _ = try reference(outlet, "destination", what: "outlet \"\(property)\"")
                if node["placeholderIdentifier"] == "IBFilesOwner" { continue }
                warn(
                    outlet,
                    "the outlet \"\(property)\" of <\(node.name)> \"\(node["id"] ?? "")\" is not connected "
                        + "(nsesim connects the view controller's outlets)")
            }
        }
    }

    /// The id `attribute` of `node` names, which must be in the scene.
    func reference(_ node: StoryboardXMLNode, _ attribute: String, what: String) throws(StoryboardError) -> String {
        let id = node[attribute] ?? ""
        guard sceneIDs.contains(id) else {
            throw .unknownReference(path: path, line: node.line, column: node.column, what: "\(what) (\(attribute))", id: id)
        }
        return id
    }

    /// Adds `path:line: warning: message`.
    mutating func warn(_ node: StoryboardXMLNode, _ message: String) {
        warnings.append("\(path):\(node.line): warning: \(message)")
    }

    /// Adds an image name once.
    mutating func noteImage(_ name: String) {
        if !imageNames.contains(name) { imageNames.append(name) }
    }
}
