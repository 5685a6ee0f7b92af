/// The request-target of an HTTP request split into its path and its query, as received
/// (still percent-encoded), with helpers to read query values and to rebuild the target
/// with a parameter changed (for redirect chains).
struct RequestTarget: Equatable, Sendable {
    /// The path, percent-encoded as received; it starts with "/".
    var path: String
    /// The query's items as received (`name=value`, still encoded), in order.
    var queryItems: [String]

    /// The target of a request line: origin form (`/a/b?c`) or absolute form
    /// (`http://host/a/b?c`, its scheme and authority dropped). Nil for anything else.
    init?(_ uri: String) {
        var rest = Substring(uri)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if !rest.hasPrefix("/") {
            let lowered = rest.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
            let afterScheme = rest[rest.index(rest.firstIndex(of: ":")!, offsetBy: 3)...]
            guard let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else {
                self.init(path: "/", queryItems: [])
                return
            }
            rest = afterScheme[slash...]
            if rest.hasPrefix("?") { rest = "/" + rest }
        }
        if let question = rest.firstIndex(of: "?") {
            self.init(
                path: String(rest[..<question]),
                queryItems: rest[rest.index(after: question)...].split(separator: "&").map(String.init))
        } else {
            self.init(path: String(rest), queryItems: [])
        }
    }

    init(path: String, queryItems: [String]) {
        self.path = path
        self.queryItems = queryItems
    }

    /// The decoded value of the first query item with this name ("" for a bare `name`).
    func value(_ name: String) -> String? {
        for item in queryItems {
            let (itemName, value) = Self.split(item)
            if itemName == name { return value.map { Self.percentDecoded($0) ?? $0 } ?? "" }
        }
        return nil
    }

    /// This target with the parameter's value replaced (or the parameter removed when nil).
    func setting(_ name: String, to value: String?) -> RequestTarget {
        var items: [String] = []
        var replaced = false
        for item in queryItems {
            guard Self.split(item).name == name else {
                items.append(item)
                continue
            }
            if let value, !replaced { items.append("\(name)=\(value)") }
            replaced = true
        }
        if let value, !replaced { items.append("\(name)=\(value)") }
        return RequestTarget(path: path, queryItems: items)
    }

    /// The path and query as sent on a request line.
    var string: String {
        queryItems.isEmpty ? path : path + "?" + queryItems.joined(separator: "&")
    }

    private static func split(_ item: String) -> (name: String, value: String?) {
        guard let equals = item.firstIndex(of: "=") else { return (percentDecoded(item) ?? item, nil) }
        let name = String(item[..<equals])
        return (percentDecoded(name) ?? name, String(item[item.index(after: equals)...]))
    }

    /// The bytes a percent-encoded string stands for, as UTF-8 text; nil when an escape is
    /// malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard let bytes = percentDecodedBytes(text) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The bytes a percent-encoded string stands for; nil when an escape is malformed.
    static func percentDecodedBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
