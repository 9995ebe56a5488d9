/// The canonical task lines a formatting pass wrote out unchanged, and where it wrote them, so that
/// the pass over its output need not read those tasks again.
///
/// Whether a task line is canonical, and its verifier key, depend only on the bytes from its `[` to
/// the end of its line and on whether its paragraph continues on the next line. So a task of the
/// output is taken as known when those bytes and that flag, hashed, equal what the pass recorded for
/// the input line it copied there; any other task is read again. This checks the parsed output,
/// not how the pass built it.
struct CarriedTasks {
    /// For each output line, the canonical input task the pass wrote there, else -1.
    private var sourceTask: [Int32] = []
    /// By input task: the digest of its line (of canonical tasks only) and its key.
    private var digests: [UInt64] = []
    private var keys: [UInt64] = []

    /// Nothing carried.
    init() {}

    /// Records the canonical tasks of `doc` (by `facts`); `order[p]` is the line of `doc` that the
    /// pass wrote at output line `p`. The tasks of a large document are hashed in parts at the same
    /// time (`parts`: how many, by default one per processor for a large document; tests choose).
    init(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, facts: TaskFacts, order: [Int32], parts: Int? = nil) {
        let tasks = doc.structure.tasks
        guard facts.states.contains(.canonical) else { return }
        keys = facts.keys
        var taskAtLine = [Int32](repeating: -1, count: doc.lines.count)
        digests = [UInt64](repeating: 0, count: tasks.count)
        taskAtLine.withUnsafeMutableBufferPointer { taskAtLine in
            digests.withUnsafeMutableBufferPointer { digests in
                facts.states.withUnsafeBufferPointer { states in
                    // Each part writes only its own tasks' elements (one task per line).
                    nonisolated(unsafe) let (taskAtLine, digests, states, buf) = (taskAtLine, digests, states, buf)
                    CarriedTasks.inParts(tasks.count, parts) { range in
                        for index in range where states[index] == .canonical {
                            let task = tasks[index]
                            taskAtLine[task.line] = Int32(truncatingIfNeeded: index)
                            digests[index] = CarriedTasks.digest(buf, task.checkbox, doc.lines.contentEnd(task.line), task.paragraphContinues)
                        }
                    }
                }
            }
        }
        // Kept by output line: one array instead of the order and a per-input-line one.
        sourceTask = order.map { taskAtLine[Int($0)] }
    }

    /// What is carried over to `doc`, the parsed output of the pass: the tasks found unchanged (a large
    /// document's in parts at the same time; `parts`: how many, as for ``init(_:_:facts:order:parts:)``).
    func facts(for doc: ParsedDocument, parts: Int? = nil) -> TaskFacts {
        var facts = TaskFacts(count: doc.structure.tasks.count)
        guard !sourceTask.isEmpty else { return facts }
        let (sourceTask, digests, sourceKeys) = (sourceTask, digests, keys)
        doc.bytes.withUnsafeBufferPointer { buf in
            facts.keys.withUnsafeMutableBufferPointer { keys in
                facts.states.withUnsafeMutableBufferPointer { states in
                    // Each part writes only its own tasks' facts.
                    nonisolated(unsafe) let (keys, states, buf) = (keys, states, buf)
                    let tasks = doc.structure.tasks
                    CarriedTasks.inParts(tasks.count, parts) { range in
                        for index in range where tasks[index].line < sourceTask.count {
                            let task = tasks[index]
                            let source = Int(sourceTask[task.line])
                            guard source >= 0,
                                  CarriedTasks.digest(buf, task.checkbox, doc.lines.contentEnd(task.line), task.paragraphContinues) == digests[source]
                            else { continue }
                            keys[index] = sourceKeys[source]
                            states[index] = .canonical
                        }
                    }
                }
            }
        }
        return facts
    }

    /// Calls `body` with the ranges of `count` tasks in `parts` parts (by default one per processor
    /// for a large document), at the same time.
    private static func inParts(_ count: Int, _ parts: Int?, _ body: @Sendable (Range<Int>) -> Void) {
        let parts = parts ?? Parallel.parts(count, minimumPerPart: 16_384)
        Parallel.run(parts) { part in body(Parallel.share(part, of: parts, in: count)) }
    }

    /// A hash of a task line from its `[` to the end of its content, its length, and the flag.
    private static func digest(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ paragraphContinues: Bool) -> UInt64 {
        var hash = Hasher64()
        hash.add(buf, from, to)
        hash.add(paragraphContinues ? 1 : 0)
        return hash.value
    }
}
