import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLResponse {
    /// A suggested filename for the response data, by iOS's rule (Apple's documentation of
    /// `suggestedFilename`): the content disposition header's filename, else the URL's last
    /// path component, else its host, else "Unknown"; with the MIME type's file extension
    /// appended to a name that has none. Linux's Foundation says "Unknown" for every HTTP
    /// response without the header, so code that names a downloaded file with it (Iterable's
    /// extension helper does) would make an attachment without a type.
    ///
    /// Not for extensions to call: nsesim's build copy of a source says
    /// `._nsesimSuggestedFilename` where the source says `.suggestedFilename` (a member of
    /// Foundation's name would be ambiguous in files that import FoundationNetworking too).
    /// Emitted into the caller, so this module does not link FoundationNetworking.
    @_alwaysEmitIntoClient
    public var _nsesimSuggestedFilename: String? {
        var disposition: String?
        if let http = self as? HTTPURLResponse {
            for (name, value) in http.allHeaderFields
            where (name.base as? String)?.lowercased() == "content-disposition" {
                disposition = value as? String
            }
        }
        return SuggestedFilename.make(contentDisposition: disposition, url: url, mimeType: mimeType)
    }
}
