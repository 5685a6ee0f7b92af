import Foundation

/// An audio file to read or write, in the container its name says (`.caf`, `.wav`, `.aif`),
/// read with Debian's libsndfile: samples come and go as PCM buffers of the
/// `processingFormat`, converted from and to the file's own `fileFormat`. Each open, read and
/// write is in nsesim's report (`audio`).
open class AVAudioFile: NSObject, @unchecked Sendable {
    /// Where the file is.
    public let url: URL
    /// How the file stores its samples.
    public let fileFormat: AVAudioFormat
    /// The format buffers read from it or written to it have.
    public let processingFormat: AVAudioFormat
    private let handle: SoundFileHandle
    private let writing: Bool
    private let fileType: AudioFileType?
    private let lock = NSLock()
    private var frames: AVAudioFramePosition
    private var position: AVAudioFramePosition = 0

    /// Opens a file for reading as standard-format (32-bit float, deinterleaved) buffers.
    public convenience init(forReading fileURL: URL) throws {
        try self.init(forReading: fileURL, commonFormat: .pcmFormatFloat32, interleaved: false)
    }

    /// Opens a file for reading as buffers of `format`, interleaved or not. Throws Core Audio's
    /// error: 'wht?' (2003334207) when there is no file, 'typ?' (1954115647) when it is not
    /// audio, 'dta?' (1685348671) when it is damaged, 'prm?' when it may not be read.
    public init(forReading fileURL: URL, commonFormat format: AVAudioCommonFormat, interleaved: Bool) throws {
        let call = "ExtAudioFileOpenURL((CFURLRef)fileURL, &_extAudioFile)"
        let api = "AVAudioFile(forReading:)"
        url = fileURL
        writing = false
        do {
            let path = try Self.filePath(fileURL, call: call, reading: true)
            let opened: SoundFileHandle
            do {
                opened = try SoundFileHandle.openForReading(path)
            } catch {
                throw Self.openFailure(error, call: call, path: path)
            }
            guard opened.info.channels > 0, opened.info.sampleRate > 0 else {
                throw AudioFileError.Failure(
                    status: .invalidFile, call: call, reason: "\(path) holds no audio frames libsndfile can describe")
            }
            guard
                let processing = AVAudioFormat(
                    commonFormat: format, sampleRate: Double(opened.info.sampleRate), channels: AVAudioChannelCount(opened.info.channels),
                    interleaved: interleaved)
            else {
                throw AudioFileError.Failure(
                    status: .parameter, call: call, reason: "the processing format must be a PCM format, not .otherFormat")
            }
            handle = opened
            fileType = AudioFileType(libsndfileFormat: opened.info.format)
            fileFormat = AVAudioFormat(
                sampleRate: Double(opened.info.sampleRate), channelCount: AVAudioChannelCount(opened.info.channels),
                encoding: AudioFileType.encoding(libsndfileFormat: opened.info.format), interleaved: true)
            processingFormat = processing
            frames = opened.info.frames
        } catch let failure as AudioFileError.Failure {
            AudioReport.failed(api, url: fileURL, failure)
            throw failure.nsError
        }
        super.init()
        AudioReport.opened(api, self, type: fileType, frames: frames)
    }

    /// Creates (or replaces) a file for writing, its type from the name's extension and its
    /// data format from `settings`; buffers written are standard-format.
    public convenience init(forWriting fileURL: URL, settings: [String: Any]) throws {
        try self.init(forWriting: fileURL, settings: settings, commonFormat: .pcmFormatFloat32, interleaved: false)
    }

    /// Creates (or replaces) a file for writing, its type from the name's extension (`.caf`,
    /// `.wav`, `.aif`, `.aiff`, `.aifc`), its data format from `settings` (`AVFormatIDKey`:
    /// linear PCM, µ-law, A-law, IMA4, Apple Lossless; `AVSampleRateKey`,
    /// `AVNumberOfChannelsKey`, the linear PCM keys), buffers written as `format`. An unknown
    /// extension is 'typ?'; a data format the type cannot hold, 'fmt?'.
    public init(forWriting fileURL: URL, settings: [String: Any], commonFormat format: AVAudioCommonFormat, interleaved: Bool) throws {
        let call = "ExtAudioFileCreateWithURL((CFURLRef)fileURL, fileTypeID, &fileFormat, NULL, kAudioFileFlags_EraseFile, &_extAudioFile)"
        let api = "AVAudioFile(forWriting:settings:)"
        url = fileURL
        writing = true
        do {
            let path = try Self.filePath(fileURL, call: call, reading: false)
            guard let type = AudioFileType(pathExtension: fileURL.pathExtension) else {
                throw AudioFileError.Failure(
                    status: .unsupportedFileType, call: call,
                    reason: "no audio file type has the extension \"\(fileURL.pathExtension)\": name the file .caf, .wav or .aiff")
            }
            let described: AudioSettings
            do {
                described = try AudioSettings(settings)
            } catch {
                throw AudioFileError.Failure(status: .parameter, call: call, reason: error.message)
            }
            let word: Int32
            do {
                word = try type.libsndfileFormat(for: described.encoding)
            } catch {
                switch error {
                case .notSimulated(let reason): throw AudioFileError.Failure(status: .unsupportedDataFormat, call: call, reason: reason)
                case .unsupported(let reason):
                    throw AudioFileError.Failure(
                        status: type == .mp3 ? .unsupportedFileType : .unsupportedDataFormat, call: call,
                        reason: "\(reason) cannot be written into an .\(type.rawValue) file")
                }
            }
            guard
                let processing = AVAudioFormat(
                    commonFormat: format, sampleRate: described.sampleRate, channels: described.channels, interleaved: interleaved)
            else {
                throw AudioFileError.Failure(
                    status: .parameter, call: call, reason: "the processing format must be a PCM format, not .otherFormat")
            }
            guard described.sampleRate == described.sampleRate.rounded() else {
                throw AudioFileError.Failure(
                    status: .unsupportedDataFormat, call: call, reason: "a sample rate of \(described.sampleRate) Hz is not a whole number")
            }
            do {
                handle = try SoundFileHandle.openForWriting(
                    path, format: word, sampleRate: Int(described.sampleRate), channels: Int(described.channels))
            } catch {
                if error.libraryMissing { throw AudioFileError.Failure(status: .unspecified, call: call, reason: error.message) }
                let denied = error.message.contains("ermission") || error.message.contains("not permitted")
                throw AudioFileError.Failure(
                    status: denied ? .permissions : .unsupportedDataFormat, call: call,
                    reason: denied
                        ? "\(path) may not be written: \(error.message)"
                        : "writing \(described.encoding.name) at \(String(format: "%g", described.sampleRate)) Hz, \(described.channels) ch "
                            + "into an .\(type.rawValue) file is not simulated: libsndfile cannot (\(error.message)); iOS may"
                )
            }
            fileType = type
            fileFormat = AVAudioFormat(
                sampleRate: described.sampleRate, channelCount: described.channels, encoding: described.encoding, interleaved: true)
            processingFormat = processing
            frames = 0
        } catch let failure as AudioFileError.Failure {
            AudioReport.failed(api, url: fileURL, failure)
            throw failure.nsError
        }
        super.init()
        AudioReport.opened(api, self, type: fileType, frames: 0)
    }

    /// The file's length in sample frames (so far, when writing).
    open var length: AVAudioFramePosition { lock.withLock { frames } }

    /// The frame the next read starts at (or the next write, when writing); setting it seeks.
    open var framePosition: AVAudioFramePosition {
        get { lock.withLock { position } }
        set {
            lock.withLock {
                let target = max(0, min(newValue, frames))
                if handle.seek(to: target) { position = target }
            }
        }
    }

    /// Whether the file is open (until `close()` or its release).
    open var isOpen: Bool { lock.withLock { handle.isOpen } }

    /// Reads as many frames as the buffer holds (fewer at the end of the file) from
    /// `framePosition` on; `buffer.frameLength` says how many.
    open func read(into buffer: AVAudioPCMBuffer) throws {
        try read(into: buffer, frameCount: buffer.frameCapacity)
    }

    /// Reads up to `frames` frames (and the buffer's capacity) from `framePosition` on.
    open func read(into buffer: AVAudioPCMBuffer, frameCount frames: AVAudioFrameCount) throws {
        let api = "read(into:frameCount:)"
        do {
            let read: Int = try lock.withLock { () throws(AudioFileError.Failure) -> Int in
                let call = "ExtAudioFileRead(_extAudioFile, &frameCount, bufferList)"
                guard !writing, handle.isOpen else {
                    throw AudioFileError.Failure(status: .notOpen, call: call, reason: "the file is not open for reading")
                }
                try Self.check(buffer, matches: processingFormat, call: call)
                let wanted = Int(min(frames, buffer.frameCapacity))
                let channelCount = Int(processingFormat.channelCount)
                var got: Int?
                if processingFormat.isInterleaved || channelCount == 1 {
                    got = handle.read(processingFormat.commonFormat, into: buffer.samples, frames: wanted)
                } else {
                    let scratch = UnsafeMutableRawPointer.allocate(
                        byteCount: max(1, wanted * channelCount * buffer.bytesPerSample), alignment: 16)
                    defer { scratch.deallocate() }
                    got = handle.read(processingFormat.commonFormat, into: scratch, frames: wanted)
                    if let got { buffer.store(interleaved: scratch, frames: got, at: 0) }
                }
                guard let got else {
                    throw AudioFileError.Failure(status: .invalidFile, call: call, reason: "libsndfile could not read: \(handle.lastError)")
                }
                buffer.frameLength = AVAudioFrameCount(got)
                position += AVAudioFramePosition(got)
                return got
            }
            AudioReport.transferred(api, self, frames: read, position: framePosition)
        } catch let failure as AudioFileError.Failure {
            AudioReport.failed(api, url: url, failure)
            throw failure.nsError
        }
    }

    /// Writes the buffer's `frameLength` frames at the end of the file.
    open func write(from buffer: AVAudioPCMBuffer) throws {
        let api = "write(from:)"
        do {
            let written: Int = try lock.withLock { () throws(AudioFileError.Failure) -> Int in
                let call = "ExtAudioFileWrite(_extAudioFile, buffer.frameLength, buffer.audioBufferList)"
                guard writing, handle.isOpen else {
                    throw AudioFileError.Failure(status: .notOpen, call: call, reason: "the file is not open for writing")
                }
                try Self.check(buffer, matches: processingFormat, call: call)
                let count = Int(buffer.frameLength)
                let channelCount = Int(processingFormat.channelCount)
                var put: Int?
                if processingFormat.isInterleaved || channelCount == 1 {
                    put = handle.write(processingFormat.commonFormat, from: buffer.samples, frames: count)
                } else {
                    let scratch = UnsafeMutableRawPointer.allocate(
                        byteCount: max(1, count * channelCount * buffer.bytesPerSample), alignment: 16)
                    defer { scratch.deallocate() }
                    buffer.load(interleaved: scratch, frames: count)
                    put = handle.write(processingFormat.commonFormat, from: scratch, frames: count)
                }
                guard let put, put == count else {
                    throw AudioFileError.Failure(
                        status: .unspecified, call: call, reason: "libsndfile could not write: \(handle.lastError)")
                }
                frames += AVAudioFramePosition(put)
                position = frames
                return put
            }
            AudioReport.transferred(api, self, frames: written, position: framePosition)
        } catch let failure as AudioFileError.Failure {
            AudioReport.failed(api, url: url, failure)
            throw failure.nsError
        }
    }

    /// Closes the file (a written one is complete on disk); later reads and writes fail.
    open func close() {
        let wasOpen = lock.withLock {
            let open = handle.isOpen
            handle.close()
            return open
        }
        if wasOpen { AudioReport.closed(self, type: fileType) }
    }

    deinit {
        if handle.isOpen {
            handle.close()
            AudioReport.closed(self, type: fileType)
        }
    }

    var isWriting: Bool { writing }

    private static func check(_ buffer: AVAudioPCMBuffer, matches format: AVAudioFormat, call: String) throws(AudioFileError.Failure) {
        let given = buffer.format
        guard given.commonFormat == format.commonFormat, given.channelCount == format.channelCount,
            given.isInterleaved == format.isInterleaved || format.channelCount == 1
        else {
            throw AudioFileError.Failure(
                status: .parameter, call: call,
                reason: "the buffer's format \(given) is not the file's processing format \(format)")
        }
    }

    /// The path of a file URL that can be opened, or the error Core Audio gives.
    private static func filePath(_ url: URL, call: String, reading: Bool) throws(AudioFileError.Failure) -> String {
        guard url.isFileURL else {
            throw AudioFileError.Failure(status: .unspecified, call: call, reason: "\(url.absoluteString) is not a file URL")
        }
        let path = url.path
        guard reading else {
            let folder = url.deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw AudioFileError.Failure(status: .unspecified, call: call, reason: "no folder \(folder) to create the file in")
            }
            return path
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AudioFileError.Failure(status: .unspecified, call: call, reason: "no file at \(path)")
        }
        guard !isDirectory.boolValue else {
            throw AudioFileError.Failure(status: .unsupportedFileType, call: call, reason: "\(path) is a folder, not an audio file")
        }
        return path
    }

    private static func openFailure(_ error: SoundFileHandle.OpenError, call: String, path: String) -> AudioFileError.Failure {
        if error.libraryMissing { return AudioFileError.Failure(status: .unspecified, call: call, reason: error.message) }
        let message = error.message
        if message.contains("not permitted") || message.contains("ermission denied") {
            return AudioFileError.Failure(status: .permissions, call: call, reason: "\(path) may not be read: \(message)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        if size == 0 { return AudioFileError.Failure(status: .invalidFile, call: call, reason: "\(path) is empty") }
        let head = FileHandle(forReadingAtPath: path).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 12)
        }
        if let head, head.count == 12, head[head.startIndex + 4..<head.startIndex + 8] == Data("ftyp".utf8) {
            return AudioFileError.Failure(
                status: .unsupportedFileType, call: call,
                reason: "\(path) is MPEG-4 audio (.m4a, AAC), which iOS reads: reading it is not simulated (libsndfile reads no MPEG-4)")
        }
        if message.contains("unknown format") || message.contains("not recognised") || message.contains("not recognized") {
            return AudioFileError.Failure(
                status: .unsupportedFileType, call: call, reason: "\(path) is not an audio file libsndfile reads (\(message))")
        }
        return AudioFileError.Failure(status: .invalidFile, call: call, reason: "\(path) is damaged: \(message)")
    }
}
