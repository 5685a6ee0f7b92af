import Foundation
import NSESimRuntime
import Photos
import UIKit

/// How `PHLivePhotoView` plays its Live Photo.
public enum PHLivePhotoViewPlaybackStyle: Int, Sendable {
    case undefined = 0
    /// The whole movie with its sound.
    case full = 1
    /// A short, silent part (the hint shown when a Live Photo scrolls into view).
    case hint = 2
}

/// What a `PHLivePhotoView` tells its delegate.
public protocol PHLivePhotoViewDelegate: AnyObject {
    /// Whether playback may begin (true unless implemented).
    func livePhotoView(_ livePhotoView: PHLivePhotoView, canBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle) -> Bool
    /// Playback will begin.
    func livePhotoView(_ livePhotoView: PHLivePhotoView, willBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle)
    /// Playback ended.
    func livePhotoView(_ livePhotoView: PHLivePhotoView, didEndPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle)
}

extension PHLivePhotoViewDelegate {
    public func livePhotoView(_ livePhotoView: PHLivePhotoView, canBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle) -> Bool {
        true
    }
    public func livePhotoView(_ livePhotoView: PHLivePhotoView, willBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle) {}
    public func livePhotoView(_ livePhotoView: PHLivePhotoView, didEndPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle) {}
}

/// A view that shows a Live Photo, as Apple's `PHLivePhotoView` (in a content extension's
/// interface, say). Nothing moves on Linux: playback calls tell the delegate that playback
/// began and ended, as a played-through Live Photo would, and are reported.
open class PHLivePhotoView: UIView {
    /// The Live Photo shown.
    open var livePhoto: PHLivePhoto? {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// Whether playback is silent.
    open var isMuted: Bool = false
    /// Whether `startPlayback(with:)` is playing.
    open private(set) var isPlaying = false
    /// Told when playback begins and ends.
    open weak var delegate: (any PHLivePhotoViewDelegate)?

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The Live Photo's size in points (at the screen's scale), as an image view's is.
    open override var intrinsicContentSize: CGSize {
        guard let size = livePhoto?.size, size.width > 0 else { return super.intrinsicContentSize }
        let scale = UIScreen.main.scale
        return CGSize(width: size.width / scale, height: size.height / scale)
    }

    /// Plays the Live Photo (nothing moves on Linux): the delegate is asked, told it began and,
    /// on the next turn of the main queue, that it ended.
    open func startPlayback(with playbackStyle: PHLivePhotoViewPlaybackStyle) {
        guard livePhoto != nil, !isPlaying else { return }
        if let delegate, !delegate.livePhotoView(self, canBeginPlaybackWith: playbackStyle) { return }
        isPlaying = true
        record("startPlayback(with:)", style: playbackStyle)
        delegate?.livePhotoView(self, willBeginPlaybackWith: playbackStyle)
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.isPlaying else { return }
                self.isPlaying = false
                self.delegate?.livePhotoView(self, didEndPlaybackWith: playbackStyle)
            }
        }
    }

    /// Stops playback; the delegate is told it ended.
    open func stopPlayback() {
        guard isPlaying else { return }
        isPlaying = false
        record("stopPlayback()", style: .full)
        delegate?.livePhotoView(self, didEndPlaybackWith: .full)
    }

    private func record(_ api: String, style: PHLivePhotoViewPlaybackStyle) {
        let size = livePhoto?.size ?? .zero
        NSESimReport.send(
            source: .image,
            .object([
                "operation": .string("livePhoto"), "api": .string("PHLivePhotoView.\(api)"),
                "summary": .string(
                    "\(style == .hint ? "hint" : "full") playback of a \(Int(size.width))×\(Int(size.height)) px Live Photo (nothing moves on Linux)"
                ),
            ]))
    }
}
