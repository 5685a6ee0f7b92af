import Foundation

/// The orientation a JPEG's EXIF data asks for (tag 0x0112 of IFD0), 1 (upright) to 8, read
/// from the APP1 segment as ImageIO does; 1 when there is none.
@_spi(NSESim) public enum EXIFOrientation {
    /// The orientation of `data`, a JPEG file.
    public static func of(jpeg data: Data) -> Int {
        let bytes = [UInt8](data.prefix(128 * 1024))
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xDA || length < 2 { break }  // start of scan: no more metadata
            let body = index + 4
            if marker == 0xE1, body + 6 <= bytes.count, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                return orientation(inTIFF: Array(bytes[min(body + 6, bytes.count)..<min(index + 2 + length, bytes.count)]))
            }
            index += 2 + length
        }
        return 1
    }

    /// The orientation entry of a TIFF header's first directory.
    private static func orientation(inTIFF tiff: [UInt8]) -> Int {
        guard tiff.count >= 8 else { return 1 }
        let little = tiff[0] == 0x49
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= tiff.count else { return nil }
            let slice = tiff[offset..<offset + count]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = read(4, 4), let entries = read(directory, 2) else { return 1 }
        for entry in 0..<min(entries, 256) {
            let at = directory + 2 + entry * 12
            guard let tag = read(at, 2) else { break }
            if tag == 0x0112, let value = read(at + 8, 2), (1...8).contains(value) { return value }
        }
        return 1
    }
}
