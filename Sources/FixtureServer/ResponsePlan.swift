import NIOCore
import NIOHTTP1

/// What the server answers to one request, before the network profile and the body faults
/// (reset, wrong length, drip) shape how it is sent.
struct ResponsePlan {
    /// Where the body comes from.
    enum Body {
        case none
        case bytes(ByteBuffer)
        /// `length` bytes from `offset` of an open file.
        case file(FileChunkReader, offset: Int, length: Int)
    }

    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    /// The length the body has (and Content-Length says, unless a fault changes it); for
    /// HEAD, the length a GET would get.
    var contentLength: Int
    /// The body to send: `.none` for HEAD.
    var body: Body

    var bodyLength: Int {
        switch body {
        case .none: return 0
        case .bytes(let buffer): return buffer.readableBytes
        case .file(_, _, let length): return length
        }
    }

    /// A small HTML page for a status, e.g. `404 Not Found`, with an optional detail line.
    static func page(
        _ status: HTTPResponseStatus, detail: String? = nil, headers extra: HTTPHeaders = [:],
        isHead: Bool
    ) -> ResponsePlan {
        var headers = extra
        guard status.mayHaveResponseBody else {
            return ResponsePlan(status: status, headers: headers, contentLength: 0, body: .none)
        }
        let title = "\(status.code) \(status.reasonPhrase)"
        var html =
            "<!DOCTYPE html>\n<html><head><title>\(escape(title))</title></head>"
            + "<body><h1>\(escape(title))</h1>"
        if let detail { html += "<p>\(escape(detail))</p>" }
        html += "</body></html>\n"
        let buffer = ByteBuffer(string: html)
        headers.replaceOrAdd(name: "Content-Type", value: "text/html; charset=utf-8")
        return ResponsePlan(
            status: status, headers: headers, contentLength: buffer.readableBytes,
            body: isHead ? .none : .bytes(buffer))
    }

    /// A 302 to `location`.
    static func redirect(to location: String, isHead: Bool) -> ResponsePlan {
        page(.found, detail: "Moved to \(location)", headers: ["Location": location], isHead: isHead)
    }

    /// The answer for a resolved request path: the file (whole or the requested range), or an error page.
    /// `reader` takes over an opened file's descriptor (and closes it).
    static func file(
        _ resolution: FileResolver.Resolution, rangeHeader: String?, isHead: Bool,
        reader: (Int32) -> FileChunkReader
    ) -> ResponsePlan {
        switch resolution {
        case .notFound:
            return page(.notFound, isHead: isHead)
        case .forbidden:
            return page(.forbidden, detail: "The path leads out of the served folder.", isHead: isHead)
        case .file(let descriptor, let size, let path):
            var headers: HTTPHeaders = ["Content-Type": MediaTypes.type(forPath: path), "Accept-Ranges": "bytes"]
            var status = HTTPResponseStatus.ok
            var range = 0..<size
            switch rangeHeader.flatMap({ ByteRange.parse($0, size: size) }) {
            case nil:
                break
            case .satisfiable(let bytes):
                status = .partialContent
                range = bytes.lowerBound..<(bytes.upperBound + 1)
                headers.add(name: "Content-Range", value: "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)")
            case .unsatisfiable:
                reader(descriptor).close()
                return page(.rangeNotSatisfiable, headers: ["Content-Range": "bytes */\(size)"], isHead: isHead)
            }
            if isHead || range.isEmpty {
                reader(descriptor).close()
                return ResponsePlan(status: status, headers: headers, contentLength: range.count, body: .none)
            }
            return ResponsePlan(
                status: status, headers: headers, contentLength: range.count,
                body: .file(reader(descriptor), offset: range.lowerBound, length: range.count))
        }
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
