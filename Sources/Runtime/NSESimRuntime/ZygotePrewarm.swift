import Foundation

/// Called by the extension zygote (`nsesim-extension-host --zygote`) once, after it loaded the
/// libraries every extension links and before it forks the first extension process: runs the
/// protocol's value work once (a request parsed, each event encoded, a userInfo dictionary
/// read), so that the type metadata and protocol conformances it needs are made and cached
/// in the zygote, and every forked process finds them ready instead of demangling them anew
/// (about a tenth of a forked process's CPU otherwise). Values only: no global state is read
/// or set (each process's environment, pid and sink are its own), no thread is started (the
/// zygote must stay single-threaded to fork), nothing is written anywhere.
@_cdecl("nsesim_runtime_prewarm_v1")
public func nsesimRuntimePrewarm() {
    let content: JSONValue = .object([
        "aps": .object([
            "alert": .object(["title": .string("t"), "body": .string("b")]), "mutable-content": .integer(1),
            "thread-id": .string("t"),
        ]),
        "attachment-url": .string("https://example.com/a.png"), "count": .double(1.5), "flag": .bool(true), "none": .null,
        "list": .array([.integer(1), .string("s")]),
    ])
    let memory = ProcessMemory(residentBytes: 1, peakBytes: 1)
    let commands: [HostCommand] = [
        .request(sequence: 1, identifier: "prewarm", content: content), .timeWillExpire(sequence: 1), .finish,
        .call(sequence: 1, name: "prewarm", arguments: content),
    ]
    for command in commands {
        if let text = command.jsonValue.protocolText() { _ = try? HostCommand(line: text) }
    }
    let events: [HostEvent] = [
        .ready(pid: 1, memory: memory), .didReceive(sequence: 1),
        .contentHandler(sequence: 1, call: 1, content: content, memory: memory), .timeWillExpire(sequence: 1),
        .finished(memory: memory), .record(source: "prewarm", record: content),
        .answer(sequence: 1, name: "prewarm", value: content),
    ]
    for event in events {
        if let text = event.jsonValue.protocolText() { _ = try? HostEvent(line: text) }
    }
    // What the frameworks hand the runtime: Foundation's values (a userInfo dictionary).
    let foundation = content.foundationValue
    _ = JSONValue(foundation: foundation)
    let userInfo: [AnyHashable: Any] = ["aps": ["alert": "a"], 1: NSNumber(value: 2), "list": [1, "s"], "n": NSNull()]
    _ = JSONValue(foundationLossy: userInfo)
    let sinks: [(any NSESimEventSink)?] = [nil]
    _ = sinks.count
}
