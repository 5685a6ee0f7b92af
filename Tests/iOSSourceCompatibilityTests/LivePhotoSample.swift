import Foundation
import Photos
import PhotosUI
import UIKit

// Written as apps write it (Swift 5 mode, Apple's names only): a chat app's content extension
// shows a Live Photo received as its still and its movie, downloaded into the app group.
class LivePhotoMessageViewController: UIViewController, PHLivePhotoViewDelegate {
    let livePhotoView = PHLivePhotoView(frame: .zero)
    var requestID: PHLivePhotoRequestID = PHLivePhotoRequestIDInvalid
    private(set) var played = false

    override func viewDidLoad() {
        super.viewDidLoad()
        livePhotoView.delegate = self
        view.addSubview(livePhotoView)
    }

    func show(still: URL, movie: URL, placeholder: UIImage?, completion: @escaping (Bool, Error?) -> Void) {
        requestID = PHLivePhoto.request(
            withResourceFileURLs: [still, movie], placeholderImage: placeholder, targetSize: .zero, contentMode: .aspectFit
        ) { [weak self] livePhoto, info in
            if (info[PHLivePhotoInfoIsDegradedKey] as? NSNumber)?.boolValue == true {
                self?.livePhotoView.livePhoto = livePhoto
                return
            }
            if (info[PHLivePhotoInfoCancelledKey] as? NSNumber)?.boolValue == true {
                completion(false, nil)
                return
            }
            if let error = info[PHLivePhotoInfoErrorKey] as? NSError {
                completion(false, error)
                return
            }
            self?.livePhotoView.livePhoto = livePhoto
            self?.livePhotoView.startPlayback(with: .hint)
            completion(livePhoto != nil, nil)
        }
    }

    func cancel() {
        PHLivePhoto.cancelRequest(withRequestID: requestID)
    }

    func livePhotoView(_ livePhotoView: PHLivePhotoView, didEndPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle) {
        played = true
    }
}

// The avatar code image libraries and apps write: rounded corners with UIBezierPath, a
// template tint with destinationIn, an attributed string with the avatar inline.
enum RoundedAvatar {
    static func rounded(_ image: UIImage, cornerRadius: CGFloat) -> UIImage {
        let rect = CGRect(origin: .zero, size: image.size)
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        return UIGraphicsImageRenderer(size: image.size, format: format).image { _ in
            UIBezierPath(roundedRect: rect, cornerRadius: cornerRadius).addClip()
            image.draw(in: rect)
        }
    }

    static func circle(_ image: UIImage) -> UIImage {
        let rect = CGRect(origin: .zero, size: image.size)
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        return UIGraphicsImageRenderer(size: image.size, format: format).image { _ in
            UIBezierPath(ovalIn: rect).addClip()
            image.draw(in: rect)
        }
    }

    static func tinted(_ image: UIImage, _ color: UIColor) -> UIImage {
        let rect = CGRect(origin: .zero, size: image.size)
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        return UIGraphicsImageRenderer(size: image.size, format: format).image { context in
            color.setFill()
            context.fill(rect)
            image.draw(in: rect, blendMode: .destinationIn, alpha: 1.0)
        }
    }

    static func line(name: String, avatar: UIImage) -> NSAttributedString {
        let text = NSMutableAttributedString(string: name + " ")
        let attachment = NSTextAttachment()
        attachment.image = avatar
        attachment.bounds = CGRect(x: 0, y: -4, width: 16, height: 16)
        text.append(NSAttributedString(attachment: attachment))
        return text
    }
}
