/// The faults a request asks for through query parameters on any path (docs/behaviour.md#the-fixture-server).
///
/// - `status=CODE`: that status (200...599) with a small HTML body.
/// - `reset-after=N`: the headers with the full Content-Length, N bytes of body, then a TCP reset.
/// - `length-delta=N`: a Content-Length N bytes off (positive: longer than the body; negative:
///   shorter); the body itself is unchanged and the connection closes after it.
/// - `drip=N`: the body at N bytes per second (or slower, when the profile is slower).
/// - `redirects=N`: a chain of N 302s ending at the same path without the parameter.
/// - `redirect-to=URL`: one 302 to any URL (percent-encode it when it has `&` or `#`).
/// - `stall=1`: the request is read and never answered: no byte is sent, the connection
///   stays open until the client gives up or the server stops (a server that hangs past
///   the extension's deadline). `stall=0` is no stall.
///
/// Faults combine with each other and with the network profile (a stall wins over all).
struct Faults: Equatable, Sendable {
    var status: Int?
    var resetAfter: Int?
    var lengthDelta: Int = 0
    var dripBytesPerSecond: Int?
    var redirects: Int = 0
    var redirectTo: String?
    var stall = false

    static let parameterNames = ["status", "reset-after", "length-delta", "drip", "redirects", "redirect-to", "stall"]

    /// The faults of a request target, or a reason why a parameter is bad.
    static func parse(_ target: RequestTarget) -> Result<Faults, FaultError> {
        var faults = Faults()
        func integer(_ name: String, in range: ClosedRange<Int>) throws(FaultError) -> Int? {
            guard let text = target.value(name) else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw FaultError(message: "\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not \"\(text)\"")
            }
            return value
        }
        do throws(FaultError) {
            faults.status = try integer("status", in: 200...599)
            faults.resetAfter = try integer("reset-after", in: 0...Int.max)
            faults.lengthDelta = try integer("length-delta", in: Int(Int32.min)...Int(Int32.max)) ?? 0
            faults.dripBytesPerSecond = try integer("drip", in: 1...Int.max)
            faults.redirects = try integer("redirects", in: 0...1000) ?? 0
            faults.stall = try integer("stall", in: 0...1) == 1
        } catch {
            return .failure(error)
        }
        if let url = target.value("redirect-to") {
            guard !url.isEmpty, !url.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                return .failure(FaultError(message: "redirect-to needs a URL"))
            }
            faults.redirectTo = url
        }
        return .success(faults)
    }
}

/// A fault parameter that cannot be honoured; the server answers 400 with the message.
struct FaultError: Error, Equatable, Sendable {
    var message: String
}
