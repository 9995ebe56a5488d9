import TodoKit

extension LanguageServer {
    /// A status change offered on task lines: its title and the status it sets.
    private struct StatusAction: Sendable {
        var title: String
        var status: TaskStatus
        /// Whether a task with this status is one the action changes.
        var applies: @Sendable (TaskStatus) -> Bool
    }

    private static let statusActions = [
        // By kind: a custom mark mapped to done (`[d]`) is done already.
        StatusAction(title: "Mark done", status: .done) { $0.kind != .done },
        StatusAction(title: "Mark cancelled", status: .cancelled) { $0.kind != .cancelled },
        StatusAction(title: "Reopen", status: .open) { $0.kind != .open },
        StatusAction(title: "Start", status: .inProgress) { $0.kind != .inProgress },
    ]

    /// What the quick fixes of the fixable rules are called (a rule without a title here gets
    /// "Fix" and its name).
    private static let fixTitles = [
        "TD000": "Format these lines",
        "TD002": "Remove the end date",
        "TD003": "Stamp the end date",
        "TD004": "Sink the completed tasks",
        "TD008": "Write the checkbox canonically",
    ]

    /// `textDocument/codeAction`: quick fixes for the fixable findings in the range, the model's
    /// status changes for the task lines in it, "Convert to task" for its list items without a
    /// checkbox, and `source.fixAll.todofmt`. Every action carries its edits.
    func codeActions(_ params: JSONValue, in document: inout TextDocument) throws -> JSONValue {
        guard let from = Self.position(params["range"]?["start"]), let to = Self.position(params["range"]?["end"]) else {
            throw ResponseError(.invalidParams, "missing range")
        }
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        func wanted(_ kind: String) -> Bool {
            guard let only, !only.isEmpty else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        // The lines the range touches, of those the document has (a client may send any number); a
        // range ending at the start of a line does not take it.
        let firstLine = max(from.line, 0)
        let lastLine = min(max(firstLine, to.character == 0 && to.line > from.line ? to.line - 1 : to.line), document.lineCount - 1)
        let lines = firstLine..<max(firstLine, lastLine + 1)

        var actions: [JSONValue] = []
        var formatted: [UInt8]?
        if wanted(CodeActionKind.quickFix) || wanted(CodeActionKind.fixAll) { formatted = format(&document, reporting: false) }
        if wanted(CodeActionKind.quickFix), let formatted {
            actions += quickFixes(lines, formatted: formatted, document: &document)
        }
        if wanted(CodeActionKind.rewrite) {
            actions += statusChanges(lines, document: &document)
            actions += conversions(lines, document: &document)
        }
        if wanted(CodeActionKind.fixAll), let formatted {
            let edits = edits(from: document, to: formatted)
            if !edits.isEmpty {
                actions.append(action("Fix all todofmt findings (format)", kind: CodeActionKind.fixAll, uri: document.uri, edits: edits))
            }
        }
        return .arr(actions)
    }

    /// One quick fix per fixable finding on `lines`, linked to its diagnostic. A fix of a sinking
    /// finding (`TD004`) or of `TD000` is the formatter's change of the region of lines that holds
    /// it; any other fix is the formatter's new text of the finding's line alone (formatting
    /// without sinking changes lines in place), so that fixing one line leaves the others as they
    /// are; when formatting without sinking adds or removes lines (a recurring task's next
    /// occurrence), it is the region too.
    private func quickFixes(_ lines: Range<Int>, formatted: [UInt8], document: inout TextDocument) -> [JSONValue] {
        let findings = self.findings(in: &document).filter {
            LintRule.named($0.code)?.fixable == true && lines.contains($0.location.line - 1)
        }
        guard !findings.isEmpty else { return [] }
        let regions = ChangedLines(old: document.bytes, new: formatted)
        var inPlace: (changes: ChangedLines, new: [UInt8])?
        // Findings whose fixes are one edit under one title (two TD008 on one checkbox) share one
        // action, which lists them all.
        var fixes: [(title: String, edit: JSONValue, findings: [Finding])] = []
        func add(_ finding: Finding, _ edit: JSONValue) {
            let title = "\(Self.fixTitles[finding.code] ?? "Fix \(finding.rule)") (\(finding.code))"
            if let index = fixes.firstIndex(where: { $0.title == title && $0.edit == edit }) {
                fixes[index].findings.append(finding)
            } else {
                fixes.append((title, edit, [finding]))
            }
        }
        for finding in findings {
            let line = finding.location.line - 1
            if finding.code != "TD000" && finding.code != "TD004" {
                if inPlace == nil, let unsunk = format(&document, sink: false, reporting: false) {
                    inPlace = (ChangedLines(old: document.bytes, new: unsunk), unsunk)
                }
                if let (changes, new) = inPlace, changes.oldLineCount == changes.newLineCount {
                    guard changes.regions.contains(where: { $0.old.contains(line) }) else { continue }
                    add(finding, self.edit(changes, ChangedLines.Region(old: line..<(line + 1), new: line..<(line + 1)),
                                           document: document, new: new))
                    continue
                }
            }
            guard let region = regions.regions.first(where: {
                $0.old.contains(line) || ($0.old.isEmpty && $0.old.lowerBound == line + 1)
            }) else { continue }
            add(finding, edit(regions, region, document: document, new: formatted))
        }
        return fixes.map { fix in
            .obj([
                "title": .str(fix.title),
                "kind": .str(CodeActionKind.quickFix),
                "diagnostics": .arr(fix.findings.map { diagnostic($0, in: document) }),
                "isPreferred": .bool(true),
                "edit": workspaceEdit(document.uri, [fix.edit]),
            ])
        }
    }

    /// "Mark done", "Mark cancelled", "Reopen" and "Start" for the task lines among `lines`, each
    /// made by the model (``TodoList/settingStatus(_:ofTodosOnLines:today:fieldStyle:stampDates:sink:nextOccurrence:)``).
    private func statusChanges(_ lines: Range<Int>, document: inout TextDocument) -> [JSONValue] {
        guard case .success(let configuration) = configuration(for: document),
              let list = document.todoList(statuses: configuration.statuses, globalFilter: configuration.globalFilter) else { return [] }
        // The todos on the lines (0-based), with their statuses as the configuration reads them.
        let tasks = lines.compactMap { line in list.status(atLine: line + 1).map { (line: line, status: $0) } }
        guard !tasks.isEmpty else { return [] }
        var actions: [JSONValue] = []
        for kind in Self.statusActions {
            let changed = tasks.filter { kind.applies($0.status) }
            guard !changed.isEmpty else { continue }
            guard let result = try? list.settingStatus(
                kind.status, ofTodosOnLines: changed.map(\.line), today: today,
                fieldStyle: configuration.fieldStyle, stampDates: configuration.stampDates,
                sink: configuration.sinkCompleted, nextOccurrence: configuration.nextOccurrence) else { continue }
            let title = changed.count == 1 ? kind.title : "\(kind.title) (\(changed.count) tasks)"
            actions.append(action(title, kind: CodeActionKind.rewrite, uri: document.uri,
                                  edits: edits(from: document, to: result.utf8)))
        }
        return actions
    }

    /// "Convert to task" for the list items among `lines` that have no checkbox.
    private func conversions(_ lines: Range<Int>, document: inout TextDocument) -> [JSONValue] {
        guard let parsed = document.document() else { return [] }
        let items = DocumentOutline(parsed).items.filter { $0.task == nil && lines.contains($0.line) }
        guard !items.isEmpty else { return [] }
        let edits: [JSONValue] = items.map { item in
            let content = document.contentRange(ofLine: item.line)
            // `-` alone gets ` [ ]`; `- text` gets `[ ] ` before its text.
            let shift = document.columnShift(line: item.line)
            let empty = item.contentStart + shift >= content.count
            let column = (empty ? item.markerEnd : item.contentStart) + shift
            let at = document.position(line: item.line, utf8Column: column, encoding: encoding)
            return .obj(["range": Self.json(at, at), "newText": .str(empty ? " [ ]" : "[ ] ")])
        }
        let title = items.count == 1 ? "Convert to task" : "Convert to tasks (\(items.count) items)"
        return [action(title, kind: CodeActionKind.rewrite, uri: document.uri, edits: edits)]
    }

    private func action(_ title: String, kind: String, uri: String, edits: [JSONValue]) -> JSONValue {
        .obj(["title": .str(title), "kind": .str(kind), "edit": workspaceEdit(uri, edits)])
    }

    /// A workspace edit of one document.
    private func workspaceEdit(_ uri: String, _ edits: [JSONValue]) -> JSONValue {
        .obj(["changes": JSONValue(kind: .object([JSONMember(key: uri, value: .arr(edits))]))])
    }
}
