import Foundation
import NSESimRuntime

/// A content extension's storyboard as nsesim uses it: the interface description sent to
/// the extension process (`json`, docs/ARCHITECTURE.md#content-extensions) and what nsesim checks or reports
/// about it.
package struct StoryboardInterface: Sendable, Equatable {
    /// An `<outlet>` of the view controller: the property the view with id `destination` is
    /// assigned to, and the line of the `<outlet>` element.
    package struct Outlet: Sendable, Equatable {
        package var property: String
        package var destination: String
        package var line: Int

        package init(property: String, destination: String, line: Int) {
            self.property = property
            self.destination = destination
            self.line = line
        }
    }

    /// The interface description: `file`, `viewController`, `view`, `outlets`, `actions`.
    package var json: JSONValue
    /// The initial view controller's `customClass` (nil: a plain UIViewController).
    package var viewControllerClass: String?
    /// Its `customModule` (nil with `customModuleProvider="target"` and no module written:
    /// the extension's own module).
    package var customModule: String?
    /// The view controller's outlets, in the file's order.
    package var outlets: [Outlet]
    /// The names of the images the views show (`UIImage(named:)` in the extension's bundle),
    /// each once, in the file's order; SF Symbols (`catalog="system"`) are not listed.
    package var imageNames: [String]
    /// What nsesim does not draw as iOS would, each naming the file, the line and the
    /// element (`MainInterface.storyboard:31: <tableView> is drawn as a plain UIView ...`).
    package var warnings: [String]

    package init(
        json: JSONValue, viewControllerClass: String?, customModule: String?, outlets: [Outlet],
        imageNames: [String], warnings: [String]
    ) {
        self.json = json
        self.viewControllerClass = viewControllerClass
        self.customModule = customModule
        self.outlets = outlets
        self.imageNames = imageNames
        self.warnings = warnings
    }
}
