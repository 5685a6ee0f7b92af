/// The Content-Type the server gives a file, from its extension (case-insensitive).
///
/// Every attachment type iOS accepts has its usual MIME type, so that clients which check
/// the header see what a real CDN would send.
package enum MediaTypes {
    package static let fallback = "application/octet-stream"

    package static let byExtension: [String: String] = [
        // Images
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "heic": "image/heic", "webp": "image/webp",
        // Audio
        "aif": "audio/aiff", "aiff": "audio/aiff", "aifc": "audio/aiff", "wav": "audio/wav",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "caf": "audio/x-caf", "flac": "audio/flac", "ogg": "audio/ogg",
        // Video
        "mpg": "video/mpeg", "mpeg": "video/mpeg", "m2v": "video/mpeg", "mp2": "video/mpeg",
        "mp4": "video/mp4", "m4v": "video/x-m4v", "avi": "video/x-msvideo", "mov": "video/quicktime",
        // Text and data
        "json": "application/json", "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "css": "text/css", "js": "text/javascript",
        "xml": "application/xml", "pdf": "application/pdf", "apns": "application/json",
        "strings": "text/plain; charset=utf-8", "plist": "application/xml",
    ]

    /// The type for a file name or path.
    package static func type(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }
}
