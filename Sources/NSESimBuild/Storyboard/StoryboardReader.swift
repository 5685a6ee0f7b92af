import Foundation
import NSESimRuntime

/// Reads a Notification Content Extension's storyboard (`MainInterface.storyboard`, the
/// Interface Builder XML Xcode writes) into the interface description nsesim sends to the
/// extension process (docs/ARCHITECTURE.md#content-extensions).
///
/// iOS loads the storyboard the extension's Info.plist names with `NSExtensionMainStoryboard`,
/// instantiates its initial view controller (the `NotificationViewController`) and shows that
/// view controller's view. The reader does the same choice: the document's
/// `initialViewController`, or the only view controller when none is marked. It keeps what
/// UIKit needs to build the views (classes, frames, colours, fonts, texts, images, stack
/// views, constraints, layout guides, outlets, actions) and warns about the elements nsesim
/// does not draw, which become plain views.
package enum StoryboardReader {
    /// The document type of an iOS storyboard (a macOS one says `Cocoa`, a xib `XIB` alone).
    package static let documentType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"

    /// Reads the storyboard file at `url`.
    package static func read(contentsOf url: URL) throws(StoryboardError) -> StoryboardInterface {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            let reason =
                !exists
                ? "no such file"
                : isFolder.boolValue ? "it is a folder" : (error as NSError).localizedDescription
            throw .unreadable(path: url.path, reason: reason)
        }
        return try read(data: data, path: url.path)
    }

    /// Reads storyboard text; `path` names it in messages and its last component is the
    /// interface's `file`.
    package static func read(data: Data, path: String) throws(StoryboardError) -> StoryboardInterface {
        let document: StoryboardXMLNode
        do {
            document = try StoryboardXMLTree.parse(data)
        } catch {
            throw .notXML(path: path, line: error.line, column: error.column, message: error.message)
        }
        guard document.name == "document", document["type"] == documentType else {
            let found =
                document.name == "document"
                ? "<document type=\"\(document["type"] ?? "")\">\(document["type"]?.contains(".Cocoa.") == true ? " (a macOS storyboard)" : "")"
                : "the document element is <\(document.name)>"
            throw .notAStoryboard(path: path, line: document.line, column: document.column, found: found)
        }
        let (scene, viewController) = try initialScene(of: document, path: path)
        var converter = StoryboardSceneConverter(path: path, scene: scene)
        return try converter.interface(viewController: viewController)
    }

    /// The storyboard iOS loads for `NSExtensionMainStoryboard` = `name` in the extension's
    /// folder: `NAME.storyboard` there, else `Base.lproj/NAME.storyboard`, else the first
    /// `*.lproj/NAME.storyboard` (folders in name order). `name` may end in `.storyboard`.
    package static func locate(name: String, in folder: URL) -> URL? {
        let file = name.hasSuffix(".storyboard") ? name : name + ".storyboard"
        let manager = FileManager.default
        func isFile(_ url: URL) -> Bool {
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        let direct = folder.appendingPathComponent(file)
        if isFile(direct) { return direct }
        let base = folder.appendingPathComponent("Base.lproj").appendingPathComponent(file)
        if isFile(base) { return base }
        let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        for entry in entries.sorted() where entry.hasSuffix(".lproj") {
            let candidate = folder.appendingPathComponent(entry).appendingPathComponent(file)
            if isFile(candidate) { return candidate }
        }
        return nil
    }

    /// The scene of the view controller iOS instantiates, and that view controller.
    private static func initialScene(
        of document: StoryboardXMLNode, path: String
    )
        throws(StoryboardError) -> (scene: StoryboardXMLNode, viewController: StoryboardXMLNode)
    {
        let scenes = document.child("scenes")?.children("scene") ?? []
        var found: [(scene: StoryboardXMLNode, viewController: StoryboardXMLNode)] = []
        for scene in scenes {
            for object in scene.child("objects")?.children ?? [] where isViewController(object) {
                found.append((scene, object))
            }
        }
        let anchor = document.child("scenes") ?? document
        guard !found.isEmpty else {
            throw .noViewController(path: path, line: anchor.line, column: anchor.column)
        }
        let described = found.map { describe($0.viewController) }
        if let initial = document["initialViewController"] {
            guard let match = found.first(where: { $0.viewController["id"] == initial }) else {
                throw .initialViewControllerNotFound(
                    path: path, line: document.line, column: document.column,
                    id: initial, available: described)
            }
            return match
        }
        guard found.count == 1 else {
            throw .ambiguousInitialViewController(path: path, line: document.line, column: document.column, candidates: described)
        }
        return found[0]
    }

    /// A scene object that is a view controller: `sceneMemberID="viewController"` (what
    /// Interface Builder writes), or an element named like one.
    private static func isViewController(_ node: StoryboardXMLNode) -> Bool {
        if let member = node["sceneMemberID"] { return member == "viewController" }
        return node.name == "viewController" || node.name.hasSuffix("ViewController") || node.name.hasSuffix("Controller")
    }

    /// `"M4Y-Lb-cyx" (NotificationViewController, line 14)`.
    private static func describe(_ viewController: StoryboardXMLNode) -> String {
        let kind = viewController["customClass"] ?? "UIViewController"
        return "\"\(viewController["id"] ?? "?")\" (\(kind), line \(viewController.line))"
    }
}
