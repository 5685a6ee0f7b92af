import NSESimRuntime

/// Shrinks a finding's changes (docs/fuzz.md#minimized-cases): a pure state machine that
/// proposes a smaller set of changes, is told whether the run still shows the finding, and
/// proposes the next. First each change is dropped in turn (from the last), then each long
/// value is halved while the finding stays. At most `budget` runs.
package struct FuzzShrinker: Sendable {
    /// The smallest set of changes known to show the finding.
    package private(set) var best: [PayloadMutation]
    /// Runs made so far.
    package private(set) var attempts = 0
    package let budget: Int

    private enum Phase: Equatable {
        /// Trying without the change at this index of `best`.
        case drop(Int)
        /// Trying the long value of the change at this index at half its length.
        case halve(Int)
        case done
    }

    private var phase: Phase
    private var pending: [PayloadMutation]?

    package init(_ mutations: [PayloadMutation], budget: Int = 24) {
        best = mutations
        self.budget = budget
        phase = mutations.count > 1 ? .drop(mutations.count - 1) : .halve(0)
    }

    /// The next changes to try; nil when shrinking is over.
    package mutating func next() -> [PayloadMutation]? {
        if let pending { return pending }
        while attempts < budget {
            switch phase {
            case .done:
                return nil
            case .drop(let index):
                guard index >= 0, best.count > 1 else {
                    phase = .halve(0)
                    continue
                }
                var candidate = best
                candidate.remove(at: index)
                pending = candidate
                return candidate
            case .halve(let index):
                guard index < best.count else {
                    phase = .done
                    return nil
                }
                guard let shorter = Self.halved(best[index]) else {
                    phase = .halve(index + 1)
                    continue
                }
                var candidate = best
                candidate[index] = shorter
                pending = candidate
                return candidate
            }
        }
        return nil
    }

    /// Whether the changes ``next()`` proposed still show the finding.
    package mutating func record(reproduced: Bool) {
        guard let candidate = pending else { return }
        pending = nil
        attempts += 1
        switch phase {
        case .drop(let index):
            if reproduced { best = candidate }
            phase = .drop(index - 1)
        case .halve(let index):
            if reproduced {
                best = candidate  // and halve it again
            } else {
                phase = .halve(index + 1)
            }
        case .done:
            break
        }
    }

    /// A long string or array at half its length; nil for anything else, or when it is short already.
    static func halved(_ mutation: PayloadMutation) -> PayloadMutation? {
        guard mutation.kind == .long, case .set(let value) = mutation.change else { return nil }
        var shorter = mutation
        switch value {
        case .string(let text) where text.count > 8:
            let half = String(text.prefix(text.count / 2))
            shorter.change = .set(.string(half))
            shorter.note = Self.renumbered(mutation.note, to: half.count)
        case .array(let items) where items.count > 2:
            let half = Array(items.prefix(items.count / 2))
            shorter.change = .set(.array(half))
            shorter.note = Self.renumbered(mutation.note, to: half.count)
        default:
            return nil
        }
        return shorter
    }

    /// The note with its leading count replaced: `1,900 characters where …`.
    private static func renumbered(_ note: String, to count: Int) -> String {
        guard let space = note.firstIndex(of: " ") else { return note }
        return count.grouped + note[space...]
    }
}
