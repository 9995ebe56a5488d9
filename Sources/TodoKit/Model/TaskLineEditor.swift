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

    /// A title as someone typed it for a task, read as the task's line would read it (docs/FORMAT.md
    /// section 2): the fields written in it are the task's, the last of each key counting (a
    /// relative date resolved from today), and so is a block id at its end.
    struct TypedTitle {
        /// The title without the fields that count and the block id; a run of line breaks is one space.
        var title: [UInt8]
        /// The fields written in the title, by key.
        var fields: [FieldKey: Field]
        /// The block id the title ends in (`^id`), if any.
        var blockID: [UInt8]?
        /// Each field as it was typed (`📅 friday`), for messages.
        private var typedFields: [FieldKey: String]

        /// Reads `typed` for a task; `today` resolves relative dates. (Whether the title still reads
        /// the same once written with its fields after it is ``isReadBack(from:checkbox:paragraphContinues:fields:today:)``'s check.)
        init(_ typed: String, today: Day) {
            var line = Array("[ ] ".utf8)
            for byte in typed.utf8 {
                if !byte.isLineBreak {
                    line.append(byte)
                } else if line.last != 0x20 {
                    line.append(0x20)
                }
            }
            var fields: [FieldKey: Field] = [:]
            var typedFields: [FieldKey: String] = [:]
            var title = ByteWriter()
            var blockID: [UInt8]?
            line.withUnsafeBufferPointer { buf in
                var text = TaskText()
                text.read(buf, start: 3, end: buf.count, paragraphContinues: false)
                let chosen = text.effectiveFields()
                for (key, index) in chosen {
                    let field = text.occurrences[index].field(buf)
                    fields[key] = field.resolved(today: today)
                    typedFields[key] = String(decoding: UnsafeBufferPointer(rebasing: buf[text.occurrences[index].range]), as: UTF8.self)
                }
                blockID = text.blockID.map { Array(buf[$0]) }
                text.appendTitle(buf, into: &title, removing: .indices(chosen.values.sorted()))
            }
            self.title = title.bytes
            self.fields = fields
            self.blockID = blockID
            self.typedFields = typedFields
        }

        /// Throws when the title has no text besides its fields, when it opens an Obsidian comment
        /// (an odd number of `%%` outside code spans: the comment would hide the task's line and
        /// the lines after it), when it holds a done or cancelled date and the task is not
        /// completed (the date would be dropped, as the formatter drops it), or a field that
        /// `given` sets to another value (one of the two would be lost).
        func check(completed: Bool, given: [FieldKey: Field.Value?]) throws(TodoStoreError) {
            // White space of any kind (a no-break space too) is no text.
            if title.allSatisfy(\.isSpaceOrTab) || String(decoding: title, as: UTF8.self).allSatisfy(\.isWhitespace) {
                throw .invalid("a todo needs a title: text besides its fields")
            }
            if title.withUnsafeBufferPointer({ ObsidianComment.markerCount($0, from: 0, to: $0.count) }) % 2 == 1 {
                throw .invalid("'%%' in the title would open an Obsidian comment that hides the todo and the lines after it; "
                    + "close it with another '%%', or write it in backticks to keep it as text")
            }
            if !completed, let key = [FieldKey.done, .cancelled].first(where: { fields[$0] != nil }) {
                throw .invalid("'\(typedFields[key] ?? "")' in the title: a task that is not completed has no "
                    + "\(key.rawValue) date; write it in backticks to keep it as text")
            }
            for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
                if let value = given[key], value != field.value {
                    throw .invalid("'\(typedFields[key] ?? "")' in the title, and another "
                        + "\(key.isDate ? key.rawValue + " date" : key.rawValue) given beside it")
                }
            }
        }

        /// Whether `tail` (a task line from its `[`, its text starting at `checkbox`: the mark's
        /// length plus two) reads back as a task with this title and exactly `fields`, the one check
        /// of every line written from a typed title.
        func isReadBack(from tail: [UInt8], checkbox: Int, paragraphContinues: Bool, fields: [Field], today: Day) -> Bool {
            tail.withUnsafeBufferPointer { line in
                var reread = TaskText()
                reread.read(line, start: checkbox, end: line.count, paragraphContinues: paragraphContinues)
                var written = ByteWriter()
                reread.appendTitle(line, into: &written, removing: .chosen(dropEndDates: false))
                return written.bytes == title && reread.hasFields(fields, line, today: today)
            }
        }
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
            // The stamping rules would drop the date at once, as the formatter drops it.
            if !status.isCompleted, let key = [FieldKey.done, .cancelled].first(where: { change.fields[$0].map { $0 != nil } ?? false }) {
                throw .invalid("a task that is not completed has no \(key.rawValue) date")
            }
            let text = doc.text(ofTask: task, buf)
            let chosen = text.effectiveFields()
            var removed = Set(chosen.values)
            var fields: [FieldKey: Field] = [:]
            for index in chosen.values { fields[text.occurrences[index].key] = text.occurrences[index].field(buf).resolved(today: today) }
            // The line keeps the spelling it already uses; one that mixes spellings is written in
            // the configured style, as the formatter writes it.
            let style = text.onlyStyle ?? defaultStyle

            // A new title's own fields come before the ones the change names.
            let typed = change.title.map { TypedTitle($0, today: today) }
            if let typed {
                try typed.check(completed: status.isCompleted, given: change.fields)
                for (key, field) in typed.fields { fields[key] = Field(key: key, value: field.value, style: style) }
            }
            for (key, value) in change.fields {
                fields[key] = value.map { Field(key: key, value: $0, style: style) }
            }
            if change.stampDates && status.isCompleted != oldStatus.isCompleted {
                if status.isCompleted {
                    if fields[.done] == nil && fields[.cancelled] == nil {
                        let key: FieldKey = status.kind == .cancelled ? .cancelled : .done
                        fields[key] = Field(key: key, value: .day(today), style: style)
                    }
                } else {
                    fields[.done] = nil
                    fields[.cancelled] = nil
                }
            } else if change.stampDates && status.isCompleted && status.kind != oldStatus.kind {
                // Done becomes cancelled, or the other way: the old end date goes, the new one is stamped.
                let (new, old): (FieldKey, FieldKey) = status.kind == .cancelled ? (.cancelled, .done) : (.done, .cancelled)
                if change.fields[old] == nil { fields[old] = nil }
                if fields[new] == nil { fields[new] = Field(key: new, value: .day(today), style: style) }
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
            if change.title == nil && change.fields.isEmpty
                && (text.coreStart == text.coreEnd && text.blockID == nil && text.hardBreak == nil || text.continuedSpan != nil) {
                // An empty task gets its new mark only, as the formatter leaves it: there is nothing to
                // date, and text after its checkbox could join the next line to its paragraph. So does
                // one whose line ends inside a code span or comment that the next lines close.
                return Array(doc.bytes[lineStart...t.checkbox]) + mark + Array(doc.bytes[(t.checkboxEnd - 1)..<doc.lines.contentEnd(t.line)])
            }
            if text.continuedSpan != nil {
                throw .invalid("the task on line \(t.line + 1) ends inside a code span or comment that a later line closes: edit it in the file")
            }
            let title: [UInt8]
            var joined = false
            if let typed {
                title = typed.title
            } else {
                var written = ByteWriter(capacity: text.coreEnd - text.coreStart)
                joined = text.appendTitle(buf, into: &written, removing: .indices(removed.sorted()))
                title = written.bytes
            }
            let prefix = Array(doc.bytes[lineStart..<t.checkbox])
            let sorted = fields.values.sorted { $0.key < $1.key }
            let canonical = TaskTail.bytes(
                mark: mark, title: title, fields: sorted, style: style,
                blockID: typed?.blockID ?? text.blockID.map { Array(doc.bytes[$0]) },
                hardBreak: text.hardBreak.map { Array(doc.bytes[$0]) },
                paragraphContinues: t.paragraphContinues, protectsBackslash: text.protectsBackslash,
                spaceWhenEmpty: change.title != nil)
            if let typed {
                guard typed.isReadBack(from: canonical, checkbox: mark.count + 2, paragraphContinues: t.paragraphContinues,
                                       fields: sorted, today: today) else {
                    throw .invalid("the title '\(change.title!)' would not read back as written")
                }
                return prefix + canonical
            }
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
