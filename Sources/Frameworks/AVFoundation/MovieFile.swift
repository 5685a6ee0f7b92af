import CMovieFile
@_spi(NSESim) import CoreGraphics
import Foundation

/// Why FFmpeg could not open or decode a movie: the C target's status and its reason in words.
struct MovieFailure: Error, Sendable {
    /// What went wrong, which AVError says it.
    let status: nsesim_movie_status
    /// libavformat's or libavcodec's reason.
    let reason: String
}

/// What the container says of one stream, copied out of the C target.
struct MovieStream: Sendable {
    let trackID: Int32
    let kind: nsesim_stream_kind
    let width: Int, height: Int
    let frameRate: Double
    let transform: CGAffineTransform
    /// Start and duration in `timeBase` units (duration nil when unknown).
    let start: Int64, duration: Int64?
    let timeBase: (num: Int32, den: Int32)
    let bitRate: Int64
    let channels: Int, sampleRate: Int
    let codec: String

    /// The duration as a time in the stream's own timescale, as QuickTime's track durations are.
    var durationTime: CMTime? {
        guard let duration, timeBase.den > 0, timeBase.num > 0 else { return nil }
        if timeBase.num == 1 { return CMTime(value: duration, timescale: timeBase.den) }
        return CMTime(seconds: Double(duration) * Double(timeBase.num) / Double(timeBase.den), preferredTimescale: 600)
    }

    /// The start as a time in the stream's timescale.
    var startTime: CMTime {
        guard timeBase.den > 0, timeBase.num > 0 else { return .zero }
        if timeBase.num == 1 { return CMTime(value: start, timescale: timeBase.den) }
        return CMTime(seconds: Double(start) * Double(timeBase.num) / Double(timeBase.den), preferredTimescale: 600)
    }
}

/// An open movie file: its container's streams, and a decoder kept for the frames asked of it.
/// The C handle is used by one thread at a time, under `lock`.
final class MovieFile: @unchecked Sendable {
    /// libavformat's name of the container.
    let format: String
    /// The container's duration in microseconds, nil when it does not say.
    let durationMicroseconds: Int64?
    /// The streams, in the container's order.
    let streams: [MovieStream]
    /// The index in `streams` of the video frames are taken from.
    let videoStream: Int?
    private let handle: UnsafeMutableRawPointer
    private let lock = NSLock()

    /// How long loading the libraries took, given once: to the first asset's report (nil after, before, or when they failed).
    static func takeLibraryLoadTime() -> Duration? {
        loadState.withLock { state in
            defer { state.time = nil }
            return state.time
        }
    }
    /// The libraries' versions, once loaded.
    static var libraryVersions: String { String(cString: nsesim_movie_library_versions()) }
    private static let loadState = NSLockedValue<(tried: Bool, time: Duration?)>((false, nil))

    /// Loads FFmpeg's libraries (once: the first asset pays for it), or throws why not.
    static func loadLibraries() throws(MovieFailure) {
        var error = [CChar](repeating: 0, count: 512)
        let clock = ContinuousClock()
        let start = clock.now
        let loaded = nsesim_movie_load(&error, error.count) == 1
        let elapsed = clock.now - start
        loadState.withLock { state in
            if !state.tried {
                state.tried = true
                state.time = loaded ? elapsed : nil
            }
        }
        guard loaded else { throw MovieFailure(status: NSESIM_MOVIE_NO_LIBRARY, reason: Self.string(error)) }
    }

    /// Opens the file at `path` and reads its streams, or throws why not.
    init(path: String) throws(MovieFailure) {
        try Self.loadLibraries()
        var info = nsesim_movie_info()
        var status = NSESIM_MOVIE_OK
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = nsesim_movie_open(path, &info, &status, &error, error.count) else {
            throw MovieFailure(status: status, reason: Self.string(error))
        }
        self.handle = handle
        format = withUnsafeBytes(of: info.format) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        durationMicroseconds = info.duration_us >= 0 ? info.duration_us : nil
        streams = (0..<Int(info.stream_count)).compactMap { index in
            var stream = nsesim_movie_stream()
            guard nsesim_movie_stream_info(handle, Int32(index), &stream) == 1 else { return nil }
            let t = stream.transform
            return MovieStream(
                trackID: stream.track_id, kind: stream.kind, width: Int(stream.width), height: Int(stream.height),
                frameRate: stream.frame_rate,
                transform: CGAffineTransform(a: t.0, b: t.1, c: t.2, d: t.3, tx: t.4, ty: t.5),
                start: stream.start, duration: stream.duration >= 0 ? stream.duration : nil,
                timeBase: (stream.time_base_num, stream.time_base_den), bitRate: stream.bit_rate,
                channels: Int(stream.channels), sampleRate: Int(stream.sample_rate),
                codec: withUnsafeBytes(of: stream.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        let video = Int(nsesim_movie_video_stream(handle))
        videoStream = video >= 0 && video < streams.count ? video : nil
    }

    deinit { nsesim_movie_close(handle) }

    /// Decodes the video frame shown at `seconds` (within the tolerances, in seconds) and converts
    /// it to a bitmap of the size `size` gives for the frame's coded size. Returns the bitmap, the
    /// frame's time in seconds and the bytes of the decoded frame FFmpeg held (4:2:0, estimated).
    func frame(
        at seconds: Double, before: Double, after: Double, size: (_ width: Int, _ height: Int) -> (width: Int, height: Int)
    ) throws(MovieFailure) -> (bitmap: Bitmap, actual: Double, frameBytes: Int) {
        lock.lock()
        // The decoder's frames (several for H.264) go as soon as the image is made: an extension
        // is short of memory, and the next request seeks and decodes again anyway.
        defer {
            nsesim_movie_release_decoder(handle)
            lock.unlock()
        }
        var error = [CChar](repeating: 0, count: 512)
        var actual = 0.0
        var (width, height): (Int32, Int32) = (0, 0)
        let status = nsesim_movie_decode(handle, seconds, before, after, &actual, &width, &height, &error, error.count)
        guard status == NSESIM_MOVIE_OK else { throw MovieFailure(status: status, reason: Self.string(error)) }
        let output = size(Int(width), Int(height))
        let bitmap: Bitmap
        do {
            bitmap = try Bitmap.canvas(width: output.width, height: output.height, opaque: true)
        } catch {
            throw MovieFailure(status: NSESIM_MOVIE_NO_MEMORY, reason: error.message)
        }
        // libswscale writes straight into the bitmap's pixels: no buffer between them.
        guard
            nsesim_movie_convert(
                handle, Int32(output.width), Int32(output.height), bitmap.rgbaPixels, Int32(output.width * 4), &error, error.count) == 1
        else { throw MovieFailure(status: NSESIM_MOVIE_DECODE_FAILED, reason: Self.string(error)) }
        return (bitmap, actual, Int(width) * Int(height) * 3 / 2)
    }

    /// The C string in `buffer`.
    static func string(_ buffer: [CChar]) -> String {
        buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// A value behind a lock, for the few statics this module keeps.
final class NSLockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
