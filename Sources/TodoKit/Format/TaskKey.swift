/// A task's identity as formatting must keep it: its completion, its title without any field, its
/// block id and its priority (dates and the other fields may change; their order and style do).
///
/// Both sides of formatting use it and neither owns it: the canonical form computes the keys of the
/// tasks it reads anyway (``TaskFacts``), and ``FormatVerifier`` compares the keys of the input and
/// the output. It depends only on the task's text.
enum TaskKey {
    /// The key of task `task` of `doc`, read into `text`; `scratch` is reused for its title.
    static func of(_ doc: ParsedDocument, _ task: Int, _ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>,
                   scratch: inout ByteWriter) -> UInt64 {
        scratch.truncate(to: 0)
        text.appendTitle(buf, into: &scratch, removing: .all)
        return scratch.withBytes { of(doc, task, text, buf, title: $0, 0, $0.count) }
    }

    /// ``of(_:_:_:_:scratch:)`` from the title without fields, `title[from..<to]`, written already
    /// (the canonical form writes it while it writes the task's line).
    static func of(_ doc: ParsedDocument, _ task: Int, _ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>,
                   title: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> UInt64 {
        of(completed: doc.status(ofTask: task, buf).0.isCompleted, title: title, from, to, text, buf)
    }

    /// ``of(_:_:_:_:scratch:)`` of a task line that is not part of a parsed document (a new task
    /// written by ``NextOccurrence``), with its completion given.
    static func of(completed: Bool, _ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var scratch = ByteWriter()
        text.appendTitle(buf, into: &scratch, removing: .all)
        return scratch.withBytes { title in of(completed: completed, title: title, 0, title.count, text, buf) }
    }

    /// ``of(_:_:_:_:title:_:_:)`` with the task's completion read already.
    static func of(completed: Bool, _ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>,
                   title: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> UInt64 {
        of(completed: completed, title: title, from, to, text, buf)
    }

    /// The key of a task from its completion, its title (`title[from..<to]`) and the rest of `text`.
    private static func of(completed: Bool, title: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int,
                           _ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = Hasher64(seed: completed ? 1 : 0)
        hash.add(title, from, to)
        // Title and block id read as one text: dropping a field can turn `^id` into the block id.
        if let id = text.blockID {
            if to > from { hash.add(0x20) }
            hash.add(buf, id.lowerBound, id.upperBound)
        }
        let p = text.chosenFields()[FieldKey.priority.order]
        if p >= 0, let level = text.occurrences[Int(p)].priority {
            hash.add(level.word.utf8Start.pointee)
            hash.add(UInt8(level.word.utf8CodeUnitCount))
        }
        return hash.value
    }
}
