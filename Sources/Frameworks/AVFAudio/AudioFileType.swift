/// An audio file's container and libsndfile's words for it and its encodings: what
/// `AVAudioFile(forWriting:)` writes for a file name's extension (as Core Audio chooses the
/// type from it), and what a file read turns out to be. Pure.
enum AudioFileType: String, Sendable, CaseIterable {
    case caf, wav, aiff, aifc, m4a, mp3, flac

    // libsndfile's major formats (sndfile.h).
    static let sfWAV: Int32 = 0x01_0000
    static let sfAIFF: Int32 = 0x02_0000
    static let sfCAF: Int32 = 0x18_0000
    static let sfFLAC: Int32 = 0x17_0000
    static let sfMPEG: Int32 = 0x23_0000
    static let sfWAVEX: Int32 = 0x13_0000
    static let typeMask: Int32 = 0x0FFF_0000
    static let encodingMask: Int32 = 0x0000_FFFF
    static let endianBig: Int32 = 0x2000_0000

    /// The type a file name's extension asks for, nil when Core Audio knows none.
    init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "caf": self = .caf
        case "wav", "wave": self = .wav
        case "aif", "aiff": self = .aiff
        case "aifc": self = .aifc
        case "m4a", "mp4", "aac", "m4r": self = .m4a
        case "mp3": self = .mp3
        case "flac": self = .flac
        default: return nil
        }
    }

    /// The type of a file libsndfile opened.
    init?(libsndfileFormat format: Int32) {
        switch format & Self.typeMask {
        case Self.sfCAF: self = .caf
        case Self.sfWAV, Self.sfWAVEX: self = .wav
        case Self.sfAIFF: self = .aiff
        case Self.sfFLAC: self = .flac
        case Self.sfMPEG: self = .mp3
        default: return nil
        }
    }

    /// The uniform type identifier of the file, as the report names it.
    var uti: String {
        switch self {
        case .caf: return "com.apple.coreaudio-format"
        case .wav: return "com.microsoft.waveform-audio"
        case .aiff, .aifc: return "public.aiff-audio"
        case .m4a: return "public.mpeg-4-audio"
        case .mp3: return "public.mp3"
        case .flac: return "org.xiph.flac"
        }
    }

    /// Why this type cannot hold `encoding` here (nil when it can): libsndfile's reach.
    enum Refusal: Error, Sendable, Equatable {
        /// iOS writes it; no Debian library nsesim loads does (AAC in an .m4a).
        case notSimulated(String)
        /// iOS refuses it too (an MP3 file, a format the container cannot hold).
        case unsupported(String)
    }

    /// libsndfile's format word for writing `encoding` into this type.
    func libsndfileFormat(for encoding: AudioEncoding) throws(Refusal) -> Int32 {
        let major: Int32
        switch self {
        case .caf: major = Self.sfCAF
        case .wav: major = Self.sfWAV
        case .aiff, .aifc: major = Self.sfAIFF
        case .flac: major = Self.sfFLAC
        case .m4a:
            throw .notSimulated(
                "writing \(fourCharacters(encoding.formatID)) into an .\(rawValue) file is not simulated: "
                    + "no Debian library nsesim loads writes MPEG-4 audio; write a .caf, .wav or .aiff")
        case .mp3:
            throw .unsupported("Core Audio does not write MP3 files (kAudioFileUnsupportedFileTypeError)")
        }
        let subtype: Int32
        switch encoding.formatID {
        case kAudioFormatLinearPCM:
            switch (encoding.bitDepth, encoding.isFloat) {
            case (8, false): subtype = self == .wav ? 0x0005 : 0x0001  // WAV's 8-bit is unsigned
            case (16, false): subtype = 0x0002
            case (24, false): subtype = 0x0003
            case (32, false): subtype = 0x0004
            case (32, true): subtype = 0x0006
            case (64, true): subtype = 0x0007
            default: throw .unsupported("\(encoding.bitDepth)-bit linear PCM")
            }
        case kAudioFormatULaw: subtype = 0x0010
        case kAudioFormatALaw: subtype = 0x0011
        case kAudioFormatAppleIMA4: subtype = 0x0012
        case kAudioFormatAppleLossless: subtype = 0x0072  // ALAC, 24-bit
        case kAudioFormatMPEG4AAC, kAudioFormatMPEG4AAC_HE:
            throw .notSimulated(
                "AAC encoding ('\(fourCharacters(encoding.formatID))') is not simulated: no Debian library nsesim loads "
                    + "encodes AAC; use kAudioFormatLinearPCM")
        default:
            throw .unsupported("format '\(fourCharacters(encoding.formatID))' in an .\(rawValue) file")
        }
        var endian: Int32 = 0
        if encoding.isBigEndian, self == .caf || self == .aifc { endian = Self.endianBig }
        if !encoding.isBigEndian, self == .caf { endian = 0x1000_0000 }
        return major | subtype | endian
    }

    /// The encoding a file libsndfile opened holds, as its `fileFormat` describes it.
    static func encoding(libsndfileFormat format: Int32) -> AudioEncoding {
        if format & typeMask == sfFLAC { return AudioEncoding(formatID: kAudioFormatFLAC) }
        if format & typeMask == sfMPEG { return AudioEncoding(formatID: kAudioFormatMPEGLayer3) }
        let big = format & 0x3000_0000 == endianBig || (format & typeMask == sfAIFF && format & 0x3000_0000 == 0)
        switch format & encodingMask {
        case 0x0001, 0x0005: return AudioEncoding(formatID: kAudioFormatLinearPCM, bitDepth: 8, isBigEndian: big)
        case 0x0002: return AudioEncoding(formatID: kAudioFormatLinearPCM, bitDepth: 16, isBigEndian: big)
        case 0x0003: return AudioEncoding(formatID: kAudioFormatLinearPCM, bitDepth: 24, isBigEndian: big)
        case 0x0004: return AudioEncoding(formatID: kAudioFormatLinearPCM, bitDepth: 32, isBigEndian: big)
        case 0x0006: return AudioEncoding(formatID: kAudioFormatLinearPCM, bitDepth: 32, isFloat: true, isBigEndian: big)
        case 0x0007: return AudioEncoding(formatID: kAudioFormatLinearPCM, bitDepth: 64, isFloat: true, isBigEndian: big)
        case 0x0010: return AudioEncoding(formatID: kAudioFormatULaw)
        case 0x0011: return AudioEncoding(formatID: kAudioFormatALaw)
        case 0x0012: return AudioEncoding(formatID: kAudioFormatAppleIMA4)
        case 0x0070...0x0073: return AudioEncoding(formatID: kAudioFormatAppleLossless)
        default: return AudioEncoding(formatID: 0)
        }
    }
}
