internal import AttachmentValidation
internal import CCurlShim
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs downloads in parallel with libcurl's multi interface on the calling thread.
final class CurlTransfers {
    private let urls: [URL]
    private let configuration: NSESimDownloader.Configuration

    init(urls: [URL], configuration: NSESimDownloader.Configuration) {
        self.urls = urls
        self.configuration = configuration
    }

    func run() -> [Result<NSESimDownloader.Download, NSESimDownloadError>] {
        var loadError = [CChar](repeating: 0, count: 512)
        guard nsesim_curl_load(&loadError, loadError.count) == 1 else {
            let reason = String(cString: loadError)
            return urls.map { _ in .failure(.unavailable(reason: reason)) }
        }
        let directory = configuration.destinationDirectory ?? URL(fileURLWithPath: NSTemporaryDirectory())
        var results = [Result<NSESimDownloader.Download, NSESimDownloadError>?](repeating: nil, count: urls.count)
        var transfers: [CurlTransfer] = []
        for (index, url) in urls.enumerated() {
            do {
                transfers.append(try CurlTransfer(index: index, url: url, directory: directory, configuration: configuration))
            } catch {
                results[index] = .failure(error)
            }
        }
        guard let multi = nsesim_curl_multi_init() else {
            transfers.forEach { $0.discard() }
            return urls.map { _ in .failure(.unavailable(reason: "curl_multi_init failed")) }
        }
        defer { nsesim_curl_multi_cleanup(multi) }
        for transfer in transfers { nsesim_curl_multi_add_handle(multi, transfer.handle) }
        withExtendedLifetime(transfers) {
            var running: Int32 = 1
            while running > 0 {
                guard nsesim_curl_multi_perform(multi, &running) == CURLM_OK else { break }
                var handle: UnsafeMutableRawPointer?
                var code = CURLE_OK
                while nsesim_curl_multi_next_done(multi, &handle, &code) == 1 {
                    guard let transfer = transfers.first(where: { $0.handle == handle }) else { continue }
                    nsesim_curl_multi_remove_handle(multi, transfer.handle)
                    results[transfer.index] = transfer.finish(code)
                }
                if running > 0 {
                    var ready: Int32 = 0
                    nsesim_curl_multi_poll(multi, 250, &ready)
                }
            }
        }
        for transfer in transfers where results[transfer.index] == nil {
            nsesim_curl_multi_remove_handle(multi, transfer.handle)
            results[transfer.index] = transfer.finish(CURLE_ABORTED_BY_CALLBACK)
        }
        return results.map { $0 ?? .failure(.unavailable(reason: "the transfer did not run")) }
    }
}

/// One download: a libcurl easy handle writing to a partial file.
final class CurlTransfer {
    let index: Int
    let url: URL
    let handle: UnsafeMutableRawPointer
    private let configuration: NSESimDownloader.Configuration
    private let directory: URL
    private let partialPath: String
    private let sink: Sink

    /// Where the body goes, and how much of it came: libcurl's write callback gets a
    /// pointer to it.
    final class Sink {
        let descriptor: Int32
        let limit: Int64
        var received: Int64 = 0
        var overLimit = false
        var writeError: Int32 = 0

        init(descriptor: Int32, limit: Int64) {
            self.descriptor = descriptor
            self.limit = limit
        }
    }

    /// libcurl's write callback: appends to the file, and stops the transfer (by
    /// returning a short count) as soon as the body passes the limit.
    static let write: nsesim_curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        if sink.received + Int64(length) > sink.limit {
            sink.overLimit = true
            sink.received += Int64(length)
            return 0
        }
        var offset = 0
        while offset < length {
            let written = Glibc.write(sink.descriptor, data + offset, length - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                sink.writeError = errno
                return 0
            }
            offset += written
        }
        sink.received += Int64(length)
        return length
    }

    init(index: Int, url: URL, directory: URL, configuration: NSESimDownloader.Configuration) throws(NSESimDownloadError) {
        self.index = index
        self.url = url
        self.configuration = configuration
        self.directory = directory
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(url: url.absoluteString)
        }
        partialPath = directory.appendingPathComponent(".nsesim-download-\(UUID().uuidString).part").path
        let descriptor = open(partialPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .file(path: partialPath, reason: String(cString: strerror(errno)))
        }
        sink = Sink(descriptor: descriptor, limit: configuration.maximumBytes)
        guard let easy = nsesim_curl_easy_init() else {
            close(descriptor)
            unlink(partialPath)
            throw .unavailable(reason: "curl_easy_init failed")
        }
        handle = easy
        configure()
    }

    private func configure() {
        nsesim_curl_setopt_string(handle, CURLOPT_URL, url.absoluteString)
        nsesim_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        nsesim_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        nsesim_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        nsesim_curl_setopt_long(handle, CURLOPT_MAXREDIRS, configuration.maximumRedirects)
        nsesim_curl_setopt_long(handle, CURLOPT_FAILONERROR, 1)
        nsesim_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        nsesim_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = configuration.caFile { nsesim_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
        nsesim_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
        nsesim_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(configuration.timeout * 1000))
        nsesim_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        nsesim_curl_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maximumBytes))
        nsesim_curl_setopt_string(handle, CURLOPT_USERAGENT, "nsesim-downloader")
        nsesim_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        nsesim_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, Self.write)
        nsesim_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
    }

    /// Turns libcurl's result into a download (the file renamed into place) or an error
    /// (the partial file removed), and frees the handle.
    func finish(_ code: CURLcode) -> Result<NSESimDownloader.Download, NSESimDownloadError> {
        defer { nsesim_curl_easy_cleanup(handle) }
        close(sink.descriptor)
        var status = 0
        var redirects = 0
        var value = 0
        if nsesim_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &value) == CURLE_OK { status = value }
        if nsesim_curl_getinfo_long(handle, CURLINFO_REDIRECT_COUNT, &value) == CURLE_OK { redirects = value }
        var text: UnsafePointer<CChar>?
        let finalURL =
            nsesim_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &text) == CURLE_OK
            ? text.flatMap { URL(string: String(cString: $0)) } ?? url : url
        text = nil
        let contentType =
            nsesim_curl_getinfo_string(handle, CURLINFO_CONTENT_TYPE, &text) == CURLE_OK
            ? text.map { String(cString: $0) } : nil
        let mimeType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }

        guard code == CURLE_OK else {
            unlink(partialPath)
            return .failure(error(for: code, status: status))
        }
        // libcurl fails only on 400 and above: a final 3xx (a redirect without a Location
        // it can follow, or 304) "succeeds" with the redirect's own page as the body, which
        // is not the file asked for.
        guard (200...299).contains(status) else {
            unlink(partialPath)
            return .failure(.httpStatus(status, url: url.absoluteString))
        }
        let destination = destinationPath(finalURL: finalURL, mimeType: mimeType)
        guard moveIntoPlace(destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partialPath)
            return .failure(.file(path: destination.path, reason: reason))
        }
        return .success(
            NSESimDownloader.Download(
                fileURL: destination, sourceURL: url, finalURL: finalURL,
                statusCode: status, mimeType: mimeType,
                byteCount: sink.received, redirectCount: redirects))
    }

    /// Frees the handle and the partial file of a transfer that never ran.
    func discard() {
        nsesim_curl_easy_cleanup(handle)
        close(sink.descriptor)
        unlink(partialPath)
    }

    private func error(for code: CURLcode, status: Int) -> NSESimDownloadError {
        let address = url.absoluteString
        let reason = String(cString: nsesim_curl_easy_strerror(code))
        switch code {
        case CURLE_WRITE_ERROR where sink.overLimit, CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: sink.limit, received: sink.received, url: address)
        case CURLE_WRITE_ERROR:
            return .file(path: partialPath, reason: String(cString: strerror(sink.writeError)))
        case CURLE_HTTP_RETURNED_ERROR:
            return .httpStatus(status, url: address)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedScheme(url: address)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limit: configuration.maximumRedirects, url: address)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(seconds: configuration.timeout, url: address)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            // A body cut short is incomplete; no body at all is a broken connection.
            return sink.received > 0
                ? .incomplete(received: sink.received, url: address, reason: reason)
                : .connection(url: address, reason: reason)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR:
            return .tls(url: address, reason: reason)
        default:
            return .connection(url: address, reason: reason)
        }
    }

    /// Set when destinationPath took the name with a hard link to the partial file.
    private var linkedIntoPlace = false

    /// Puts the partial file at `destination`: drops the partial name when
    /// destinationPath linked it there already, renames it otherwise. 0, or -1 and errno.
    private func moveIntoPlace(_ destination: URL) -> Int32 {
        guard linkedIntoPlace else { return rename(partialPath, destination.path) }
        unlink(partialPath)
        return 0
    }

    /// The last path component as a plain file name in the directory. It comes
    /// percent-decoded, so it may hold "/" (`..%2Fx` is `../x`) or be "." or "..", which
    /// would name a file outside the directory: only what follows the last "/" is kept,
    /// and "", ".", ".." give no name.
    static func plainName(_ component: String) -> String {
        let name = component.split(separator: "/").last.map { $0.replacingOccurrences(of: "\0", with: "") } ?? ""
        return name == "." || name == ".." ? "" : name
    }

    /// The file name: unique with the server's extension (from the final URL's path, else
    /// the Content-Type), or the server's own name.
    private func destinationPath(finalURL: URL, mimeType: String?) -> URL {
        let serverName = Self.plainName(finalURL.lastPathComponent)
        var fileExtension = (serverName as NSString).pathExtension.lowercased()
        if fileExtension.isEmpty || AttachmentType(fileExtension: fileExtension) == nil,
            let mimeType, let type = AttachmentType(mimeType: mimeType), let preferred = type.fileExtensions.first
        {
            fileExtension = fileExtension.isEmpty || AttachmentType(fileExtension: fileExtension) == nil ? preferred : fileExtension
        }
        switch configuration.naming {
        case .serverFileName where !serverName.isEmpty:
            // Taken atomically: a hard link fails with EEXIST when the name exists (another
            // call may be placing a file of the same name at the same moment); the partial
            // file is then removed by moveIntoPlace. Without hard links, check then rename.
            var candidate = directory.appendingPathComponent(serverName)
            var counter = 1
            while true {
                if link(partialPath, candidate.path) == 0 {
                    linkedIntoPlace = true
                    return candidate
                }
                if errno != EEXIST && !FileManager.default.fileExists(atPath: candidate.path) { return candidate }
                counter += 1
                let stem = (serverName as NSString).deletingPathExtension
                let suffix = (serverName as NSString).pathExtension
                candidate = directory.appendingPathComponent(suffix.isEmpty ? "\(stem)-\(counter)" : "\(stem)-\(counter).\(suffix)")
            }
        default:
            let name = UUID().uuidString
            return directory.appendingPathComponent(fileExtension.isEmpty ? name : "\(name).\(fileExtension)")
        }
    }
}
