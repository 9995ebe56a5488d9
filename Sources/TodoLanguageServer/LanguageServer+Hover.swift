import TodoKit

extension LanguageServer {
    /// `textDocument/hover`: on a date, its weekday and distance from today ("Tuesday, in 8 days",
    /// or "3 days overdue" for the due date of an open task); on a checkbox, the task's status and
    /// dates; on a lint finding, its rule and why it exists.
    func hover(_ params: JSONValue) throws -> JSONValue {
        var document = try document(params)
        guard let position = Self.position(params["position"]) else { throw ResponseError(.invalidParams, "missing position") }
        guard (0..<document.lineCount).contains(position.line) else { return .null }
        let cursor = document.offset(of: position, encoding: encoding)
        let content = document.contentRange(ofLine: position.line)
        let column = cursor - content.lowerBound
        var parts: [String] = []
        var range: (Int, Int)?

        var task: TaskLine?
        if let parsed = document.document() { task = self.task(onLine: position.line, in: parsed) }
        // The configuration's custom marks say what a checkbox means (the parse knows the standard ones).
        let statuses = ((try? configuration(for: document).get()) ?? .default).statuses
        if let mark = task?.mark { task?.status = TaskStatus(mark: mark, statuses: statuses) }
        let checkbox = (task?.location.column ?? 0) - 1 + document.columnShift(line: position.line)
        if let task, column >= checkbox, column < checkbox + 3 {
            parts.append(describe(task))
            range = (checkbox, checkbox + 3)
        } else if let (start, day) = date(at: column, in: document, line: position.line) {
            var dueOfOpenTask = false
            if let task, !task.status.isCompleted, task.day(FieldKey.due) == day { dueOfOpenTask = true }
            parts.append(describe(day, dueOfOpenTask: dueOfOpenTask))
            range = (start, start + 10)
        }
        for finding in findings(in: &document) where finding.location.line - 1 == position.line {
            let (from, to) = self.range(of: finding, in: document)
            guard from.character <= position.character, position.character <= to.character,
                  let rule = LintRule.named(finding.code) else { continue }
            parts.append("**\(rule.code) \(rule.name)** (\(finding.severity.rawValue)): \(finding.message)\n\n\(rule.rationale)")
        }
        keep(document)
        guard !parts.isEmpty else { return .null }
        return .obj([
            "contents": .obj(["kind": .str("markdown"), "value": .str(parts.joined(separator: "\n\n---\n\n"))]),
            "range": range.map { Self.json(document.position(line: position.line, utf8Column: $0.0, encoding: encoding),
                                           document.position(line: position.line, utf8Column: $0.1, encoding: encoding)) },
        ])
    }

    /// The `YYYY-MM-DD` date under UTF-8 column `column` of a line, with the column it starts at.
    private func date(at column: Int, in document: TextDocument, line: Int) -> (Int, Day)? {
        let content = document.contentRange(ofLine: line)
        let bytes = document.bytes
        for start in max(0, column - 9)...column where start + 10 <= content.count {
            let at = content.lowerBound + start
            guard start == 0 || !bytes[at - 1].isASCIIDigit, start + 10 == content.count || !bytes[at + 10].isASCIIDigit,
                  let day = Day(String(decoding: bytes[at..<(at + 10)], as: UTF8.self)) else { continue }
            return (start, day)
        }
        return nil
    }


    /// "Tuesday, in 8 days"; "Friday, 3 days overdue" for an open task's past due date.
    func describe(_ day: Day, dueOfOpenTask: Bool) -> String {
        let today = self.today
        let late = day.days(until: today)
        if dueOfOpenTask && late > 0 {
            return "\(day.weekday.name), \(late == 1 ? "1 day" : "\(late) days") overdue"
        }
        return "\(day.weekday.name), \(DayDistance.describe(day, today: today))"
    }

    /// A task's status and its dates, one per line.
    private func describe(_ task: TaskLine) -> String {
        let names: [TaskStatus.Kind: String] = [.open: "Open", .inProgress: "In progress", .done: "Done", .cancelled: "Cancelled"]
        var status = names[task.status.kind]!
        if case .other(let mark) = task.status { status = "Open (unknown status '\(mark)')" }
        if case .custom(let mark, _) = task.status { status += " ('\(mark)', mapped in .todofmt.json)" }
        var lines = ["**\(status)**" + (task.priority.map { ", priority \($0.rawValue)" } ?? "")]
        for key in FieldKey.allCases where key.isDate {
            guard let day = task.day(key) else { continue }
            let due = key == .due && !task.status.isCompleted
            lines.append("- \(key.rawValue): \(day) (\(describe(day, dueOfOpenTask: due)))")
        }
        return lines.joined(separator: "\n")
    }
}
