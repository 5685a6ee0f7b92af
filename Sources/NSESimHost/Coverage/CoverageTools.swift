import Foundation

/// The toolchain's `llvm-profdata` (merges the processes' raw profiles) and `llvm-cov` (reads
/// the libraries' coverage mapping against the merged profile), found where the extension
/// build finds `swiftc`: beside it, in the toolchain's own folder.
package struct CoverageTools: Sendable, Equatable {
    package var profdata: String
    package var cov: String

    package init(profdata: String, cov: String) {
        self.profdata = profdata
        self.cov = cov
    }

    /// The tools for the compiler `swiftc`: beside it with its links resolved (the toolchain's
    /// own folder), then beside it as given; never elsewhere on PATH, where another LLVM's tools
    /// (Debian's llvm-14 in /usr/bin) cannot read this compiler's profiles. Throws naming the
    /// one missing and where it was looked for.
    package static func find(swiftc: URL) throws(CoverageError) -> CoverageTools {
        var folders: [String] = []
        for folder in [swiftc.resolvingSymlinksInPath().deletingLastPathComponent().path, swiftc.deletingLastPathComponent().path]
        where !folders.contains(folder) {
            folders.append(folder)
        }
        func tool(_ name: String) throws(CoverageError) -> String {
            guard let found = folders.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
                throw .toolMissing(name: name, searched: folders)
            }
            return found
        }
        return CoverageTools(profdata: try tool("llvm-profdata"), cov: try tool("llvm-cov"))
    }
}
