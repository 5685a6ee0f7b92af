import Foundation
import Photos
import PhotosUI
import Testing
@_spi(NSESim) import UIKit

/// Photos' Live Photos from real files, PhotosUI's view, and UIKit's Bézier paths, blend modes,
/// text attachments and animated images, as the samples use them.
@Suite struct PhotosBehaviourTests {
    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/media")

    /// Runs the sample's request and waits for its completion.
    @MainActor
    static func show(
        _ urls: (URL, URL), placeholder: UIImage? = nil, cancel: Bool = false
    ) async -> (
        controller: LivePhotoMessageViewController, shown: Bool, error: Error?
    ) {
        let controller = LivePhotoMessageViewController()
        controller.loadViewIfNeeded()
        let (shown, error): (Bool, Error?) = await withCheckedContinuation { continuation in
            controller.show(still: urls.0, movie: urls.1, placeholder: placeholder) { shown, error in
                continuation.resume(returning: (shown, error))
            }
            if cancel { controller.cancel() }
        }
        return (controller, shown, error)
    }

    @Test @MainActor func aStillAndItsMovieMakeALivePhoto() async throws {
        let placeholder = UIImage(contentsOfFile: Self.media.appendingPathComponent("sample.jpg").path)
        let result = await Self.show(
            (Self.media.appendingPathComponent("sample.jpg"), Self.media.appendingPathComponent("near-miss.mov")), placeholder: placeholder)
        #expect(result.shown && result.error == nil)
        let livePhoto = try #require(result.controller.livePhotoView.livePhoto)
        #expect(livePhoto.size == CGSize(width: 64, height: 48))
        // The view's playback ends on the next turn of the main queue.
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        #expect(result.controller.played)
    }

    @Test @MainActor func twoStillsOrAMissingFileAreRefusedWithPhotosError() async throws {
        let twoStills = await Self.show((Self.media.appendingPathComponent("sample.jpg"), Self.media.appendingPathComponent("sample.png")))
        let error = try #require(twoStills.error as NSError?)
        #expect(!twoStills.shown && error.domain == "PHPhotosErrorDomain" && error.code == 3303)
        #expect(error.localizedDescription.contains("two stills"), "\(error)")
        let missing = await Self.show((Self.media.appendingPathComponent("sample.jpg"), Self.media.appendingPathComponent("nope.mov")))
        #expect((missing.error as NSError?)?.localizedDescription.contains("no such file") == true)
        let text = await Self.show((Self.media.appendingPathComponent("sample.jpg"), URL(fileURLWithPath: #filePath)))
        #expect((text.error as NSError?)?.localizedDescription.contains("neither an image nor a QuickTime or MPEG-4 movie") == true)
    }

    @Test @MainActor func aCancelledRequestSaysSo() async {
        let result = await Self.show(
            (Self.media.appendingPathComponent("sample.jpg"), Self.media.appendingPathComponent("sample.mp4")), cancel: true)
        #expect(!result.shown && result.error == nil && result.controller.livePhotoView.livePhoto == nil)
    }

    static func square(_ color: UIColor, side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    @Test func roundedCornersAndCirclesAreClippedForReal() {
        let rounded = RoundedAvatar.rounded(Self.square(.blue, side: 100), cornerRadius: 30)
        #expect(UIKitBehaviourTests.rgba(rounded, x: 1, y: 1).a == 0)
        #expect(UIKitBehaviourTests.rgba(rounded, x: 50, y: 1).a == 255 && UIKitBehaviourTests.rgba(rounded, x: 50, y: 50).b == 255)
        #expect(UIKitBehaviourTests.rgba(rounded, x: 98, y: 98).a == 0)
        let circle = RoundedAvatar.circle(Self.square(.blue, side: 100))
        #expect(UIKitBehaviourTests.rgba(circle, x: 8, y: 8).a == 0 && UIKitBehaviourTests.rgba(circle, x: 50, y: 2).a > 200)
    }

    @Test func destinationInTintsOnlyWhereTheImageIsOpaque() {
        let circle = RoundedAvatar.circle(Self.square(.blue, side: 100))
        let tinted = RoundedAvatar.tinted(circle, .red)
        let center = UIKitBehaviourTests.rgba(tinted, x: 50, y: 50)
        #expect(center.r == 255 && center.b == 0 && center.a == 255, "\(center)")
        #expect(UIKitBehaviourTests.rgba(tinted, x: 3, y: 3).a == 0)
    }

    @Test func attachmentsAndAnimatedImages() throws {
        let avatar = Self.square(.red, side: 16)
        let line = RoundedAvatar.line(name: "Bob", avatar: avatar)
        #expect(line.string == "Bob \u{FFFC}")
        let attachment = try #require(line.attribute(.attachment, at: 4, effectiveRange: nil) as? NSTextAttachment)
        #expect(attachment.image === avatar && attachment.bounds.width == 16)
        let animated = try #require(UIImage.animatedImage(with: [avatar, Self.square(.blue, side: 16)], duration: 0.5))
        #expect(animated.images?.count == 2 && animated.duration == 0.5 && animated.size == CGSize(width: 16, height: 16))
        #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
    }
}
