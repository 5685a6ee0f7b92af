import Foundation

/// One counter of the coverage instrumentation: a code region of one function of the
/// extension's own code (counter 0 is the function's entry, the others its branches' regions).
package struct ProfileCounter: Hashable, Sendable, Comparable {
    /// The function's name as the profile has it (mangled; `file:name` for a private one).
    package var function: String
    package var index: Int

    package init(function: String, index: Int) {
        self.function = function
        self.index = index
    }

    package static func < (lhs: ProfileCounter, rhs: ProfileCounter) -> Bool {
        (lhs.function, lhs.index) < (rhs.function, rhs.index)
    }
}

/// The counters one extension process reached (docs/fuzz.md#coverage-guidance): read from
/// its raw profiles with `llvm-profdata show --all-functions --counts`, one per instrumented
/// library the process loaded.
package struct ProfileCounters: Sendable, Equatable {
    /// The counters that ran at least once.
    package var reached: Set<ProfileCounter>
    /// How many counters the libraries have in all, reached or not.
    package var found: Int

    package init(reached: Set<ProfileCounter> = [], found: Int = 0) {
        self.reached = reached
        self.found = found
    }

    /// Adds another library's counters.
    package mutating func formUnion(_ other: ProfileCounters) {
        reached.formUnion(other.reached)
        found += other.found
    }

    /// The counters of `llvm-profdata show --all-functions --counts` output:
    ///
    /// ```
    /// Counters:
    ///   $s10FuzzTarget19NotificationServiceC10didReceive…:
    ///     Hash: 0x0a5bc6e18ab7a4d1
    ///     Counters: 7
    ///     Function count: 1
    ///     Block counts: [1, 0, 1, 1, 0, 1]
    /// Instrumentation level: Front-end
    /// ```
    ///
    /// `Function count` is counter 0, `Block counts` the counters after it.
    package static func parse(_ text: String) -> ProfileCounters {
        var counters = ProfileCounters()
        var function: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.drop { $0 == " " }
            let indent = raw.count - line.count
            if indent == 2, line.hasSuffix(":") {
                function = String(line.dropLast())
            } else if function != nil, let value = Self.value(of: "Counters:", in: line) {
                counters.found += Int(value) ?? 0
            } else if let name = function, let value = Self.value(of: "Function count:", in: line) {
                if (UInt64(value) ?? 0) > 0 { counters.reached.insert(ProfileCounter(function: name, index: 0)) }
            } else if let name = function, let value = Self.value(of: "Block counts:", in: line) {
                let list = value.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                for (offset, item) in list.split(separator: ",").enumerated()
                where (UInt64(item.trimmingCharacters(in: .whitespaces)) ?? 0) > 0 {
                    counters.reached.insert(ProfileCounter(function: name, index: offset + 1))
                }
            } else if indent == 0 {
                function = nil
            }
        }
        return counters
    }

    /// What follows `label` on a line that starts with it, trimmed.
    private static func value(of label: String, in line: Substring) -> String? {
        guard line.hasPrefix(label) else { return nil }
        return line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
    }
}

extension CoverageCollection {
    /// The counters process `pid` reached, from its raw profiles (`PID-SIGNATURE.profraw`, one
    /// per instrumented library it loaded), read once the process has ended. Each file is then
    /// renamed `LABEL-PID-SIGNATURE.profraw`: kept for the report at the end, and out of the way
    /// of a later process given the same id (the kernel reuses ids, and the runtime would add
    /// that process's counts to the file). Nil when the process wrote no profile.
    package func counters(ofProcess pid: Int32, label: String) async throws(CoverageError) -> ProfileCounters? {
        let prefix = "\(pid)-"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: profileFolder.path)) ?? []).filter {
            $0.hasPrefix(prefix) && $0.hasSuffix(".profraw")
        }
        guard !names.isEmpty else { return nil }
        var counters = ProfileCounters()
        for name in names.sorted() {
            let file = profileFolder.appendingPathComponent(name)
            let shown = try await run(tools.profdata, ["show", "--all-functions", "--counts", file.path])
            counters.formUnion(ProfileCounters.parse(shown.output))
            try? FileManager.default.moveItem(at: file, to: profileFolder.appendingPathComponent("\(label)-\(name)"))
        }
        return counters
    }
}
