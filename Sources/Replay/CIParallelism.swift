/// `--shard auto`: the shard a CI's own parallelism gives this job, read from the variables the
/// CI sets in each of a job's parallel copies. The cases of the shard are those of `--shard I/N`
/// with the same 1-based index and total, whichever way the CI counts.
package enum CIParallelism {
    /// One CI's pair of variables.
    package struct Variables: Sendable, Equatable {
        /// The CI, for messages.
        package let system: String
        /// The job's index among its parallel copies.
        package let index: String
        /// How many parallel copies the job has.
        package let total: String
        /// The first index: 1 (GitLab) or 0 (CircleCI, Buildkite).
        package let firstIndex: Int
    }

    /// The CIs `--shard auto` knows, in the order they are read. (GitHub Actions has no
    /// such variables: a matrix passes `--shard ${{ matrix.shard }}/N`.)
    package static let known: [Variables] = [
        Variables(system: "GitLab CI", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", firstIndex: 1),
        Variables(
            system: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", firstIndex: 0),
        Variables(
            system: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", firstIndex: 0),
    ]

    /// The shard of this job from `environment`: the first CI whose variables are set.
    ///
    /// A job without parallel copies runs every case: GitLab then sets `CI_NODE_TOTAL=1` and
    /// no index, CircleCI `CIRCLE_NODE_TOTAL=1` and `CIRCLE_NODE_INDEX=0`. Throws, naming the
    /// variables, when none is set or a value is not a number in range.
    package static func shard(environment: [String: String]) throws(ReplayError) -> ReplayShard {
        for variables in known {
            let indexText = environment[variables.index].flatMap { $0.isEmpty ? nil : $0 }
            let totalText = environment[variables.total].flatMap { $0.isEmpty ? nil : $0 }
            if indexText == nil && totalText == nil { continue }
            let source = "\(variables.index)/\(variables.total) (\(variables.system))"
            guard let totalText else {
                throw .badCIShard(
                    "\(variables.index) is \(indexText ?? "") but \(variables.total) is not set; set both, or pass --shard I/N")
            }
            guard let total = Int(totalText), total >= 1 else {
                throw .badCIShard("\(variables.total)=\(totalText) is not a number of 1 or more (\(source))")
            }
            guard let indexText else {
                if total == 1 { return ReplayShard(index: 1, count: 1) }
                throw .badCIShard("\(variables.total) is \(total) but \(variables.index) is not set; set both, or pass --shard I/N")
            }
            let last = variables.firstIndex + total - 1
            guard let index = Int(indexText), (variables.firstIndex...last).contains(index) else {
                throw .badCIShard(
                    "\(variables.index)=\(indexText) is not a number from \(variables.firstIndex) to \(last) (\(source), counted from \(variables.firstIndex))"
                )
            }
            return ReplayShard(index: index - variables.firstIndex + 1, count: total)
        }
        let read = known.map { "\($0.index)/\($0.total) (\($0.system))" }.joined(separator: ", ")
        throw .badCIShard(
            "no CI parallelism variables are set (read \(read)); run it in a parallel job "
                + "(GitLab `parallel: N`, CircleCI or Buildkite `parallelism: N`), or pass --shard I/N (a GitHub Actions matrix)")
    }
}

extension ReplayShard {
    /// Shard `index` (1...count) of `count`.
    package init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// `--shard`'s value: `I/N`, or `auto` for the CI's own parallelism (`CIParallelism`).
    package static func resolve(_ text: String, environment: [String: String]) throws(ReplayError) -> ReplayShard {
        text == "auto" ? try CIParallelism.shard(environment: environment) : try ReplayShard(text)
    }
}
