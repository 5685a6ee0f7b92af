internal import CMagic
import Foundation

/// Reads what a file really is with libmagic.
///
/// A `magic_t` must not be shared between threads (sharing one crashed in measurements on
/// this machine), so each thread opens its own the first time it asks and loads the
/// database once; it is closed when the thread ends.
public enum MagicSniffer {
    /// How many leading bytes are handed to libmagic: enough for every supported type
    /// (including an MP3 behind a large ID3 tag) and far more than the 512 bytes that
    /// measurements showed to be sufficient.
    public static let sniffLength = 64 * 1024

    /// The MIME type libmagic gives for these bytes, e.g. `image/png` or `text/html`.
    public static func mimeType(of bytes: UnsafeRawBufferPointer) throws(MagicError) -> String {
        let cookie = try MagicCookie.forCurrentThread()
        guard let result = magic_buffer(cookie.handle, bytes.baseAddress, bytes.count) else {
            throw MagicError(message: cookie.lastError ?? "magic_buffer failed")
        }
        // The string is overwritten by the next call on this cookie: copy it at once.
        return String(cString: result)
    }

    /// The MIME type libmagic gives for a byte array.
    public static func mimeType(of data: [UInt8]) throws(MagicError) -> String {
        do {
            return try data.withUnsafeBytes { buffer in try mimeType(of: buffer) }
        } catch let error as MagicError {
            throw error
        } catch {
            throw MagicError(message: "\(error)")
        }
    }
}

/// libmagic could not be opened, or its database could not be loaded.
public struct MagicError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { "libmagic: \(message)" }
}

/// One thread's libmagic handle.
final class MagicCookie {
    let handle: magic_t

    private static let threadKey = "org.nsesim.magic-cookie"

    private init(handle: magic_t) { self.handle = handle }

    deinit { magic_close(handle) }

    var lastError: String? { magic_error(handle).map { String(cString: $0) } }

    static func forCurrentThread() throws(MagicError) -> MagicCookie {
        let storage = Thread.current.threadDictionary
        if let cookie = storage[threadKey] as? MagicCookie { return cookie }
        guard let handle = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR) else {
            throw MagicError(message: "magic_open failed")
        }
        guard magic_load(handle, nil) == 0 else {
            let reason = magic_error(handle).map { String(cString: $0) } ?? "unknown error"
            magic_close(handle)
            throw MagicError(message: "cannot load the magic database: \(reason) (is libmagic-mgc installed?)")
        }
        let cookie = MagicCookie(handle: handle)
        storage[threadKey] = cookie
        return cookie
    }
}
