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
    /// pass wrote at output line `p`.
    init(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, facts: TaskFacts, order: [Int]) {
        let tasks = doc.structure.tasks
        guard facts.states.contains(.canonical) else { return }
        keys = facts.keys
        var taskAtLine = [Int32](repeating: -1, count: doc.lines.count)
        digests = [UInt64](repeating: 0, count: tasks.count)
        for index in tasks.indices where facts.states[index] == .canonical {
            let task = tasks[index]
            taskAtLine[task.line] = Int32(truncatingIfNeeded: index)
            digests[index] = CarriedTasks.digest(buf, task.checkbox, doc.lines.contentEnd(task.line), task.paragraphContinues)
        }
        // Kept by output line: one array instead of the order and a per-input-line one.
        sourceTask = order.map { taskAtLine[$0] }
    }

    /// What is carried over to `doc`, the parsed output of the pass: the tasks found unchanged.
    func facts(for doc: ParsedDocument) -> TaskFacts {
        var facts = TaskFacts(count: doc.structure.tasks.count)
        guard !sourceTask.isEmpty else { return facts }
        doc.bytes.withUnsafeBufferPointer { buf in
            let tasks = doc.structure.tasks
            for index in tasks.indices where tasks[index].line < sourceTask.count {
                let task = tasks[index]
                let source = Int(sourceTask[task.line])
                guard source >= 0,
                      CarriedTasks.digest(buf, task.checkbox, doc.lines.contentEnd(task.line), task.paragraphContinues) == digests[source]
                else { continue }
                facts.record(index, key: keys[source], canonical: true)
            }
        }
        return facts
    }

    /// A hash of a task line from its `[` to the end of its content, its length, and the flag.
    private static func digest(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ paragraphContinues: Bool) -> UInt64 {
        var hash = Hasher64()
        hash.add(buf, from, to)
        hash.add(paragraphContinues ? 1 : 0)
        return hash.value
    }
}
