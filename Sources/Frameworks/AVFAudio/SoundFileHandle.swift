import CAudioFile
import Foundation

/// One open file of libsndfile's (the thin I/O layer under `AVAudioFile`): frames read and
/// written interleaved as one of the common sample types. libsndfile is loaded on first use.
final class SoundFileHandle: @unchecked Sendable {
    private var file: UnsafeMutableRawPointer?
    /// What libsndfile says the file holds.
    let info: Info

    /// Frames, rate, channels and libsndfile's format word.
    struct Info: Sendable {
        let frames: Int64
        let sampleRate: Int
        let channels: Int
        let format: Int32

        init(_ info: nsesim_audio_info) {
            frames = info.frames
            sampleRate = Int(info.sample_rate)
            channels = Int(info.channels)
            format = info.format
        }
    }

    /// Why libsndfile could not open a file, in its words.
    struct OpenError: Error, Sendable {
        let message: String
        /// libsndfile itself could not be loaded (the package is missing).
        let libraryMissing: Bool
    }

    private init(file: UnsafeMutableRawPointer, info: nsesim_audio_info) {
        self.file = file
        self.info = Info(info)
    }

    static func load() throws(OpenError) {
        var error = [CChar](repeating: 0, count: 512)
        guard nsesim_audio_load(&error, error.count) == 1 else {
            throw OpenError(message: Self.text(error), libraryMissing: true)
        }
    }

    static func openForReading(_ path: String) throws(OpenError) -> SoundFileHandle {
        try load()
        var info = nsesim_audio_info()
        var error = [CChar](repeating: 0, count: 512)
        guard let file = nsesim_audio_open_read(path, &info, &error, error.count) else {
            throw OpenError(message: Self.text(error), libraryMissing: false)
        }
        return SoundFileHandle(file: file, info: info)
    }

    static func openForWriting(_ path: String, format: Int32, sampleRate: Int, channels: Int) throws(OpenError) -> SoundFileHandle {
        try load()
        var info = nsesim_audio_info(frames: 0, sample_rate: Int32(sampleRate), channels: Int32(channels), format: format)
        guard nsesim_audio_format_ok(&info) == 1 else {
            throw OpenError(message: "libsndfile cannot write this format", libraryMissing: false)
        }
        var error = [CChar](repeating: 0, count: 512)
        guard let file = nsesim_audio_open_write(path, &info, &error, error.count) else {
            throw OpenError(message: Self.text(error), libraryMissing: false)
        }
        return SoundFileHandle(file: file, info: info)
    }

    /// The C string in `buffer`, up to its NUL.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func sampleType(_ format: AVAudioCommonFormat) -> nsesim_audio_sample {
        switch format {
        case .pcmFormatInt16: return NSESIM_AUDIO_INT16
        case .pcmFormatInt32: return NSESIM_AUDIO_INT32
        case .pcmFormatFloat64: return NSESIM_AUDIO_FLOAT64
        case .pcmFormatFloat32, .otherFormat: return NSESIM_AUDIO_FLOAT32
        }
    }

    /// Frames read into `data` (interleaved), or nil on a read error.
    func read(_ format: AVAudioCommonFormat, into data: UnsafeMutableRawPointer, frames: Int) -> Int? {
        guard let file else { return nil }
        let read = nsesim_audio_read(file, Self.sampleType(format), data, Int64(frames))
        return read < 0 ? nil : Int(read)
    }

    /// Frames written from `data` (interleaved), or nil on a write error.
    func write(_ format: AVAudioCommonFormat, from data: UnsafeRawPointer, frames: Int) -> Int? {
        guard let file else { return nil }
        let written = nsesim_audio_write(file, Self.sampleType(format), data, Int64(frames))
        return written < 0 ? nil : Int(written)
    }

    /// Moves to `frame`; false when libsndfile cannot.
    func seek(to frame: Int64) -> Bool {
        guard let file else { return false }
        return nsesim_audio_seek(file, frame) >= 0
    }

    /// libsndfile's last error on this file.
    var lastError: String { file.map { String(cString: nsesim_audio_error($0)) } ?? "the file is closed" }

    var isOpen: Bool { file != nil }

    func close() {
        guard let file else { return }
        nsesim_audio_close(file)
        self.file = nil
    }

    deinit { close() }
}
