import TodoKit

extension LanguageServer {
    /// A field value being typed: which kind, the byte offset where it starts, and whether the
    /// field is a Dataview one (`[due:: `) whose `]` is still to be typed.
    private enum FieldValue {
        case date(from: Int, closes: Bool)
        case priority(from: Int, closes: Bool)
    }

    /// The date keys in their three spellings, up to where the value starts.
    static let dateFieldPrefixes: [String] = {
        let keys: [(plain: String, emoji: String, dataview: String)] = [
            ("created", "➕", "created"), ("start", "🛫", "start"), ("scheduled", "⏳", "scheduled"),
            ("due", "📅", "due"), ("cancelled", "❌", "cancelled"), ("done", "✅", "completion"),
        ]
        return keys.flatMap { ["\($0.plain):", "\($0.emoji) ", "[\($0.dataview):: "] }
    }()

    /// Field keys offered after a space in a task line: (label, text inserted, what it is).
    static let fieldKeys: [(label: String, insert: String, detail: String)] = [
        ("due:", "due:", "due date"), ("scheduled:", "scheduled:", "scheduled date"),
        ("start:", "start:", "start date"), ("created:", "created:", "creation date"),
        ("priority:", "priority:", "priority"),
        ("📅 due", "📅 ", "due date (emoji)"), ("⏳ scheduled", "⏳ ", "scheduled date (emoji)"),
        ("🛫 start", "🛫 ", "start date (emoji)"), ("➕ created", "➕ ", "creation date (emoji)"),
        ("🔺 highest", "🔺", "highest priority (emoji)"), ("⏫ high", "⏫", "high priority (emoji)"),
        ("🔼 medium", "🔼", "medium priority (emoji)"), ("🔽 low", "🔽", "low priority (emoji)"),
        ("⏬ lowest", "⏬", "lowest priority (emoji)"),
        ("[due:: ]", "[due:: ", "due date (Dataview)"), ("[scheduled:: ]", "[scheduled:: ", "scheduled date (Dataview)"),
        ("[start:: ]", "[start:: ", "start date (Dataview)"), ("[priority:: ]", "[priority:: ", "priority (Dataview)"),
    ]

    /// `textDocument/completion`, on task lines: dates after a date field's key, the five
    /// priorities after `priority:` (a Dataview field's `]` inserted with the value when the
    /// line does not have it yet), field keys after a space, and the document's `#tags` (not at a
    /// line's start, where `#` begins a heading).
    func completion(_ params: JSONValue) throws -> JSONValue {
        var document = try document(params)
        guard let requested = Self.position(params["position"]) else { throw ResponseError(.invalidParams, "missing position") }
        guard (0..<document.lineCount).contains(requested.line) else { return .arr([]) }
        let cursor = document.offset(of: requested, encoding: encoding)
        // The cursor where the document has it: a position past the line's end is its end, so that
        // no edit reaches beyond the line.
        let position = document.position(of: cursor, encoding: encoding)
        let lineStart = document.contentRange(ofLine: position.line).lowerBound
        let before = String(decoding: document.bytes[lineStart..<cursor], as: UTF8.self)
        // The word being typed: back to a space (a date or priority being typed, or a key, or a tag).
        let word = String(before.reversed().prefix { $0 != " " && $0 != "\t" }.reversed())
        let head = String(before.dropLast(word.count))
        let wordStart = document.position(of: cursor - word.utf8.count, encoding: encoding)
        let range = Self.json(wordStart, position)

        var items: [JSONValue] = []
        guard isTaskLine(position.line, in: &document) else {
            keep(document)
            return .obj(["isIncomplete": .bool(false), "items": .arr(items)])
        }
        // A Dataview field's value is followed by its `]`: inserted with the value unless it is there.
        let lineEnd = document.contentRange(ofLine: position.line).upperBound
        let closed = cursor < lineEnd && document.bytes[cursor] == UInt8(ascii: "]")
        // A date key right before the cursor (`due:`, `📅 `, `[due:: `), perhaps with part of a value typed.
        let value: FieldValue? = {
            let wordOffset = cursor - word.utf8.count
            for prefix in Self.dateFieldPrefixes {
                if prefix.hasSuffix(" ") ? head.hasSuffix(prefix) : word.hasPrefix(prefix) {
                    return .date(from: prefix.hasSuffix(" ") ? wordOffset : wordOffset + prefix.utf8.count,
                                 closes: prefix.hasPrefix("[") && !closed)
                }
            }
            if word.hasPrefix("priority:") { return .priority(from: wordOffset + "priority:".utf8.count, closes: false) }
            if head.hasSuffix("[priority:: ") { return .priority(from: wordOffset, closes: !closed) }
            return nil
        }()
        if case .date(let start, let closes) = value {
            items = dateItems(replacing: Self.json(document.position(of: start, encoding: encoding), position), closing: closes)
        } else if case .priority(let start, let closes) = value {
            let replace = Self.json(document.position(of: start, encoding: encoding), position)
            items = Priority.allCases.enumerated().map { index, level in
                .obj(["label": .str(level.rawValue), "kind": .int(20), "sortText": .str(sortKey(index)),
                      "textEdit": .obj(["range": replace, "newText": .str(level.rawValue + (closes ? "]" : ""))])])
            }
        } else if word.hasPrefix("#") {
            if !head.allSatisfy({ $0 == " " || $0 == "\t" }) { items = tagItems(in: &document, typed: word, replacing: range) }
        } else if !head.isEmpty, word.allSatisfy({ $0.isLetter }),
                  !(word.isEmpty && params["context"]?["triggerCharacter"]?.stringValue == " ") {
            // Field keys once a key is begun, or when asked (not at every space typed in a title:
            // the space trigger is there for a date after `📅 `).
            items = Self.fieldKeys.enumerated().map { index, key in
                .obj(["label": .str(key.label), "kind": .int(14), "detail": .str(key.detail),
                      "sortText": .str(sortKey(index)), "filterText": .str(key.insert),
                      "textEdit": .obj(["range": range, "newText": .str(key.insert)])])
            }
        }
        keep(document)
        return .obj(["isIncomplete": .bool(false), "items": .arr(items)])
    }

    /// Today, tomorrow, the next seven days by weekday name, next week and next month, each
    /// inserting `YYYY-MM-DD` (and a Dataview field's `]` when `closing`).
    private func dateItems(replacing range: JSONValue, closing: Bool) -> [JSONValue] {
        let today = self.today
        var choices: [(String, Day?)] = [("today", today), ("tomorrow", today.adding(days: 1))]
        for offset in 1...7 {
            if let day = today.adding(days: offset) { choices.append((day.weekday.name, day)) }
        }
        choices.append(("next week", today.adding(weeks: 1)))
        choices.append(("next month", today.adding(months: 1)))
        return choices.enumerated().compactMap { index, choice in
            guard let day = choice.1 else { return nil }
            let date = day.description
            return .obj([
                "label": .str(choice.0),
                "kind": .int(12),
                "detail": .str("\(date) (\(day.weekday.name), \(DayDistance.describe(day, today: today)))"),
                "sortText": .str(sortKey(index)),
                "filterText": .str("\(choice.0) \(date)"),
                "textEdit": .obj(["range": range, "newText": .str(closing ? date + "]" : date)]),
            ])
        }
    }

    /// The `#tags` of the document's tasks that start with what was typed.
    private func tagItems(in document: inout TextDocument, typed: String, replacing range: JSONValue) -> [JSONValue] {
        let configuration = (try? configuration(for: document).get()) ?? .default
        guard let list = document.todoList(statuses: configuration.statuses, globalFilter: configuration.globalFilter) else { return [] }
        let partial = typed.dropFirst().lowercased()
        var seen: Set<String> = []
        var items: [JSONValue] = []
        for tag in list.todos.flatMap(\.tags) where tag.lowercased() != partial && seen.insert(tag).inserted {
            guard partial.isEmpty || tag.lowercased().hasPrefix(partial) else { continue }
            items.append(.obj(["label": .str("#" + tag), "kind": .int(18),
                               "textEdit": .obj(["range": range, "newText": .str("#" + tag)])]))
        }
        return items
    }

    func isTaskLine(_ line: Int, in document: inout TextDocument) -> Bool {
        guard let parsed = document.document() else { return false }
        return task(onLine: line, in: parsed) != nil
    }

    /// The task on a 0-based line.
    func task(onLine line: Int, in document: TodoDocument) -> TaskLine? {
        tasks(on: line...line, in: document).first
    }

    /// The tasks on 0-based lines `lines` (read for these lines alone unless the document's tasks
    /// are made already).
    func tasks(on lines: ClosedRange<Int>, in document: TodoDocument) -> [TaskLine] {
        document.tasks(onLines: (lines.lowerBound + 1)...(lines.upperBound + 1))
    }

    /// The index of the first of `tasks` (in line order) on 0-based line `line` or after it.
    static func firstTask(_ tasks: [TaskLine], from line: Int) -> Int {
        BinarySearch.partitionPoint(in: tasks.indices) { tasks[$0].location.line - 1 < line }
    }
}

/// A number as a sort key of three digits at least (`007`), so that items sort in the order given.
func sortKey(_ number: Int) -> String {
    let digits = "\(number)"
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}
