/// One request as it reached the server: what the validation looks at, nothing of NIO's.
package struct APNsRequest: Sendable {
    /// `:method`.
    package var method: String
    /// `:path`, e.g. `/3/device/<token>`.
    package var path: String
    /// The header fields in order, names lowercased (HTTP/2 sends them so); repeats kept.
    package var headers: [(name: String, value: String)]
    /// The body: the payload's JSON.
    package var body: [UInt8]

    package init(method: String, path: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.path = path
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
    }

    /// The values of header `name`.
    package func values(_ name: String) -> [String] {
        headers.filter { $0.name == name }.map(\.value)
    }
}
