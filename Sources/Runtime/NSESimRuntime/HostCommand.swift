/// What nsesim tells an extension process.
public enum HostCommand: Equatable, Sendable {
    /// Instantiate the principal class and call `didReceive` with this request.
    case request(sequence: Int64, identifier: String, content: JSONValue)
    /// Call `serviceExtensionTimeWillExpire()` for the request with this sequence number.
    case timeWillExpire(sequence: Int64)
    /// Report the peak memory, then exit when nsesim closes the command pipe.
    case finish
    /// An extension point's own call for request `sequence` (the content extension's
    /// `present`, `response`, `dismiss`): `name` and its `arguments`; the point answers with
    /// ``HostEvent/answer(sequence:name:value:)``.
    case call(sequence: Int64, name: String, arguments: JSONValue)
}

extension HostCommand {
    public var jsonValue: JSONValue {
        switch self {
        case .request(let sequence, let identifier, let content):
            .object([
                "v": .integer(HostProtocol.version), "type": .string("request"), "seq": .integer(sequence),
                "identifier": .string(identifier), "content": content,
            ])
        case .timeWillExpire(let sequence):
            .object(["v": .integer(HostProtocol.version), "type": .string("timeWillExpire"), "seq": .integer(sequence)])
        case .finish:
            .object(["v": .integer(HostProtocol.version), "type": .string("finish")])
        case .call(let sequence, let name, let arguments):
            .object([
                "v": .integer(HostProtocol.version), "type": .string("call"), "seq": .integer(sequence),
                "name": .string(name), "arguments": arguments,
            ])
        }
    }

    public init(line: some Collection<UInt8>) throws(HostProtocolError) {
        let object = try HostMessageLine.object(line)
        let sequence = object["seq"]?.integerValue ?? 0
        switch object["type"]?.stringValue {
        case "request":
            guard let identifier = object["identifier"]?.stringValue, let content = object["content"] else {
                throw HostProtocolError(message: "a request needs identifier and content")
            }
            self = .request(sequence: sequence, identifier: identifier, content: content)
        case "timeWillExpire": self = .timeWillExpire(sequence: sequence)
        case "finish": self = .finish
        case "call":
            guard let name = object["name"]?.stringValue else { throw HostProtocolError(message: "a call needs a name") }
            self = .call(sequence: sequence, name: name, arguments: object["arguments"] ?? .null)
        case let other: throw HostProtocolError(message: "unknown command \(other ?? "(none)")")
        }
    }
}
