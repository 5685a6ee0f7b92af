import Foundation
import NSESimRuntime

extension ExtensionRunResult {
    /// Adds the file accesses the interposer recorded (`Foundation.fileProtection`) among the
    /// other records, in time order: each line's `bootNs` (CLOCK_BOOTTIME, ContinuousClock's
    /// clock on Linux) becomes its time from `didReceive`.
    package mutating func addFileProtectionRecords(_ fileRecords: [ExtensionRecord]) {
        guard !fileRecords.isEmpty else { return }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let nowNs = Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
        let sinceDidReceive = didReceiveAt.map { ContinuousClock.now - $0 } ?? .zero
        let didReceiveNs = nowNs - Double(sinceDidReceive.components.seconds) * 1e9 - Double(sinceDidReceive.components.attoseconds) / 1e9
        for var fileRecord in fileRecords {
            guard case .object(var fields) = fileRecord.record else { continue }
            if let bootNs = fields.removeValue(forKey: "bootNs")?.numberValue {
                fileRecord = ExtensionRecord(source: fileRecord.source, record: .object(fields), tMs: (bootNs - didReceiveNs) / 1e6)
            } else {
                fileRecord = ExtensionRecord(source: fileRecord.source, record: .object(fields), tMs: fileRecord.tMs)
            }
            let index = records.firstIndex { $0.tMs > fileRecord.tMs } ?? records.endIndex
            records.insert(fileRecord, at: index)
        }
    }
}
