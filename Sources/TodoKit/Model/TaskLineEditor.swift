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
    static func edit(_ doc: ParsedDocument, task: Int, _ change: Change, today: Day, defaultStyle: FieldStyle) -> [UInt8] {
        doc.bytes.withUnsafeBufferPointer { buf in
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

            let title: [UInt8]
            if let newTitle = change.title {
                title = Array(newTitle.utf8).filter { !$0.isLineBreak }
            } else {
                title = Array(text.title(buf, removing: Array(removed)))
            }
            let mark: [UInt8] = status == .done && oldStatus == .done
                ? [UInt8(ascii: "x")]
                : Array(String(status.mark).utf8)
            let lineStart = doc.lines.starts[t.line]
            var out = Array(doc.bytes[lineStart..<t.checkbox])
            out += TaskTail.bytes(
                mark: mark, title: title, fields: fields.values.sorted { $0.key < $1.key }, style: style,
                blockID: text.blockID.map { Array(doc.bytes[$0]) },
                hardBreak: text.hardBreak.map { Array(doc.bytes[$0]) },
                paragraphContinues: t.paragraphContinues, protectsBackslash: text.protectsBackslash)
            return out
        }
    }
}
