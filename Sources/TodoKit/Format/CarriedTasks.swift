/// The canonical task lines a formatting pass wrote out unchanged, and where it wrote them, so that
/// the pass over its output need not read those tasks again.
///
/// Whether a task line is canonical, and its verifier key, depend only on the bytes from its `[` to
/// the end of its line and on whether its paragraph continues on the next line. So a task of the
/// output is taken as known when those bytes and that flag, hashed, equal what the pass recorded for
/// the input line it copied there; any other task is read again. This checks the parsed output,
/// not how the pass built it.
struct CarriedTasks {
    /// `order[p]`: the input line the pass wrote at output line `p`.
    private var order: [Int] = []
    /// For each input line, its task when that task is canonical, else -1.
    private var canonicalTask: [Int32] = []
    /// By input task: the digest of its line (of canonical tasks only) and its key.
    private var digests: [UInt64] = []
    private var keys: [UInt64] = []

    /// Nothing carried.
    init() {}

    /// Records the canonical tasks of `doc` (by `facts`); `order[p]` is the line of `doc` that the
    /// pass wrote at output line `p`.
    init(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, facts: TaskFacts, order: [Int]) {
        let tasks = doc.structure.tasks
        guard facts.states.contains(.canonical) else { return }
        self.order = order
        keys = facts.keys
        canonicalTask = [Int32](repeating: -1, count: doc.lines.count)
        digests = [UInt64](repeating: 0, count: tasks.count)
        canonicalTask.withUnsafeMutableBufferPointer { canonicalTask in
            digests.withUnsafeMutableBufferPointer { digests in
                // Each part writes only its own tasks' elements (a task's line is its own).
                nonisolated(unsafe) let (canonicalTask, digests, buf) = (canonicalTask, digests, buf)
                CarriedTasks.inParts(tasks.count) { range in
                    for index in range where facts.states[index] == .canonical {
                        let task = tasks[index]
                        canonicalTask[task.line] = Int32(truncatingIfNeeded: index)
                        digests[index] = CarriedTasks.digest(buf, task.checkbox, doc.lines.contentEnd(task.line), task.paragraphContinues)
                    }
                }
            }
        }
    }

    /// What is carried over to `doc`, the parsed output of the pass: the tasks found unchanged.
    func facts(for doc: ParsedDocument) -> TaskFacts {
        var facts = TaskFacts(count: doc.structure.tasks.count)
        guard !order.isEmpty else { return facts }
        let (order, canonicalTask, digests, keys) = (self.order, self.canonicalTask, self.digests, self.keys)
        doc.bytes.withUnsafeBufferPointer { buf in
            facts.keys.withUnsafeMutableBufferPointer { factKeys in
                facts.states.withUnsafeMutableBufferPointer { states in
                    // Each part writes only its own tasks' facts.
                    nonisolated(unsafe) let (factKeys, states, buf) = (factKeys, states, buf)
                    let tasks = doc.structure.tasks
                    CarriedTasks.inParts(tasks.count) { range in
                        for index in range where tasks[index].line < order.count {
                            let task = tasks[index]
                            let source = Int(canonicalTask[order[task.line]])
                            guard source >= 0,
                                  CarriedTasks.digest(buf, task.checkbox, doc.lines.contentEnd(task.line), task.paragraphContinues) == digests[source]
                            else { continue }
                            factKeys[index] = keys[source]
                            states[index] = .canonical
                        }
                    }
                }
            }
        }
        return facts
    }

    /// Calls `body` with parts of `0..<count`, at the same time when there are many.
    private static func inParts(_ count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let parts = Parallel.parts(count, minimumPerPart: 16_384)
        Parallel.run(parts) { part in body((count * part / parts)..<(count * (part + 1) / parts)) }
    }

    /// A hash of a task line from its `[` to the end of its content, its length, and the flag.
    private static func digest(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ paragraphContinues: Bool) -> UInt64 {
        var hash = Hasher64()
        hash.add(buf, from, to)
        hash.add(paragraphContinues ? 1 : 0)
        return hash.value
    }
}
