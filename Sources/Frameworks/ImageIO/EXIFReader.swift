import Foundation

/// The EXIF metadata of a JPEG file (APP1 "Exif"): the TIFF tags of IFD0, the Exif sub-directory's
/// tags and the embedded thumbnail of IFD1, read as ImageIO reads them. Pure.
struct EXIFReader: Sendable, Equatable {
    /// A tag's value: text, whole numbers or ratios (as Doubles).
    enum Value: Sendable, Equatable {
        case text(String)
        case number(Int)
        case ratio(Double)
    }

    /// IFD0's tags (TIFF: orientation, make, model, software, date).
    var tiff: [Int: Value] = [:]
    /// The Exif directory's tags (dates, pixel dimensions, exposure).
    var exif: [Int: Value] = [:]
    /// The embedded JPEG thumbnail, if any.
    var thumbnail: Data?

    /// The metadata of `jpeg`, empty when it has none (or is not a JPEG).
    init(jpeg: Data) {
        let bytes = [UInt8](jpeg.prefix(256 * 1024))
        var index = 2
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xDA || length < 2 { break }
            let body = index + 4
            if marker == 0xE1, body + 6 <= bytes.count, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                read(tiff: Array(bytes[min(body + 6, bytes.count)..<min(index + 2 + length, bytes.count)]))
                return
            }
            index += 2 + length
        }
    }

    init() {}

    private mutating func read(tiff bytes: [UInt8]) {
        guard bytes.count >= 8 else { return }
        let little = bytes[0] == 0x49
        func int(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            let slice = bytes[offset..<offset + count]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        func directory(at offset: Int) -> (tags: [Int: Value], next: Int?) {
            guard let count = int(offset, 2), count < 512 else { return ([:], nil) }
            var tags: [Int: Value] = [:]
            for entry in 0..<count {
                let at = offset + 2 + entry * 12
                guard let tag = int(at, 2), let type = int(at + 2, 2), let items = int(at + 4, 4) else { break }
                let sizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8]
                guard let size = sizes[type] else { continue }
                let inline = size * items <= 4
                guard let valueOffset = inline ? at + 8 : int(at + 8, 4) else { continue }
                switch type {
                case 2:
                    guard valueOffset + items <= bytes.count else { continue }
                    let text = bytes[valueOffset..<valueOffset + items].prefix { $0 != 0 }
                    tags[tag] = .text(String(decoding: text, as: UTF8.self))
                case 3: if let v = int(valueOffset, 2) { tags[tag] = .number(v) }
                case 4, 9: if let v = int(valueOffset, 4) { tags[tag] = .number(v) }
                case 5, 10:
                    if let n = int(valueOffset, 4), let d = int(valueOffset + 4, 4), d != 0 { tags[tag] = .ratio(Double(n) / Double(d)) }
                default: break
                }
            }
            return (tags, int(offset + 2 + count * 12, 4))
        }
        guard let first = int(4, 4) else { return }
        let (ifd0, next) = directory(at: first)
        tiff = ifd0
        if case .number(let pointer)? = ifd0[0x8769] {
            exif = directory(at: pointer).tags
            tiff[0x8769] = nil
        }
        if let next, next > 0 {
            let ifd1 = directory(at: next).tags
            if case .number(let start)? = ifd1[0x0201], case .number(let length)? = ifd1[0x0202], start + length <= bytes.count, length > 0
            {
                thumbnail = Data(bytes[start..<start + length])
            }
        }
    }

    /// The orientation 1...8, 1 when absent.
    var orientation: Int {
        if case .number(let value)? = tiff[0x0112], (1...8).contains(value) { return value }
        return 1
    }
}
