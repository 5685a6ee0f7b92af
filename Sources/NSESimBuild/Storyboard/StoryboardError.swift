import Foundation

/// Why a content extension's storyboard cannot give an interface. Each message names the
/// file, the place in it (`line:column`), what is wrong and what to change.
package enum StoryboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read (missing, a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The text is not well-formed XML: XMLParser's place and reason.
    case notXML(path: String, line: Int, column: Int, message: String)
    /// Well-formed XML, but not an iOS storyboard: `found` says what the document element is.
    case notAStoryboard(path: String, line: Int, column: Int, found: String)
    /// No scene holds a view controller.
    case noViewController(path: String, line: Int, column: Int)
    /// No `initialViewController` and several view controllers: `candidates` describes each
    /// (`id` (class), line N).
    case ambiguousInitialViewController(path: String, line: Int, column: Int, candidates: [String])
    /// `initialViewController` names an id no scene's view controller has.
    case initialViewControllerNotFound(path: String, line: Int, column: Int, id: String, available: [String])
    /// The view controller has no `<view key="view">`.
    case noView(path: String, line: Int, column: Int, viewController: String)
    /// An outlet, action or constraint names an id that is not in the scene.
    /// `what` says which (`outlet "label"`, `constraint "abc-12-xyz" (firstItem)`).
    case unknownReference(path: String, line: Int, column: Int, what: String, id: String)
    /// An attribute that must be a number is not one (or is not finite).
    case badNumber(path: String, line: Int, column: Int, element: String, attribute: String, value: String)

    /// The file the error is about.
    package var path: String {
        switch self {
        case .unreadable(let path, _), .notXML(let path, _, _, _), .notAStoryboard(let path, _, _, _),
            .noViewController(let path, _, _), .ambiguousInitialViewController(let path, _, _, _),
            .initialViewControllerNotFound(let path, _, _, _, _), .noView(let path, _, _, _),
            .unknownReference(let path, _, _, _, _), .badNumber(let path, _, _, _, _, _):
            path
        }
    }

    /// The line the error is on, from 1; 0 when it is about the whole file.
    package var line: Int {
        switch self {
        case .unreadable: 0
        case .notXML(_, let line, _, _), .notAStoryboard(_, let line, _, _), .noViewController(_, let line, _),
            .ambiguousInitialViewController(_, let line, _, _), .initialViewControllerNotFound(_, let line, _, _, _),
            .noView(_, let line, _, _), .unknownReference(_, let line, _, _, _), .badNumber(_, let line, _, _, _, _):
            line
        }
    }

    /// The message: `file:line:column: error: what is wrong; how to fix it`.
    package var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): error: the storyboard cannot be read (\(reason)); check the path, or the name "
                + "NSExtensionMainStoryboard gives in the extension's Info.plist"
        case .notXML(let path, let line, let column, let message):
            return "\(path):\(line):\(column): error: the storyboard is not well-formed XML (\(message)); fix the XML "
                + "at that line, or open and save the storyboard again in Xcode (or restore it with git checkout)"
        case .notAStoryboard(let path, let line, let column, let found):
            return "\(path):\(line):\(column): error: not an iOS storyboard: \(found), where Interface Builder writes "
                + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">; give the content "
                + "extension's MainInterface.storyboard (an iOS storyboard, not a macOS one or a .xib)"
        case .noViewController(let path, let line, let column):
            return "\(path):\(line):\(column): error: the storyboard has no view controller; a content extension's "
                + "storyboard holds one scene whose view controller is the NotificationViewController "
                + "(add one in Xcode, with its class set in the identity inspector)"
        case .ambiguousInitialViewController(let path, let line, let column, let candidates):
            return "\(path):\(line):\(column): error: the storyboard has \(candidates.count) view controllers "
                + "(\(candidates.joined(separator: "; "))) and none is the initial one; tick \"Is Initial View "
                + "Controller\" on the notification's view controller in Xcode (initialViewController=\"ID\" on "
                + "<document>), or remove the others"
        case .initialViewControllerNotFound(let path, let line, let column, let id, let available):
            let others =
                available.isEmpty
                ? "no scene has a view controller"
                : "the view controllers are "
                    + available.joined(separator: "; ")
            return "\(path):\(line):\(column): error: initialViewController=\"\(id)\" names no view controller (\(others)); "
                + "tick \"Is Initial View Controller\" on the notification's view controller in Xcode"
        case .noView(let path, let line, let column, let viewController):
            return "\(path):\(line):\(column): error: the view controller \(viewController) has no view "
                + "(<view key=\"view\">); give it its view in Xcode, the one the notification shows"
        case .unknownReference(let path, let line, let column, let what, let id):
            return "\(path):\(line):\(column): error: \(what) refers to id \"\(id)\", which is not in the view "
                + "controller's scene; connect it again in Xcode (or delete it), or restore the storyboard"
        case .badNumber(let path, let line, let column, let element, let attribute, let value):
            return "\(path):\(line):\(column): error: <\(element)> \(attribute)=\"\(value)\" is not a number; write a "
                + "number (\(attribute == "multiplier" ? "\"0.5\" or a ratio \"16:9\"" : "\"8\" or \"0.5\"")), or set "
                + "it again in Xcode"
        }
    }
}
