import Foundation

/// A buffer of audio data in one format.
open class AVAudioBuffer: NSObject, @unchecked Sendable {
    /// The format of the samples.
    public let format: AVAudioFormat

    init(format: AVAudioFormat) {
        self.format = format
        super.init()
    }
}

/// A buffer of PCM samples: `frameCapacity` frames allocated, the first `frameLength` valid.
/// Not interleaved, each channel's samples lie in a buffer of their own (`floatChannelData[c]`);
/// interleaved, in one (`floatChannelData[0]`, `stride` apart). Like Apple's, not thread-safe.
open class AVAudioPCMBuffer: AVAudioBuffer, @unchecked Sendable {
    /// The frames the buffer can hold.
    public let frameCapacity: AVAudioFrameCount
    private var length: AVAudioFrameCount = 0
    /// The samples, every channel one after the other (or interleaved).
    let samples: UnsafeMutableRawPointer
    /// One pointer per channel into `samples` (a single one when interleaved).
    private let channels: UnsafeMutableRawPointer
    let bytesPerSample: Int

    /// A buffer of `frameCapacity` frames of `format`, or nil when the format is not a common
    /// PCM format (`.otherFormat`).
    public init?(pcmFormat format: AVAudioFormat, frameCapacity: AVAudioFrameCount) {
        let bytes: Int
        switch format.commonFormat {
        case .pcmFormatInt16: bytes = 2
        case .pcmFormatInt32, .pcmFormatFloat32: bytes = 4
        case .pcmFormatFloat64: bytes = 8
        case .otherFormat: return nil
        }
        self.frameCapacity = frameCapacity
        bytesPerSample = bytes
        let channelCount = Int(format.channelCount)
        let total = max(1, Int(frameCapacity) * channelCount * bytes)
        samples = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 16)
        samples.initializeMemory(as: UInt8.self, repeating: 0, count: total)
        let pointerCount = format.isInterleaved ? 1 : channelCount
        channels = UnsafeMutableRawPointer.allocate(
            byteCount: pointerCount * MemoryLayout<UnsafeMutableRawPointer>.stride,
            alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment)
        let table = channels.bindMemory(to: UnsafeMutableRawPointer.self, capacity: pointerCount)
        for channel in 0..<pointerCount {
            (table + channel).initialize(to: samples + channel * Int(frameCapacity) * bytes)
        }
        switch format.commonFormat {
        case .pcmFormatInt16: samples.bindMemory(to: Int16.self, capacity: total / 2)
        case .pcmFormatInt32: samples.bindMemory(to: Int32.self, capacity: total / 4)
        case .pcmFormatFloat32: samples.bindMemory(to: Float.self, capacity: total / 4)
        case .pcmFormatFloat64: samples.bindMemory(to: Double.self, capacity: total / 8)
        case .otherFormat: break
        }
        super.init(format: format)
    }

    deinit {
        samples.deallocate()
        channels.deallocate()
    }

    /// The valid frames; setting more than `frameCapacity` keeps `frameCapacity`, as iOS
    /// refuses it.
    public var frameLength: AVAudioFrameCount {
        get { length }
        set { length = min(newValue, frameCapacity) }
    }

    /// The distance between a channel's successive samples, in samples: the channel count
    /// when interleaved, else 1.
    public var stride: Int { format.isInterleaved ? Int(format.channelCount) : 1 }

    /// The samples as 32-bit floats, one pointer per channel; nil for another format.
    public var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? { channelData(.pcmFormatFloat32) }
    /// The samples as 16-bit integers, one pointer per channel; nil for another format.
    public var int16ChannelData: UnsafePointer<UnsafeMutablePointer<Int16>>? { channelData(.pcmFormatInt16) }
    /// The samples as 32-bit integers, one pointer per channel; nil for another format.
    public var int32ChannelData: UnsafePointer<UnsafeMutablePointer<Int32>>? { channelData(.pcmFormatInt32) }

    private func channelData<Sample>(_ wanted: AVAudioCommonFormat) -> UnsafePointer<UnsafeMutablePointer<Sample>>? {
        guard format.commonFormat == wanted else { return nil }
        let count = format.isInterleaved ? 1 : Int(format.channelCount)
        return UnsafePointer(channels.bindMemory(to: UnsafeMutablePointer<Sample>.self, capacity: count))
    }

    /// Copies `frames` interleaved frames from `source` in (at frame `offset`), laid out as
    /// this buffer lays them.
    func store(interleaved source: UnsafeRawPointer, frames: Int, at offset: Int) {
        let channelCount = Int(format.channelCount)
        if format.isInterleaved || channelCount == 1 {
            (samples + offset * channelCount * bytesPerSample).copyMemory(from: source, byteCount: frames * channelCount * bytesPerSample)
            return
        }
        for frame in 0..<frames {
            for channel in 0..<channelCount {
                let from = source + (frame * channelCount + channel) * bytesPerSample
                let to = samples + (channel * Int(frameCapacity) + offset + frame) * bytesPerSample
                to.copyMemory(from: from, byteCount: bytesPerSample)
            }
        }
    }

    /// The first `frames` frames, interleaved, into `target`.
    func load(interleaved target: UnsafeMutableRawPointer, frames: Int) {
        let channelCount = Int(format.channelCount)
        if format.isInterleaved || channelCount == 1 {
            target.copyMemory(from: samples, byteCount: frames * channelCount * bytesPerSample)
            return
        }
        for frame in 0..<frames {
            for channel in 0..<channelCount {
                let from = samples + (channel * Int(frameCapacity) + frame) * bytesPerSample
                (target + (frame * channelCount + channel) * bytesPerSample).copyMemory(from: from, byteCount: bytesPerSample)
            }
        }
    }
}
