import Foundation
import NSESimBuild
import NSESimHost

/// Warm against cold processes: a sequence of `count` notifications through the Template, each in a
/// fresh process (forked from the extension zygote, nsesim's default), started when its push comes (cold) and started while the one before runs
/// (warm, a ``WarmProcessPool`` as `apns`, `deliver` and `replay` use); per notification,
/// against the spawn floor (a bare Swift + Foundation spawn to its first answer), the floor
/// sampled before and after each sequence so that it shares the sequences' moments.
func measureWarmSequence(
    built: BuiltExtension, toolchain: ExtensionToolchain, request: ExtensionRequest,
    count: Int, floorExecutable: URL
) async throws {
    var floor: [Double] = []
    func sampleFloor() async throws {
        for _ in 0..<20 { floor.append(try await spawnToAnswer(floorExecutable)) }
    }
    let requests = Array(repeating: request, count: count)
    func sequence(warm: Bool) async -> (perNotificationMs: Double, failed: Int, taken: Int) {
        let pool = warm ? WarmProcessPool() : nil
        let runner = ExtensionRunner(built: built, toolchain: toolchain, configuration: RunConfiguration(), warm: pool)
        let start = ContinuousClock.now
        let results = await runner.run(requests, reuseProcess: false)
        let elapsed = ms(ContinuousClock.now - start)
        await pool?.endAll()
        return (elapsed / Double(count), results.count { $0.outcome != .modified }, pool?.counts.taken ?? 0)
    }
    try await sampleFloor()
    let cold = await sequence(warm: false)
    try await sampleFloor()
    let warm = await sequence(warm: true)
    try await sampleFloor()
    let floorMs = percentile(floor, 50)
    let name = "sequence of \(count) notifications"
    print(
        "\(name), cold (each started at its push)".padding(toLength: 46, withPad: " ", startingAt: 0)
            + String(format: "%8.2f ms per notification, %.2fx the spawn floor", cold.perNotificationMs, cold.perNotificationMs / floorMs)
            + (cold.failed > 0 ? "  (\(cold.failed) not modified)" : ""))
    print(
        "\(name), warm (next started while one runs)".padding(toLength: 46, withPad: " ", startingAt: 0)
            + String(format: "%8.2f ms per notification, %.2fx the spawn floor", warm.perNotificationMs, warm.perNotificationMs / floorMs)
            + " (\(warm.taken) took a warm process)" + (warm.failed > 0 ? "  (\(warm.failed) not modified)" : ""))
    print(row("spawn floor: minimal Swift + Foundation", floor))
    print(
        String(
            format: "  warm per notification: %.2fx the spawn floor (target 1.5x), %.2fx faster than cold",
            warm.perNotificationMs / floorMs, cold.perNotificationMs / warm.perNotificationMs))
    figure("runtime.sequence.count", Double(count))
    figure("runtime.sequence.cold_per_notification_ms", cold.perNotificationMs)
    figure("runtime.sequence.warm_per_notification_ms", warm.perNotificationMs)
    figure("runtime.sequence.cold_failed", Double(cold.failed))
    figure("runtime.sequence.warm_failed", Double(warm.failed))
    figure("runtime.sequence.warm_taken", Double(warm.taken))
    figure("runtime.sequence.floor_ms", floorMs)
    figure("runtime.sequence.cold_ratio_floor", cold.perNotificationMs / floorMs)
    figure("runtime.sequence.warm_ratio_floor", warm.perNotificationMs / floorMs)
}
