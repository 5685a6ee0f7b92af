import AVKit
import Foundation
import ImageIO
import Testing
import UserNotifications

/// AVFoundation's assets read real movies with FFmpeg: durations and tracks from the container,
/// frames decoded at the time asked (within the tolerances), turned by the track's transform,
/// fitted to `maximumSize`, and iOS's errors for what is not a movie.
@Suite struct AVAssetBehaviourTests {
    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/media")
        .standardizedFileURL

    static func url(_ name: String) -> URL { media.appendingPathComponent(name) }

    /// The red, green and blue of pixel `x`, `y` of `image`, read through its data provider.
    static func rgb(_ image: CGImage, x: Int, y: Int) throws -> (r: Int, g: Int, b: Int) {
        let data = try #require(image.dataProvider?.data) as Data
        let offset = y * image.bytesPerRow + x * image.bitsPerPixel / 8
        return (Int(data[offset]), Int(data[offset + 1]), Int(data[offset + 2]))
    }

    /// A copy of fixture `name` (or of `bytes`) in a temporary folder, named `as`.
    static func temporaryFile(_ name: String, bytes: Data? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("avasset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        if let bytes = bytes { try bytes.write(to: file) } else { try FileManager.default.copyItem(at: url(name), to: file) }
        return file
    }

    /// The error `body` throws, as an NSError.
    static func error(_ body: () throws -> Void) -> NSError? {
        do {
            try body()
            return nil
        } catch {
            return error as NSError
        }
    }

    @Test func theContainerSaysDurationAndTracks() throws {
        let asset = AVURLAsset(url: Self.url("sample.mp4"))
        #expect(asset.url == Self.url("sample.mp4"))
        #expect(abs(asset.duration.seconds - 0.2) < 0.001 && asset.duration.isNumeric)
        #expect(asset.isPlayable && !asset.hasProtectedContent)
        let video = asset.tracks(withMediaType: .video)
        #expect(video.count == 1 && asset.tracks(withMediaType: .audio).isEmpty)
        let track = try #require(video.first)
        #expect(track.mediaType == .video && track.naturalSize == CGSize(width: 64, height: 48))
        #expect(abs(track.nominalFrameRate - 25) < 0.01 && track.preferredTransform == .identity)
        #expect(asset.track(withTrackID: track.trackID) === track && track.asset === asset)
        #expect(abs(track.timeRange.duration.seconds - 0.2) < 0.001)

        let audio = AVAsset(url: Self.url("sample.m4a"))
        #expect(audio.tracks.map(\.mediaType) == [.audio] && audio.tracks[0].naturalSize == .zero)
    }

    @Test func aFrameIsDecodedAtTheTimeAsked() throws {
        let generator = AVAssetImageGenerator(asset: AVAsset(url: Self.url("sample.mp4")))
        var actual = CMTime.invalid
        let image = try generator.copyCGImage(at: CMTime(seconds: 0.5, preferredTimescale: 600), actualTime: &actual)
        #expect(image.width == 64 && image.height == 48)
        #expect(actual.isNumeric && actual.seconds >= 0 && actual.seconds < 0.2, "a time past the end gives a frame of the video")
        // ffmpeg's testsrc: coloured bars, a gradient and a counter, so never one colour.
        var colours = Set<Int>()
        for y in stride(from: 0, to: 48, by: 6) {
            for x in stride(from: 0, to: 64, by: 6) {
                let pixel = try Self.rgb(image, x: x, y: y)
                colours.insert(pixel.r << 16 | pixel.g << 8 | pixel.b)
            }
        }
        #expect(colours.count > 10)

        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        _ = try generator.copyCGImage(at: CMTime(value: 3, timescale: 25), actualTime: &actual)
        #expect(abs(actual.seconds - 0.12) < 0.001, "zero tolerance: the frame shown at 0.12 s")
    }

    @Test func thePreferredTransformTurnsAPortraitVideo() throws {
        let asset = AVURLAsset(url: Self.url("rotated-portrait.mp4"))
        let track = try #require(asset.tracks(withMediaType: .video).first)
        #expect(track.naturalSize == CGSize(width: 64, height: 48))
        #expect(track.preferredTransform.a == 0 && track.preferredTransform.b == 1 && track.preferredTransform.c == -1)

        let generator = AVAssetImageGenerator(asset: asset)
        let stored = try generator.copyCGImage(at: .zero, actualTime: nil)
        #expect(stored.width == 64 && stored.height == 48, "appliesPreferredTrackTransform is false by default")
        #expect(try Self.rgb(stored, x: 8, y: 24).r > 200 && Self.rgb(stored, x: 56, y: 24).b > 200)

        generator.appliesPreferredTrackTransform = true
        let upright = try generator.copyCGImage(at: .zero, actualTime: nil)
        #expect(upright.width == 48 && upright.height == 64)
        #expect(try Self.rgb(upright, x: 24, y: 8).r > 200 && Self.rgb(upright, x: 24, y: 56).b > 200, "a quarter turn clockwise")

        generator.maximumSize = CGSize(width: 24, height: 24)
        let small = try generator.copyCGImage(at: .zero, actualTime: nil)
        #expect(small.width == 18 && small.height == 24, "maximumSize bounds the turned image, aspect kept")
        generator.maximumSize = CGSize(width: 1000, height: 0)
        #expect(try generator.copyCGImage(at: .zero, actualTime: nil).width == 48, "never enlarged")
    }

    @Test("every container iOS opens gives frames", arguments: ["sample.m4v", "sample.avi", "sample.mpg", "sample.m2v", "near-miss.mov"])
    func containers(name: String) throws {
        let image = try AVAssetImageGenerator(asset: AVAsset(url: Self.url(name))).copyCGImage(at: .zero, actualTime: nil)
        #expect(image.width == 64 && image.height == 48)
    }

    @Test func whatIsNotAMovieGetsAVFoundationsErrors() throws {
        let text = try Self.temporaryFile("notes.txt", bytes: Data("Not a movie, a note someone served as video.\n".utf8))
        let notRecognized = Self.error { _ = try AVAssetImageGenerator(asset: AVAsset(url: text)).copyCGImage(at: .zero, actualTime: nil) }
        #expect(notRecognized?.domain == AVFoundationErrorDomain && notRecognized?.code == AVError.Code.fileFormatNotRecognized.rawValue)
        #expect(notRecognized?.code == -11828)
        do {
            _ = try AVAssetImageGenerator(asset: AVAsset(url: Self.url("near-miss-html.jpg"))).copyCGImage(at: .zero, actualTime: nil)
            Issue.record("an HTML page made an image")
        } catch let error as AVError {
            #expect(error.code == .fileFormatNotRecognized)
        }

        let movie = try Data(contentsOf: Self.url("sample.mp4"))
        let damaged = try Self.temporaryFile("damaged.mp4", bytes: movie.prefix(movie.count / 2))
        let parse = Self.error { _ = try AVAssetImageGenerator(asset: AVAsset(url: damaged)).copyCGImage(at: .zero, actualTime: nil) }
        #expect(parse?.domain == AVFoundationErrorDomain && parse?.code == AVError.Code.fileFailedToParse.rawValue)
        #expect(AVAsset(url: damaged).tracks.isEmpty && !AVAsset(url: damaged).duration.isValid)

        // A whole container whose video data is noise: the decoder makes no frame of it.
        var garbled = movie
        let mdat = try #require(garbled.range(of: Data("mdat".utf8)))
        let boxSize = garbled[(mdat.lowerBound - 4)..<mdat.lowerBound].reduce(0) { $0 << 8 | Int($1) }
        garbled.replaceSubrange(mdat.upperBound..<(mdat.lowerBound - 4 + boxSize), with: Data(repeating: 0x5A, count: boxSize - 8))
        let noise = try Self.temporaryFile("noise.mp4", bytes: garbled)
        #expect(AVAsset(url: noise).tracks(withMediaType: .video).count == 1, "the container is intact")
        let decode = Self.error { _ = try AVAssetImageGenerator(asset: AVAsset(url: noise)).copyCGImage(at: .zero, actualTime: nil) }
        #expect(decode?.domain == AVFoundationErrorDomain && decode?.code == AVError.Code.decodeFailed.rawValue)

        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).mp4")
        let notFound = Self.error { _ = try AVAssetImageGenerator(asset: AVAsset(url: missing)).copyCGImage(at: .zero, actualTime: nil) }
        #expect(notFound?.domain == NSURLErrorDomain && notFound?.code == NSURLErrorFileDoesNotExist)

        let audio = Self.error {
            _ = try AVAssetImageGenerator(asset: AVAsset(url: Self.url("sample.m4a"))).copyCGImage(at: .zero, actualTime: nil)
        }
        #expect(audio?.domain == AVFoundationErrorDomain && audio?.code == AVError.Code.noImageAtTime.rawValue)
    }

    @Test func theAsyncFormsAnswerInOrder() async throws {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: Self.url("sample.avi")))
        let times = [CMTime.zero, CMTime(value: 1, timescale: 10)].map { NSValue(time: $0) }
        let results: [(CMTime, AVAssetImageGenerator.Result, Int?)] = await withCheckedContinuation { continuation in
            let seen = Answers<(CMTime, AVAssetImageGenerator.Result, Int?)>()
            generator.generateCGImagesAsynchronously(forTimes: times) { requested, image, _, result, _ in
                if let all = seen.add((requested, result, image?.width), expecting: times.count) { continuation.resume(returning: all) }
            }
        }
        #expect(results.map(\.0) == times.map(\.timeValue))
        #expect(results.allSatisfy { $0.1 == .succeeded && $0.2 == 64 })

        var requested: [Double] = []
        for await element in generator.images(for: [.zero, CMTime(value: 1, timescale: 10)]) {
            requested.append(element.requestedTime.seconds)
            #expect(try element.image.width == 64 && element.actualTime.isNumeric)
        }
        #expect(requested == [0, 0.1])
        for await element in AVAssetImageGenerator(asset: AVAsset(url: Self.url("sample.wav"))).images(for: [.zero]) {
            guard case .failure(_, let error) = element else {
                Issue.record("an image of a sound")
                continue
            }
            #expect((error as NSError).code == AVError.Code.noImageAtTime.rawValue)
        }

        let (image, actual) = try await generator.image(at: CMTime(value: 1, timescale: 10))
        #expect(image.height == 48 && actual.isNumeric)
        let asset = AVAsset(url: Self.url("sample.mpg"))
        let (duration, tracks) = try await asset.load(.duration, .tracks)
        #expect(abs(duration.seconds - 0.16) < 0.01 && tracks.map(\.mediaType) == [.video])
        let size = try await tracks[0].load(.naturalSize)
        #expect(size == CGSize(width: 64, height: 48))
        await #expect(throws: AVError.self) { try await AVAsset(url: Self.url("near-miss-html.jpg")).load(.duration) }

        let failed: (CGImage?, Error?) = await withCheckedContinuation { continuation in
            AVAssetImageGenerator(asset: AVAsset(url: Self.url("sample.wav"))).generateCGImageAsynchronously(for: .zero) {
                image, _, error in
                continuation.resume(returning: (image, error))
            }
        }
        #expect(failed.0 == nil && (failed.1 as NSError?)?.code == AVError.Code.noImageAtTime.rawValue)
    }

    @Test func cancelledRequestsSaySo() async {
        let generator = AVAssetImageGenerator(asset: AVAsset(url: Self.url("sample.mp4")))
        let times = (0..<4).map { NSValue(time: CMTime(value: Int64($0), timescale: 20)) }
        let results: [(AVAssetImageGenerator.Result, Bool)] = await withCheckedContinuation { continuation in
            let seen = Answers<(AVAssetImageGenerator.Result, Bool)>()
            generator.generateCGImagesAsynchronously(forTimes: times) { _, image, _, result, _ in
                if let all = seen.add((result, image != nil), expecting: times.count) { continuation.resume(returning: all) }
            }
            generator.cancelAllCGImageGeneration()
        }
        // Each request is answered once: made before the cancel, or cancelled with no image.
        #expect(results.count == 4)
        #expect(results.allSatisfy { ($0.0 == .succeeded && $0.1) || ($0.0 == .cancelled && !$0.1) })
    }

    @Test func timesTravelInNSValues() {
        let time = CMTime(value: 1234, timescale: 600)
        #expect(NSValue(time: time).timeValue == time && NSValue(time: time).timeValue.timescale == 600)
        #expect(NSValue(time: .positiveInfinity).timeValue.isPositiveInfinity)
        #expect(!NSValue(time: .invalid).timeValue.isValid)
        let range = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 3, timescale: 1))
        #expect(NSValue(timeRange: range).timeRangeValue == range)
        #expect(NSValue(time: time).isEqual(NSValue(time: time)))
    }

    @Test func avAssetURLIsAnAVURLAsset() {
        // As on iOS, where Kingfisher's AVAssetImageDataProvider keys its cache with the URL found so.
        let asset = AVAsset(url: Self.url("sample.mp4"))
        #expect((asset as? AVURLAsset)?.url == Self.url("sample.mp4"))
        #expect(type(of: AVURLAsset(url: Self.url("sample.mp4"), options: nil)) == AVURLAsset.self)
        let provider = VideoPosterProvider(videoURL: Self.url("sample.mp4"), seconds: 1)
        #expect(provider.cacheKey == Self.url("sample.mp4").absoluteString + "@1.0")
    }

    @Test func theSampleMakesAPosterAsKingfisherDoes() async throws {
        let data = try await withCheckedThrowingContinuation { continuation in
            VideoPosterProvider(videoURL: Self.url("rotated-portrait.mp4"), seconds: 0.5, maxPixels: 32).jpegData {
                continuation.resume(with: $0)
            }
        }
        #expect(data.starts(with: [0xFF, 0xD8]))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let poster = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(poster.width == 24 && poster.height == 32, "upright and within 32 pixels")

        let info = try #require(VideoPosterProvider.describe(Self.url("rotated-portrait.mp4")))
        #expect(info.size == CGSize(width: 48, height: 64) && abs(info.seconds - 0.2) < 0.001)

        let video = try Self.temporaryFile("sample.mp4")
        let content = UNMutableNotificationContent()
        content.body = "A new clip"
        let service = VideoThumbnailNotificationService()
        let delivered: UNNotificationContent = await withCheckedContinuation { continuation in
            service.attachPoster(of: video, to: content) { continuation.resume(returning: $0) }
        }
        #expect(delivered.attachments.map(\.identifier) == ["poster", "video"])
        #expect(delivered.subtitle == "0.2 s, 64×48")
    }
}

/// The answers of an image generator's handler, collected from its queue.
private final class Answers<Answer>: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Answer] = []

    /// Adds `answer`; all of them once there are `count`.
    func add(_ answer: Answer, expecting count: Int) -> [Answer]? {
        lock.lock()
        defer { lock.unlock() }
        answers.append(answer)
        return answers.count == count ? answers : nil
    }
}
