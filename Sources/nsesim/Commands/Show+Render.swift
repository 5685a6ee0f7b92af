import Foundation
import NSESimCore

extension Show {
    /// `--render`: the picture (filled in with the renderer).
    func draw(_ show: NotificationShow, to path: String, store: AttachmentStore) throws {}
}
