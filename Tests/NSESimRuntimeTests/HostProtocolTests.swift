import Foundation
import NSESimRuntime
import Testing

/// The wire protocol between nsesim and an extension process, both directions.
@Suite("Host protocol")
struct HostProtocolTests {
    let memory = ProcessMemory(residentBytes: 1024, peakBytes: 2048)
    let content = JSONValue.object(["title": .string("Hi\u{2028}there"), "badge": .integer(3)])

    @Test("Every command survives a line round trip")
    func commands() throws {
        for command in [
            HostCommand.request(sequence: 7, identifier: "id", content: content),
            .timeWillExpire(sequence: 7), .finish,
        ] {
            let line = command.jsonValue.serialized()
            #expect(!line.contains(UInt8(ascii: "\n")))
            #expect(try HostCommand(line: line) == command)
        }
    }

    @Test("Every event survives a line round trip")
    func events() throws {
        let events: [HostEvent] = [
            .ready(pid: 12, memory: memory), .didReceive(sequence: 1),
            .contentHandler(sequence: 1, call: 2, content: content, memory: memory),
            .timeWillExpire(sequence: 1), .failed(message: "cannot load"), .finished(memory: memory),
        ]
        for event in events {
            #expect(try HostEvent(line: event.jsonValue.serialized()) == event)
        }
    }

    @Test("Another version, an unknown type or a line that is not JSON is refused")
    func refused() {
        for line in [#"{"v":2,"type":"finish"}"#, #"{"v":1,"type":"reboot"}"#, "hello", "[1]"] {
            #expect(throws: HostProtocolError.self) { try HostCommand(line: Array(line.utf8)) }
            #expect(throws: HostProtocolError.self) { try HostEvent(line: Array(line.utf8)) }
        }
    }

    @Test("Memory is read from /proc for this process and parsed from status text")
    func memoryReading() throws {
        let own = try #require(ProcessMemory.read())
        #expect(own.residentBytes > 0 && own.peakBytes >= own.residentBytes)
        let parsed = ProcessMemory.parse(Array("Name:\tx\nVmHWM:\t  200 kB\nVmRSS:\t  100 kB\n".utf8))
        #expect(parsed == ProcessMemory(residentBytes: 102_400, peakBytes: 204_800))
        #expect(ProcessMemory.parse(Array("VmRSS: 1 kB\n".utf8)) == nil)
        // Without a final newline, from a slice, lines without digits skipped.
        let status = Array("VmHWM:\n\nVmRSS:\t 7 kB\nVmHWM:\t 9 kB".utf8)
        #expect(ProcessMemory.parse(status[...]) == ProcessMemory(residentBytes: 7168, peakBytes: 9216))
    }
}

@Suite("Runtime helpers")
struct RuntimeHelperTests {
    @Test("Environment keys: one name each, all NSESIM_, empty values read as unset")
    func environmentKeys() {
        let names = NSESimEnvironment.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("NSESIM_") })
        #expect(NSESimEnvironment.strings.value(in: ["NSESIM_STRINGS": ""]) == nil)
        #expect(NSESimEnvironment.strings.value(in: ["NSESIM_STRINGS": "/a"]) == "/a")
    }

    @Test("Durations in milliseconds and seconds")
    func durations() {
        #expect(Duration.milliseconds(1500).exactMilliseconds == 1500)
        #expect(Duration.milliseconds(1500).exactSeconds == 1.5)
        #expect(Duration.microseconds(1234).milliseconds == 1.2)
    }
}
