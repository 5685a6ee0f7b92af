import Foundation
import NSESimRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What came back for one request, as a tiny blocking HTTP/1.1 client saw it on the wire.
struct RawResponse: Sendable {
    /// How the exchange ended.
    enum Ending: Sendable, Equatable {
        /// The whole body (Content-Length bytes, or up to the close when reading until close).
        case complete
        /// The server closed before the body was complete (or before any byte: `status` is 0).
        case closedEarly
        /// A TCP reset.
        case reset
        /// Nothing came for the read timeout.
        case timedOut
    }

    /// The status code; 0 when no response came at all.
    var status = 0
    /// Header names in lower case.
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    var ending = Ending.complete
    /// Seconds from the request's last byte sent to the response's first byte.
    var firstByteAfter: Double = 0
    /// Seconds from the request's last byte sent to the last byte received.
    var totalAfter: Double = 0

    subscript(header name: String) -> String? { headers[name.lowercased()] }
    var text: String { String(decoding: body, as: UTF8.self) }
    /// Whether the connection was dropped without a byte of answer.
    var wasDropped: Bool { status == 0 && ending != .timedOut }
}

/// One TCP connection to 127.0.0.1 that sends raw request text and reads responses, with
/// timings; blocking, so it runs on a thread of its own (``RawHTTP``), never on the test
/// pool's threads. Request targets are sent exactly as given (no normalisation of `..`).
final class RawConnection {
    enum BodyMode { case contentLength, untilClose }

    private let socket: Int32
    private var pending: [UInt8] = []
    private var sentAt = ContinuousClock.now
    private(set) var closedByPeer = false

    init(port: Int, timeout: Double = 15) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here on failure: every stored property is set, so deinit runs and closes
        // it (closing twice could close a descriptor another thread has opened since).
        guard connected == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    deinit {
        if socket >= 0 { Glibc.close(socket) }
    }

    /// Sends `GET TARGET` (or another method) with optional headers.
    func sendRequest(_ target: String, method: String = "GET", headers: [String: String] = [:]) {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: nsesim-tests\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        send(text)
    }

    /// Sends raw bytes. The clock for the response's timings starts just before them, so
    /// that a pause of this thread can only make the measured times longer, never shorter.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        sentAt = .now
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            offset += sent
        }
    }

    /// Reads one response. `stopAfter`: read at most that many body bytes, then return
    /// (the caller closes the connection early).
    func readResponse(isHead: Bool = false, bodyMode: BodyMode = .contentLength, stopAfter: Int? = nil) -> RawResponse {
        var response = RawResponse()
        var firstByte: ContinuousClock.Instant?
        // The head.
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: pending)
            if headEnd != nil { break }
            if !pending.isEmpty, firstByte == nil { firstByte = .now }
            switch receive() {
            case .data: if firstByte == nil { firstByte = .now }
            case .end(let ending):
                response.ending = ending == .complete ? .closedEarly : ending
                response.firstByteAfter = seconds(firstByte ?? .now)
                response.totalAfter = seconds(.now)
                return response
            }
        }
        let headBytes = Array(pending[..<headEnd!])
        pending.removeFirst(headEnd! + 4)
        let lines = String(decoding: headBytes, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        response.status = statusParts.count > 1 ? Int(statusParts[1]) ?? -1 : -1
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            response.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        response.firstByteAfter = seconds(firstByte ?? .now)

        // The body.
        let noBody = isHead || response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        let declared = Int(response[header: "content-length"] ?? "")
        var wanted: Int? = noBody ? 0 : (bodyMode == .contentLength ? declared : nil)
        if let stopAfter { wanted = min(wanted ?? stopAfter, stopAfter) }
        while wanted.map({ pending.count < $0 }) ?? true {
            switch receive() {
            case .data: continue
            case .end(let ending):
                response.ending = (wanted == nil && ending == .complete) ? .complete : (ending == .complete ? .closedEarly : ending)
                response.body = pending
                pending = []
                response.totalAfter = seconds(.now)
                return response
            }
        }
        let count = wanted ?? pending.count
        response.body = Array(pending[..<count])
        pending.removeFirst(count)
        response.totalAfter = seconds(.now)
        return response
    }

    private enum Received { case data, end(RawResponse.Ending) }

    private func receive() -> Received {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                pending.append(contentsOf: buffer[..<count])
                return .data
            }
            if count == 0 {
                closedByPeer = true
                return .end(.complete)
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .end(.timedOut)
            case ECONNRESET:
                closedByPeer = true
                return .end(.reset)
            default:
                closedByPeer = true
                return .end(.closedEarly)
            }
        }
    }

    private func seconds(_ instant: ContinuousClock.Instant) -> Double {
        (instant - sentAt).exactSeconds
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}

/// Runs blocking client work on a thread of its own and awaits it.
enum RawHTTP {
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.start()
        }
    }

    /// One request on a fresh connection.
    static func fetch(
        port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:],
        bodyMode: RawConnection.BodyMode = .contentLength
    ) async throws -> RawResponse {
        try await onOwnThread {
            let connection = try RawConnection(port: port)
            connection.sendRequest(target, method: method, headers: headers)
            return connection.readResponse(isHead: method == "HEAD", bodyMode: bodyMode)
        }
    }
}
