import NIOCore
import Testing

@testable import FixtureServer

@Suite("Pacing schedule and loss generator")
struct PacingScheduleTests {
    @Test("chunks are 1/50 s of the rate, and the last one is due at exactly size/rate")
    func schedule() throws {
        let dsl = PacingSchedule(bytesPerSecond: 250_000)
        #expect(dsl.chunkSize == 5000)
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        #expect(dsl.deadline(afterBytes: 1_000_000, from: start) == start + .seconds(4))
        #expect(dsl.deadline(afterBytes: 5000, from: start) == start + .milliseconds(20))
        #expect(PacingSchedule(bytesPerSecond: 10).chunkSize == 1)
        #expect(PacingSchedule(bytesPerSecond: 50_000_000).chunkSize == 64 * 1024)
        let unlimited = PacingSchedule(bytesPerSecond: nil)
        #expect(unlimited.deadline(afterBytes: 100, from: start) == nil && unlimited.chunkSize == 64 * 1024)
    }

    @Test("a drip slower than the profile wins, and the other way round")
    func combined() throws {
        let threeG = try builtInProfile("3G")
        #expect(PacingSchedule(profile: threeG, dripBytesPerSecond: 1000).bytesPerSecond == 1000)
        #expect(PacingSchedule(profile: threeG, dripBytesPerSecond: 1_000_000).bytesPerSecond == 97_500)
        #expect(PacingSchedule(profile: nil, dripBytesPerSecond: nil).bytesPerSecond == nil)
    }

    @Test("the loss generator repeats with its seed and drops about its share")
    func loss() {
        func sequence(_ seed: UInt64) -> [Bool] {
            let generator = LossGenerator(seed: seed, percent: 50)
            return (0..<1000).map { _ in generator.dropsNext() }
        }
        #expect(sequence(7) == sequence(7))
        #expect(sequence(7) != sequence(8))
        #expect((450...550).contains(sequence(7).filter { $0 }.count))
        let never = LossGenerator(seed: 1, percent: 0)
        let always = LossGenerator(seed: 1, percent: 100)
        #expect((0..<100).allSatisfy { _ in !never.dropsNext() && always.dropsNext() })
    }
}
