import Foundation
import NSESimCore
import NSESimRender
import NSESimRuntime

extension ShowCommand {
    /// `--render`: the expanded notification as a self-contained page, or a PNG of it drawn by
    /// headless Chromium.
    func draw(_ show: NotificationShow, to path: String) throws {
        let picture = show.picture
        let url = URL(fileURLWithPath: path)
        do {
            if path.hasSuffix(".html") {
                try Data(picture.html.utf8).write(to: url)
            } else {
                try picture.png(to: url)
            }
        } catch let error as LockScreenError {
            throw failure(error.description, status: ExitStatus.internalError)
        } catch {
            throw failure("cannot write \(path): \(error.localizedDescription)", status: ExitStatus.internalError)
        }
        FileHandle.standardError.write(Data("nsesim: drew \(path)\n".utf8))
    }
}
