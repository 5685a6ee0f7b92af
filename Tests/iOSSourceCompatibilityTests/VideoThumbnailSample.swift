// A service extension for video pushes, written as iOS apps write one (Swift 5 mode, Apple's names
// only): it downloads the video named in the payload, makes a poster frame with
// AVAssetImageGenerator the way Kingfisher's AVAssetImageDataProvider does (an asset from the file
// URL, the track's transform applied, generateCGImagesAsynchronously with one NSValue time, the
// cancelled and failed results told apart), encodes it as JPEG with ImageIO and attaches the poster
// and the video. AVKit is imported as image libraries import it, for AVFoundation.

import AVKit
import ImageIO
import UserNotifications

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Poster frames of a video file, as an image library's data provider makes them.
struct VideoPosterProvider {
    enum PosterError: Error {
        case cancelled
        case noImage
        case encodingFailed
    }

    let generator: AVAssetImageGenerator
    let time: CMTime

    init(generator: AVAssetImageGenerator, time: CMTime) {
        self.generator = generator
        self.time = time
    }

    /// A provider for the frame at `seconds` of the video at `url`, at most `maxPixels` on a side.
    init(videoURL url: URL, seconds: TimeInterval, maxPixels: CGFloat = 0) {
        let generator = AVAssetImageGenerator(asset: AVAsset(url: url))
        generator.appliesPreferredTrackTransform = true
        if maxPixels > 0 { generator.maximumSize = CGSize(width: maxPixels, height: maxPixels) }
        self.init(generator: generator, time: CMTime(seconds: seconds, preferredTimescale: 600))
    }

    /// The key an image cache would keep the poster under: the asset's URL when it has one.
    var cacheKey: String {
        let base = (generator.asset as? AVURLAsset)?.url.absoluteString ?? UUID().uuidString
        return base + "@" + String(time.seconds)
    }

    /// The poster as JPEG bytes, or why there is none.
    func jpegData(completion: @escaping (Result<Data, Error>) -> Void) {
        generator.generateCGImagesAsynchronously(forTimes: [NSValue(time: time)]) { _, image, _, result, error in
            if let error = error {
                completion(.failure(error))
                return
            }
            switch result {
            case .cancelled:
                completion(.failure(PosterError.cancelled))
            case .failed:
                completion(.failure(PosterError.noImage))
            case .succeeded:
                guard let image = image else {
                    completion(.failure(PosterError.noImage))
                    return
                }
                guard let data = VideoPosterProvider.jpeg(image) else {
                    completion(.failure(PosterError.encodingFailed))
                    return
                }
                completion(.success(data))
            @unknown default:
                completion(.failure(PosterError.noImage))
            }
        }
    }

    /// `image` encoded as JPEG with ImageIO.
    static func jpeg(_ image: CGImage, quality: CGFloat = 0.8) -> Data? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, "public.jpeg" as CFString, 1, nil) else {
            return nil
        }
        CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
        guard CGImageDestinationFinalize(destination) else { return nil }
        return data as Data
    }

    /// What the video is: its length in seconds and its upright size, or nil when it has no video.
    static func describe(_ url: URL) -> (seconds: Double, size: CGSize)? {
        let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        guard let track = asset.tracks(withMediaType: .video).first else { return nil }
        let turned = track.naturalSize.applying(track.preferredTransform)
        return (CMTimeGetSeconds(asset.duration), CGSize(width: abs(turned.width), height: abs(turned.height)))
    }
}

final class VideoThumbnailNotificationService: UNNotificationServiceExtension {
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?
    private var task: URLSessionDownloadTask?
    private var provider: VideoPosterProvider?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        bestAttemptContent = content
        guard let urlString = request.content.userInfo["video-url"] as? String, let url = URL(string: urlString) else {
            contentHandler(content)
            return
        }
        task = URLSession.shared.downloadTask(with: url) { [weak self] location, response, error in
            guard let self = self else { return }
            guard let location = location, error == nil else {
                self.finish(content)
                return
            }
            let pathExtension = url.pathExtension.isEmpty ? "mp4" : url.pathExtension
            let video = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent(UUID().uuidString)
                .appendingPathExtension(pathExtension)
            do {
                try FileManager.default.moveItem(at: location, to: video)
            } catch {
                self.finish(content)
                return
            }
            self.attachPoster(of: video, to: content) { self.finish($0) }
        }
        task?.resume()
    }

    /// Makes the poster of `video`, attaches it and the video to `content`, then calls `done`.
    func attachPoster(of video: URL, to content: UNMutableNotificationContent, then done: @escaping (UNMutableNotificationContent) -> Void)
    {
        if let info = VideoPosterProvider.describe(video) {
            content.subtitle = String(format: "%.1f s, %.0f×%.0f", info.seconds, info.size.width, info.size.height)
        }
        let provider = VideoPosterProvider(videoURL: video, seconds: 0.5, maxPixels: 600)
        self.provider = provider
        provider.jpegData { result in
            var attachments: [UNNotificationAttachment] = []
            switch result {
            case .success(let data):
                let poster = video.deletingPathExtension().appendingPathExtension("poster.jpg")
                if (try? data.write(to: poster)) != nil,
                    let attachment = try? UNNotificationAttachment(identifier: "poster", url: poster, options: nil)
                {
                    attachments.append(attachment)
                }
            case .failure(let error as NSError) where error.domain == AVFoundationErrorDomain:
                content.body += " (video unreadable: \(error.code))"
            case .failure:
                content.body += " (no poster)"
            }
            let options = [UNNotificationAttachmentOptionsThumbnailTimeKey: 0.5]
            if let attachment = try? UNNotificationAttachment(identifier: "video", url: video, options: options) {
                attachments.append(attachment)
            }
            content.attachments = attachments
            done(content)
        }
    }

    private func finish(_ content: UNNotificationContent) {
        contentHandler?(content)
        contentHandler = nil
    }

    override func serviceExtensionTimeWillExpire() {
        task?.cancel()
        provider?.generator.cancelAllCGImageGeneration()
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
