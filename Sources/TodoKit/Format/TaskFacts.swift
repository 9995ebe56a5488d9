/// What readings of one document have learned about its tasks: each task's verifier key and whether
/// its line is already in canonical form. Formatting fills it as it reads tasks, so that a task is
/// read at most once per document (and not at all when an earlier pass proved its line canonical).
struct TaskFacts {
    /// How much is known of one task.
    enum State: UInt8 {
        /// Not read yet.
        case unknown
        /// Its key is known.
        case keyed
        /// Its key is known, and its line from `[` to the end is the canonical text: formatting
        /// copies it as it stands.
        case canonical
    }

    /// Each task's ``TaskKey/of(_:_:_:_:scratch:)``, valid unless its state is `unknown`.
    var keys: [UInt64]
    var states: [State]
    /// Whether a task read is one that ``CompletionPass`` may complete now (set by the formatter's
    /// pass, ``CanonicalForm/render(_:options:facts:)``); false when that pass has nothing to do.
    var completesTasksNow = false

    /// Nothing known yet about `count` tasks.
    init(count: Int) {
        keys = [UInt64](repeating: 0, count: count)
        states = [State](repeating: .unknown, count: count)
    }

    /// Records what one reading found.
    @inline(__always) mutating func record(_ task: Int, key: UInt64, canonical: Bool) {
        keys[task] = key
        states[task] = canonical ? .canonical : .keyed
    }
}
