/// Rewrites one task line for the model: a new status, title or fields, with the rest of the line
/// written canonically in the task's own field spelling. Only this line changes.
enum TaskLineEditor {
    /// A change to a task line.
    struct Change {
        var status: TaskStatus?
        var title: String?
        /// Fields to set (a value) or clear (nil).
        var fields: [FieldKey: Field.Value?] = [:]
        /// Stamp or drop end dates when the status changes.
        var stampDates = true
    }

    /// The new content of the task's line.
    ///
    /// A task whose title would read differently once its fields moved to the end (text joined where
    /// a field was taken out reads as a field of its own, docs/FORMAT.md section 3) keeps its text as
    /// written, as the formatter keeps it: changed fields are written where they stand, new ones
    /// after the text.
    ///
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when neither way keeps the task's title.
    static func edit(_ doc: ParsedDocument, task: Int, _ change: Change, today: Day, defaultStyle: FieldStyle) throws(TodoStoreError) -> [UInt8] {
        try doc.bytes.withUnsafeBufferPointer { (buf) throws(TodoStoreError) in
            let t = doc.structure.tasks[task]
            let (oldStatus, _) = doc.status(ofTask: task, buf)
            let status = change.status ?? oldStatus
            let text = doc.text(ofTask: task, buf)
            let chosen = text.effectiveFields()
            var removed = Set(chosen.values)
            var fields: [FieldKey: Field] = [:]
            for index in chosen.values { fields[text.occurrences[index].key] = text.occurrences[index].field(buf).resolved(today: today) }
            // The line keeps the spelling it already uses.
            let style = chosen.values.min().map { text.occurrences[$0].style } ?? defaultStyle

            for (key, value) in change.fields {
                fields[key] = value.map { Field(key: key, value: $0, style: style) }
            }
            if change.stampDates && status.isCompleted != oldStatus.isCompleted {
                if status.isCompleted {
                    if fields[.done] == nil && fields[.cancelled] == nil {
                        let key: FieldKey = status == .cancelled ? .cancelled : .done
                        fields[key] = Field(key: key, value: .day(today), style: style)
                    }
                } else {
                    fields[.done] = nil
                    fields[.cancelled] = nil
                }
            }
            if !status.isCompleted {
                // Like the formatter: an open task carries no end date, duplicates included.
                for (index, o) in text.occurrences.enumerated() where o.key == .done || o.key == .cancelled {
                    removed.insert(index)
                }
                fields[.done] = nil
                fields[.cancelled] = nil
            }

            let mark: [UInt8] = status == .done && oldStatus == .done
                ? [UInt8(ascii: "x")]
                : Array(String(status.mark).utf8)
            let lineStart = doc.lines.starts[t.line]
            if change.title == nil && change.fields.isEmpty && text.coreStart == text.coreEnd && text.blockID == nil && text.hardBreak == nil {
                // An empty task gets its new mark only, as the formatter leaves it: there is nothing to
                // date, and text after its checkbox could join the next line to its paragraph.
                return Array(doc.bytes[lineStart...t.checkbox]) + mark + Array(doc.bytes[(t.checkboxEnd - 1)..<doc.lines.contentEnd(t.line)])
            }
            let title: [UInt8]
            var joined = false
            if let newTitle = change.title {
                title = Array(newTitle.utf8).filter { !$0.isLineBreak }
            } else {
                var written = ByteWriter(capacity: text.coreEnd - text.coreStart)
                joined = text.appendTitle(buf, into: &written, removing: .indices(removed.sorted()))
                title = written.bytes
            }
            let prefix = Array(doc.bytes[lineStart..<t.checkbox])
            let sorted = fields.values.sorted { $0.key < $1.key }
            let canonical = TaskTail.bytes(
                mark: mark, title: title, fields: sorted, style: style,
                blockID: text.blockID.map { Array(doc.bytes[$0]) },
                hardBreak: text.hardBreak.map { Array(doc.bytes[$0]) },
                paragraphContinues: t.paragraphContinues, protectsBackslash: text.protectsBackslash,
                spaceWhenEmpty: change.title != nil)
            guard joined, !reads(canonical, checkbox: mark.count + 2, as: text, buf, fields: sorted, today: today, t) else {
                return prefix + canonical
            }
            // The text as written: fields that changed or went, where they stand; new ones after it.
            var edits: [Int: Field?] = [:]
            for index in removed {
                let key = text.occurrences[index].key
                if chosen[key] != index || fields[key] == nil {
                    edits[index] = .some(nil)
                } else if let field = fields[key], field != text.occurrences[index].field(buf).resolved(today: today) {
                    edits[index] = field
                }
            }
            var kept = ByteWriter(capacity: text.coreEnd - text.coreStart + 64)
            text.appendInPlace(buf, edits: edits, appended: sorted.filter { chosen[$0.key] == nil }, into: &kept)
            let inPlace = TaskTail.bytes(
                mark: mark, title: kept.bytes,
                fields: [], style: style, blockID: nil,
                hardBreak: text.hardBreak.map { Array(doc.bytes[$0]) },
                paragraphContinues: t.paragraphContinues, protectsBackslash: text.protectsBackslash)
            guard reads(inPlace, checkbox: mark.count + 2, as: text, buf, fields: sorted, today: today, t) else {
                throw .storage(path: nil, .document(.verificationFailed("the task on line \(t.line + 1) would not keep its title")))
            }
            return prefix + inPlace
        }
    }

    /// Whether the task tail `tail` (its text starting at `checkbox`) reads as a task with the title
    /// without fields of `original` (read from `buf`) and exactly `fields`.
    private static func reads(_ tail: [UInt8], checkbox: Int, as original: TaskText, _ buf: UnsafeBufferPointer<UInt8>,
                              fields: [Field], today: Day, _ t: BlockStructure.Task) -> Bool {
        tail.withUnsafeBufferPointer { line in
            var reread = TaskText()
            reread.read(line, start: checkbox, end: line.count, paragraphContinues: t.paragraphContinues)
            return reread.hasTitleWithoutFields(of: original, buf, line) && reread.hasFields(fields, line, today: today)
        }
    }
}
