import Foundation
import SDWebImage
import Testing
@_spi(NSESim) import UIKit
import UserNotifications

/// SDWebImage's cache and errors as apps use them; its downloads run through nsesim's pipeline
/// in NSESimCoreExtensionTests (`GraphicsTests`).
@Suite struct SDWebImageBehaviourTests {
    @Test func theCacheKeepsImagesInMemoryAndOnDisk() throws {
        let folder = NSTemporaryDirectory() + "sdwebimage-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = SDImageCache(namespace: "test", diskCacheDirectory: folder)
        let image = UIKitBehaviourTests.halves(width: 20, height: 10)
        let key = "https://cdn.example.com/avatars/7.png"
        cache.store(image, forKey: key, completion: nil)
        #expect(cache.imageFromMemoryCache(forKey: key) === image)
        #expect(cache.diskImageDataExists(withKey: key))
        let path = try #require(cache.cachePath(forKey: key))
        #expect(path.hasPrefix(folder + "/test/") && path.hasSuffix(".png"))
        cache.clearMemory()
        let fromDisk = try #require(cache.imageFromCache(forKey: key))
        #expect(fromDisk.size == CGSize(width: 20, height: 10))
        #expect(cache.totalDiskCount() == 1 && cache.totalDiskSize() > 0)
        cache.removeImage(forKey: key, withCompletion: nil)
        #expect(cache.imageFromCache(forKey: key) == nil && !cache.diskImageDataExists(withKey: key))
    }

    @Test func errorsBridgeWithSDWebImagesDomainAndCodes() {
        let error: Error = SDWebImageError(.invalidDownloadStatusCode, userInfo: [SDWebImageErrorDownloadStatusCodeKey: 404])
        let ns = error as NSError
        #expect(ns.domain == SDWebImageErrorDomain && ns.code == 2001)
        #expect(ns.userInfo[SDWebImageErrorDownloadStatusCodeKey] as? Int == 404)
        var matched = false
        do { throw error } catch SDWebImageError.invalidDownloadStatusCode { matched = true } catch {}
        #expect(matched)
        #expect((SDWebImageError(.badImageData) as NSError).code == SDWebImageError.Code.badImageData.rawValue)
    }

    @Test func theSampleAttachesWhatTheAppCachedWithoutADownload() async throws {
        let url = "https://cdn.example.invalid/photos/\(UUID().uuidString).png"
        let png = try #require(UIKitBehaviourTests.halves(width: 8, height: 8).pngData())
        SDImageCache.shared.storeImageData(toDisk: png, forKey: url)
        defer { SDImageCache.shared.removeImage(forKey: url, withCompletion: nil) }
        let content = UNMutableNotificationContent()
        content.userInfo = ["image-url": url]
        let service = SDWebImageCacheService()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "s", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        #expect(delivered.subtitle == "from disk cache" && delivered.attachments.count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func fromCacheOnlyAnswersOnTheMainQueueWithoutAnImage() async {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<(Bool, String?), Never>) in
            SDWebImageManager.shared.loadImage(
                with: URL(string: "https://cdn.example.invalid/\(UUID().uuidString).jpg"), options: [.fromCacheOnly], progress: nil
            ) { image, _, error, cacheType, finished, _ in
                continuation.resume(
                    returning: (image == nil && error == nil && cacheType == .none && finished, DispatchQueue.getSpecific(key: key)))
            }
        }
        #expect(answer == (true, "main"))
    }
}
