import Foundation

/// Positional reads from an open file, for looking at a file's head and structure
/// without loading it.
struct FileReader: ~Copyable {
    let descriptor: Int32
    let size: Int64

    init(descriptor: Int32, size: Int64) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes starting at `offset`; fewer at the end of the file.
    func read(at offset: Int64, count: Int) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let wanted = Int(min(Int64(count), size - offset))
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, wanted - filled, off_t(offset) + off_t(filled))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return filled == wanted ? bytes : Array(bytes.prefix(filled))
    }

    /// The last `count` bytes of the file (all of it if shorter).
    func tail(_ count: Int) -> [UInt8] {
        let start = max(0, size - Int64(count))
        return read(at: start, count: Int(size - start))
    }
}
