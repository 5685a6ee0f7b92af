import Foundation
import Testing

@testable import NSESimHost

/// When the scan for what an extension left behind may skip the processes older than it:
/// only when the kernel's id counter cannot have gone round since the host got its id.
@Suite("Process id allocation")
struct PidAllocationTests {
    let host: pid_t = 20_000

    func at(_ made: UInt64, last: pid_t, largest: pid_t = 32_768) -> PidAllocation {
        PidAllocation(made: made, last: last, largest: largest)
    }

    @Test("Ids above the host: the counter stood above it at both readings and few processes were made between")
    func above() {
        #expect(at(1_500, last: 20_500).idsAbove(host, since: at(1_000, last: 20_001)))
        #expect(at(1_000, last: 20_000).idsAbove(host, since: at(1_000, last: 20_000)))
    }

    @Test("Not when the counter went round (it stands below the host), nor when enough were made to go round and climb past it again")
    func wrapped() {
        #expect(!at(1_500, last: 400).idsAbove(host, since: at(1_000, last: 20_001)))
        #expect(!at(1_000 + 16_234, last: 20_500).idsAbove(host, since: at(1_000, last: 20_001)))
        #expect(!at(1_000 + 40_000, last: 25_000).idsAbove(host, since: at(1_000, last: 20_001)))
    }

    @Test("Not when the first reading was already below the host, or the readings do not agree")
    func unknown() {
        #expect(!at(1_500, last: 20_500).idsAbove(host, since: at(1_000, last: 19_000)))
        #expect(!at(900, last: 20_500).idsAbove(host, since: at(1_000, last: 20_001)))
        #expect(!at(1_500, last: 20_500, largest: 4_194_304).idsAbove(host, since: at(1_000, last: 20_001)))
    }

    @Test("This machine's /proc gives a reading")
    func reading() throws {
        let now = try #require(PidAllocation.now())
        #expect(now.largest >= 300 && now.made > 0)
    }
}
