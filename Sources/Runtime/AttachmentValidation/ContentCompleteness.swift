/// Checks that a file of a recognised type is whole: libmagic reads only the head, so a
/// file cut short in transfer (a truncated PNG, a half-written MP4) still looks like its
/// type. Each check reads a few bytes at fixed places, never the whole file.
///
/// Formats without a cheap end marker or length field (MP3, MPEG program and elementary
/// streams) are accepted on their head alone.
enum ContentCompleteness {
    /// A sentence saying how the file is cut short, or nil when it looks whole.
    static func problem(in file: borrowing FileReader, contentType: AttachmentType) -> String? {
        switch contentType.identifier {
        case "public.png": pngProblem(file)
        case "public.jpeg": jpegProblem(file)
        case "com.compuserve.gif": gifProblem(file)
        case "com.microsoft.waveform-audio", "public.avi": riffProblem(file, littleEndian: true, name: "RIFF")
        case "public.aiff-audio": riffProblem(file, littleEndian: false, name: "FORM")
        case "public.mpeg-4", "public.mpeg-4-audio": isoMediaProblem(file)
        default: nil
        }
    }

    private static func pngProblem(_ file: borrowing FileReader) -> String? {
        // The IEND chunk: length 0, type "IEND", CRC AE 42 60 82.
        let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return file.tail(64).containsSequence(iend) ? nil : "the PNG ends without its IEND chunk (the file is cut short)"
    }

    private static func jpegProblem(_ file: borrowing FileReader) -> String? {
        // The end-of-image marker FF D9; encoders may pad a few bytes after it.
        file.tail(64).containsSequence([0xFF, 0xD9]) ? nil : "the JPEG ends without its end-of-image marker (the file is cut short)"
    }

    private static func gifProblem(_ file: borrowing FileReader) -> String? {
        let lastByte = file.tail(16).last(where: { $0 != 0 })
        return lastByte == 0x3B ? nil : "the GIF ends without its trailer byte 0x3B (the file is cut short)"
    }

    /// RIFF (WAV, AVI) and IFF (AIFF) files state their length after the 4-byte tag.
    private static func riffProblem(_ file: borrowing FileReader, littleEndian: Bool, name: String) -> String? {
        let header = file.read(at: 0, count: 8)
        guard header.count == 8 else { return "the \(name) header is incomplete" }
        let field = header[4..<8].reduce(into: UInt32(0)) { value, byte in value = value << 8 | UInt32(byte) }
        let declared = Int64(littleEndian ? field.byteSwapped : field) + 8
        guard declared <= file.size else {
            return "the \(name) header declares \(declared) bytes but the file has \(file.size) (the file is cut short)"
        }
        return nil
    }

    /// ISO base media files (MP4, M4A, M4V) are a sequence of boxes whose sizes must add
    /// up to the file's size.
    private static func isoMediaProblem(_ file: borrowing FileReader) -> String? {
        var offset: Int64 = 0
        var boxes = 0
        while offset < file.size {
            let header = file.read(at: offset, count: 16)
            guard header.count >= 8 else {
                return "an MP4 box header at byte \(offset) is incomplete (the file is cut short)"
            }
            var boxSize = Int64(header.bigEndianUInt32(at: 0))
            if boxSize == 1 {
                guard header.count == 16 else { return "an MP4 box header at byte \(offset) is incomplete" }
                boxSize = Int64(bitPattern: UInt64(header.bigEndianUInt32(at: 8)) << 32 | UInt64(header.bigEndianUInt32(at: 12)))
            } else if boxSize == 0 {
                boxSize = file.size - offset  // the last box runs to the end of the file
            }
            guard boxSize >= 8 else { return "an MP4 box at byte \(offset) has an impossible size \(boxSize)" }
            guard offset + boxSize <= file.size else {
                let type = String(decoding: header[4..<8], as: UTF8.self)
                return
                    "the MP4 box '\(type)' at byte \(offset) needs \(boxSize) bytes but only \(file.size - offset) remain (the file is cut short)"
            }
            offset += boxSize
            boxes += 1
            if boxes > 100_000 { return "the MP4 has more than 100,000 top-level boxes" }
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return false }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    func bigEndianUInt32(at index: Int) -> UInt32 {
        self[index..<(index + 4)].reduce(into: UInt32(0)) { value, byte in value = value << 8 | UInt32(byte) }
    }
}
