import Foundation

/// The toolchain's `llvm-profdata` (merges the processes' raw profiles) and `llvm-cov` (reads
/// the libraries' coverage mapping against the merged profile), found where the extension
/// build finds `swiftc`: beside it (as given, then with its links resolved, as
/// `/usr/bin/swiftc` → `/opt/swift/usr/bin/swiftc`), then on `PATH`.
package struct CoverageTools: Sendable, Equatable {
    package var profdata: String
    package var cov: String

    package init(profdata: String, cov: String) {
        self.profdata = profdata
        self.cov = cov
    }

    /// The tools for the compiler `swiftc`; throws naming the one missing and where it was looked for.
    package static func find(
        swiftc: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CoverageError) -> CoverageTools {
        let beside = [swiftc.deletingLastPathComponent().path, swiftc.resolvingSymlinksInPath().deletingLastPathComponent().path]
        var places = beside.map { ($0, "\($0) (beside swiftc)") }
        places += (environment["PATH"] ?? "").split(separator: ":").map { (String($0), String($0)) }
        var seen = Set<String>()
        places = places.filter { !$0.0.isEmpty && seen.insert($0.0).inserted }
        func tool(_ name: String) throws(CoverageError) -> String {
            let candidates = places.map { "\($0.0)/\(name)" }
            guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
                throw .toolMissing(name: name, searched: places.map(\.1))
            }
            return found
        }
        return CoverageTools(profdata: try tool("llvm-profdata"), cov: try tool("llvm-cov"))
    }
}
