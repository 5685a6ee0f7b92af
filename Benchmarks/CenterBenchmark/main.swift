// nsesim-bench-center NSESIM COUNT: the notification center in its database at scale.
//
// 1. Delivers COUNT distinct notifications into one app's center, one `CenterStore.deliver`
//    (one transaction) each, as `nsesim run`, `deliver` and `apns` do, and compares the
//    mean cost of the last thousand with the first thousand: delivery must not grow with the
//    center (it neither reads nor rewrites the other rows).
// 2. Times `nsesim center ls` (the release binary NSESIM, a process of its own, output to
//    /dev/null) on those COUNT notifications against a baseline in the same run: `sqlite3`
//    (a process too) selecting the same rows' identifier, date and content from the same file
//    (else, without the sqlite3 tool, the same SELECT in this process). Median of 5 each.
//
// Prints lines for people and `figure KEY VALUE` lines for Benchmarks/performance.py.
import Foundation
import NSESimCenter
import NSESimRuntime
import NSESimSQLite

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: nsesim-bench-center NSESIM [COUNT]\n".utf8))
    exit(64)
}
let nsesim = arguments[1]
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let app = "com.example.centerbench"
let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-center-\(getpid())")
defer { try? FileManager.default.removeItem(at: data) }
let store = CenterStore(appFolder: data.appendingPathComponent("apps").appendingPathComponent(app))

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

// 1. Deliveries.
let clock = ContinuousClock()
var costs: [Double] = []
costs.reserveCapacity(count)
let started = clock.now
for index in 0..<count {
    let content: JSONValue = .object([
        "title": .string("Order \(index) shipped"), "body": .string("Your parcel \(UUID().uuidString) is on its way"),
        "threadIdentifier": .string("orders-\(index % 50)"), "badge": .integer(Int64(index % 100)),
        "userInfo": .object([
            "aps": .object(["alert": .object(["title": .string("Order \(index) shipped")])]),
            "order": .integer(Int64(index)),
        ]),
    ])
    let before = clock.now
    do {
        _ = try store.deliver(CenterState.Delivered(identifier: UUID().uuidString, content: content, date: 1_700_000_000 + Double(index)))
    } catch {
        print("delivery \(index) failed: \(error)")
        exit(70)
    }
    costs.append(milliseconds(clock.now - before))
}
let total = milliseconds(clock.now - started)
let window = min(1000, count / 2)
let first = costs.prefix(window).reduce(0, +) / Double(window)
let last = costs.suffix(window).reduce(0, +) / Double(window)
let size = (try? FileManager.default.attributesOfItem(atPath: store.file.path)[.size] as? NSNumber)?.intValue ?? 0
print("delivered \(count) distinct notifications in \(String(format: "%.1f", total / 1000)) s; database \(size / 1_000_000) MB")
print(
    "one delivery: first \(window) \(String(format: "%.3f", first)) ms, last \(window) \(String(format: "%.3f", last)) ms "
        + "(last/first \(String(format: "%.2f", last / first)))")
print("figure center_deliver_first_ms \(first)")
print("figure center_deliver_last_ms \(last)")
print("figure center_deliver_growth \(last / first)")

// 2. `center ls` against a plain SELECT of the same rows.
func timed(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    let before = clock.now
    do { try process.run() } catch {
        print("cannot start \(executable): \(error)")
        exit(70)
    }
    process.waitUntilExit()
    let elapsed = milliseconds(clock.now - before)
    guard process.terminationStatus == 0 else {
        print(
            "\(executable) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): "
                + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        exit(70)
    }
    return elapsed
}

let environment = [NSESimEnvironment.dataDirectory.name: data.path]
var listings: [Double] = []
var baselines: [Double] = []
let select = "SELECT identifier, date, content FROM center_delivered ORDER BY seq DESC"
let sqlite3 = "/usr/bin/sqlite3"
let baselineName =
    FileManager.default.isExecutableFile(atPath: sqlite3)
    ? "sqlite3 selecting the same rows (a process)"
    : "the same SELECT in this process"
for _ in 0..<5 {
    listings.append(timed(nsesim, ["center", "ls", "--app-id", app], environment: environment))
    if FileManager.default.isExecutableFile(atPath: sqlite3) {
        baselines.append(timed(sqlite3, [store.file.path, select]))
    } else {
        let before = clock.now
        let database = try SQLiteDatabase(path: store.file.path, readOnly: true)
        _ = try database.query(select)
        database.close()
        baselines.append(milliseconds(clock.now - before))
    }
}
let listing = median(listings)
let baseline = median(baselines)
print(
    "nsesim center ls on \(count) notifications: \(String(format: "%.0f", listing)) ms (median of 5); "
        + "\(baselineName): \(String(format: "%.0f", baseline)) ms; ratio \(String(format: "%.2f", listing / baseline))")
print("figure center_ls_ms \(listing)")
print("figure center_select_ms \(baseline)")
print("figure center_ls_ratio \(listing / baseline)")
