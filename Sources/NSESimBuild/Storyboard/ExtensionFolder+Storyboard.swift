import Foundation
import NSESimRuntime

extension ExtensionFolder {
    /// The bundle file a storyboard compiles to, as Xcode's `ibtool` compiles
    /// `MainInterface.storyboard` to `MainInterface.storyboardc`: here the interface
    /// description (docs/ARCHITECTURE.md, "Content extensions") that UIKit instantiates.
    package static func compiledStoryboardName(_ name: String) -> String { "\(name).storyboardc" }

    /// A content extension's main storyboard, read once at build time as Xcode compiles it:
    /// an error names the file and line before anything is built; the initial view
    /// controller's custom class is the principal class; the description goes into the
    /// bundle as `NAME.storyboardc`; what nsesim does not draw becomes a build warning.
    mutating func compileStoryboard() throws(ExtensionError) {
        guard info.point == .content, let name = info.mainStoryboard else { return }
        guard let url = storyboardFile(named: name) else {
            throw .storyboard(
                message: "\(self.url.path): NSExtensionMainStoryboard is \(name), but there is no \(name).storyboard "
                    + "in the extension (looked in the folder and its .lproj folders): add the storyboard to the target, or name "
                    + "the view controller class in NSExtensionPrincipalClass instead", missing: true)
        }
        let interface: StoryboardInterface
        do {
            interface = try StoryboardReader.read(contentsOf: url)
        } catch {
            throw .storyboard(message: error.description, missing: false)
        }
        let path = relativePath(of: url)
        guard let viewController = interface.viewControllerClass, !viewController.isEmpty else {
            throw .storyboard(
                message: "\(path): the initial view controller has no custom class, so iOS would make a plain "
                    + "UIViewController, which is not a UNNotificationContentExtension: set its class to your view controller "
                    + "(Xcode's template: \(ExtensionPoint.content.templateClass)) in the Identity inspector", missing: false)
        }
        if info.principalClassName.isEmpty { info.principalClassName = viewController }
        bundleFiles[Self.compiledStoryboardName(name)] = Data(interface.json.serializedString(pretty: false).utf8)
        omissions += interface.warnings
    }

    /// Where the storyboard `name` is among the resources: at the top, in `Base.lproj`, in
    /// another `.lproj`.
    private func storyboardFile(named name: String) -> URL? {
        let file = "\(name).storyboard"
        let candidates = resources.filter { $0.lastPathComponent == file }
        return candidates.first { $0.deletingLastPathComponent().pathExtension != "lproj" }
            ?? candidates.first { $0.deletingLastPathComponent().lastPathComponent == "Base.lproj" }
            ?? candidates.first
    }
}
