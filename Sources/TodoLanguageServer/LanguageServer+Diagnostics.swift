import Dispatch
import TodoKit

extension LanguageServer {
    /// Publishes a document's diagnostics after the quiet period, unless it changed again meanwhile.
    func scheduleDiagnostics(_ uri: String, revision: TextDocument.Revision) {
        queue.asyncAfter(deadline: .now() + options.diagnosticsDelay) {
            guard self.documents[uri]?.revision == revision else { return }
            self.publishDiagnostics(uri)
        }
    }

    /// Lints a document with its configuration and publishes the findings.
    func publishDiagnostics(_ uri: String) {
        guard var document = documents[uri] else { return }
        let diagnostics = findings(in: &document).map { diagnostic($0, in: document) }
        keep(document)
        sendNotification("textDocument/publishDiagnostics", .obj([
            "uri": .str(uri), "version": .int(document.version), "diagnostics": .arr(diagnostics),
        ]))
    }

    /// The lint findings in a document, by the rules and severities of its configuration (the
    /// defaults when its configuration cannot be used). `TD000` runs only where it is configured.
    /// Kept in the document until it or the configuration changes.
    func findings(in document: inout TextDocument) -> [Finding] {
        // Looked up first: it notices a configuration file changed on disk.
        let configuration = (try? configuration(for: document).get()) ?? .default
        let generation = currentConfigurationGeneration
        if let cached = document.findings, cached.configuration == generation { return cached.findings }
        // Straight from the bytes: the linter's own parse is all it needs (a TodoDocument's task
        // values cost more than the linting).
        let findings = (try? configuration.linter(today: today).lint(utf8: document.bytes)) ?? []
        document.findings = (generation, findings)
        return findings
    }

    /// The range a finding covers: from its column to the end of the word there (a field, a
    /// checkbox, a directive's argument); the whole line for a finding at column 1 of `TD000`.
    func range(of finding: Finding, in document: TextDocument) -> (TextDocument.Position, TextDocument.Position) {
        let line = finding.location.line - 1
        guard line < document.lineCount else {
            let end = document.position(of: document.bytes.count, encoding: encoding)
            return (end, end)
        }
        let content = document.contentRange(ofLine: line)
        let startColumn = finding.location.column - 1 + document.columnShift(line: line)
        var end = content.lowerBound + startColumn
        if finding.code == "TD000" {
            end = content.upperBound
        } else {
            while end < content.upperBound, !document.bytes[end].isSpaceOrTab { end += 1 }
            if end == content.lowerBound + startColumn { end = content.upperBound }
        }
        return (document.position(line: line, utf8Column: startColumn, encoding: encoding),
                document.position(line: line, utf8Column: end - content.lowerBound, encoding: encoding))
    }

    /// A finding as an LSP diagnostic: code, severity, link to the rule's explanation, rule name.
    func diagnostic(_ finding: Finding, in document: TextDocument) -> JSONValue {
        let (from, to) = range(of: finding, in: document)
        let severity = switch finding.severity {
        case .error: 1
        case .warning: 2
        case .info: 3
        }
        return .obj([
            "range": Self.json(from, to),
            "severity": .int(severity),
            "code": .str(finding.code),
            // No link unless the page is given: one leading nowhere is worse than none.
            "codeDescription": options.rulesDocumentation.map { .obj(["href": .str("\($0)#\(finding.code.lowercased())")]) },
            "source": .str("todofmt"),
            "message": .str("\(finding.message) (\(finding.rule))"),
            "data": .obj(["rule": .str(finding.rule)]),
        ])
    }
}
