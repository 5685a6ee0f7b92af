/// What an extension process tells nsesim.
public enum HostEvent: Equatable, Sendable {
    /// The extension library is loaded; memory before any notification.
    case ready(pid: Int64, memory: ProcessMemory)
    /// `didReceive` is about to be called.
    case didReceive(sequence: Int64)
    /// The content handler was called (`call` counts from 1) with this content.
    case contentHandler(sequence: Int64, call: Int64, content: JSONValue, memory: ProcessMemory)
    /// `serviceExtensionTimeWillExpire()` is about to be called.
    case timeWillExpire(sequence: Int64)
    /// The extension cannot run (not loadable, bad request); the process exits.
    case failed(message: String)
    /// Answer to `finish`: the process exits when nsesim closes the command pipe.
    case finished(memory: ProcessMemory)
    /// What a framework did that the report shows (a change to the notification center, a
    /// log record, ...): `source` names it ("UserNotifications.center").
    case record(source: String, record: JSONValue)
    /// The answer to ``HostCommand/call(sequence:name:arguments:)``.
    case answer(sequence: Int64, name: String, value: JSONValue)
}

extension HostEvent {
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["v": .integer(HostProtocol.version)]
        switch self {
        case .ready(let pid, let memory):
            object["type"] = .string("ready")
            object["pid"] = .integer(pid)
            object["memory"] = memory.jsonValue
        case .didReceive(let sequence):
            object["type"] = .string("didReceive")
            object["seq"] = .integer(sequence)
        case .contentHandler(let sequence, let call, let content, let memory):
            object["type"] = .string("contentHandler")
            object["seq"] = .integer(sequence)
            object["call"] = .integer(call)
            object["content"] = content
            object["memory"] = memory.jsonValue
        case .timeWillExpire(let sequence):
            object["type"] = .string("timeWillExpire")
            object["seq"] = .integer(sequence)
        case .failed(let message):
            object["type"] = .string("failed")
            object["message"] = .string(message)
        case .finished(let memory):
            object["type"] = .string("finished")
            object["memory"] = memory.jsonValue
        case .record(let source, let record):
            object["type"] = .string("record")
            object["source"] = .string(source)
            object["record"] = record
        case .answer(let sequence, let name, let value):
            object["type"] = .string("answer")
            object["seq"] = .integer(sequence)
            object["name"] = .string(name)
            object["value"] = value
        }
        return .object(object)
    }

    public init(line: some Collection<UInt8>) throws(HostProtocolError) {
        let object = try HostMessageLine.object(line)
        let sequence = object["seq"]?.integerValue ?? 0
        let memory = ProcessMemory(jsonValue: object["memory"])
        switch object["type"]?.stringValue {
        case "ready": self = .ready(pid: object["pid"]?.integerValue ?? 0, memory: memory)
        case "didReceive": self = .didReceive(sequence: sequence)
        case "contentHandler":
            guard let content = object["content"] else { throw HostProtocolError(message: "contentHandler without content") }
            self = .contentHandler(sequence: sequence, call: object["call"]?.integerValue ?? 1, content: content, memory: memory)
        case "timeWillExpire": self = .timeWillExpire(sequence: sequence)
        case "failed": self = .failed(message: object["message"]?.stringValue ?? "the extension failed")
        case "finished": self = .finished(memory: memory)
        case "record":
            guard let source = object["source"]?.stringValue, let record = object["record"] else {
                throw HostProtocolError(message: "a record needs source and record")
            }
            self = .record(source: source, record: record)
        case "answer":
            guard let name = object["name"]?.stringValue else { throw HostProtocolError(message: "an answer needs a name") }
            self = .answer(sequence: sequence, name: name, value: object["value"] ?? .null)
        case let other: throw HostProtocolError(message: "unknown event \(other ?? "(none)")")
        }
    }
}
