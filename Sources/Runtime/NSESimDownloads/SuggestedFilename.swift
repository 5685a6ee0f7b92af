internal import AttachmentValidation
import Foundation

/// iOS's rule for `URLResponse.suggestedFilename` (Apple's documentation): the filename of
/// the content disposition header, else the URL's last path component, else the URL's host,
/// else "Unknown"; the MIME type's preferred file extension is appended to a name without one.
///
/// Linux's Foundation says "Unknown" for every HTTP response without the header. nsesim's
/// build copy of a source that reads `suggestedFilename` calls this instead (through a small
/// file the build adds); it takes no FoundationNetworking type, so this module does not link it.
public enum NSESimSuggestedFilename {
    /// The name iOS suggests for a response with this `Content-Disposition` header, URL and MIME type.
    public static func name(contentDisposition: String?, url: URL?, mimeType: String?) -> String {
        var name = contentDisposition.flatMap(filename(inContentDisposition:)) ?? ""
        if name.isEmpty, let last = url?.lastPathComponent, last != "/" { name = last }
        if name.isEmpty, let host = url?.host { name = host }
        if name.isEmpty { name = "Unknown" }
        if (name as NSString).pathExtension.isEmpty, let mimeType,
            let essence = mimeType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces),
            let fileExtension = UniformTypes.record(mimeType: essence)?.fileExtensions.first
        {
            name += "." + fileExtension
        }
        return name
    }

    /// The file name a `Content-Disposition` value gives: `filename*=UTF-8''…` (RFC 6266,
    /// percent-encoded) before `filename="…"`, without any folder part; nil when it has none.
    static func filename(inContentDisposition value: String) -> String? {
        var plain: String?
        var extended: String?
        for parameter in value.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "filename":
                var text = parts[1]
                if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                    text = String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                }
                plain = text
            case "filename*":
                // charset'language'percent-encoded
                let pieces = parts[1].split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                extended = pieces.count == 3 ? String(pieces[2]).removingPercentEncoding : nil
            default:
                continue
            }
        }
        let name = (extended ?? plain).map { ($0 as NSString).lastPathComponent }
        return name.flatMap { $0.isEmpty || $0 == "/" ? nil : $0 }
    }
}
