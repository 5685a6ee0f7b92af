import Foundation
import NSESimCenter
import NSESimCore
import NSESimRender
import NSESimRuntime
import NSESimStore

/// What `nsesim center --render FILE.html|FILE.png` writes: the lock screen as a self-contained HTML
/// page, or a PNG of it drawn by headless Chromium.
enum LockScreenRendering {
    static func render(app: AppOptions, to path: String) throws {
        let center = app.appCenter
        let state = try center.readOrFail()
        let appName = AppData.appName(of: app.bundleIdentifier)
        let html = LockScreen(state: state, store: center.store, appName: appName).html
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "html", "htm":
            do { try Data(html.utf8).write(to: url) } catch {
                throw failure("\(path): cannot write: \(error.localizedDescription)", status: ExitStatus.internalError)
            }
        case "png":
            do { try LockScreen.screenshot(html: html, to: url) } catch {
                throw failure(error.description, status: ExitStatus.internalError)
            }
        default:
            throw failure("--render \(path): give a file ending in .html or .png", status: ExitStatus.usage)
        }
        print("rendered \(state.delivered.count) notification(s) in \(state.threads.count) thread(s) to \(path)")
    }
}
